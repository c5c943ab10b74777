// Builds the application services from their collaborators (the composition of src/services).
import type { BrokerDirectory } from "../broker/directory.ts";
import { parseDailyTime } from "../domain/schedule.ts";
import { brokerRejectionToError } from "../domain/trading/rejections.ts";
import { AppError } from "../http/errors.ts";
import type { Resolver } from "../security/ssrf.ts";
import { SessionManager } from "../sessions/manager.ts";
import { AccountService, type SessionStatusSource } from "./accounts.ts";
import { AdminService } from "./admins.ts";
import { BillingService } from "./billing.ts";
import type { ServiceDeps } from "./deps.ts";
import { dbRunningEas, EaInstanceService } from "./ea-instances.ts";
import { EaService } from "./eas.ts";
import { IdempotencyService } from "./idempotency.ts";
import { KeyService } from "./keys.ts";
import { OrderJournalService } from "./order-journal.ts";
import { SnapshotScheduler } from "./snapshot-scheduler.ts";
import { TradingService } from "./trading.ts";
import { type RunningEaSource, UsageService } from "./usage.ts";

export interface Services {
  readonly admins: AdminService;
  readonly keys: KeyService;
  readonly accounts: AccountService;
  readonly usage: UsageService;
  readonly billing: BillingService;
  /** The daily snapshot job; not started here (src/server.ts starts and stops it). */
  readonly snapshotScheduler: SnapshotScheduler;
  /** Idempotency-Key journal of client writes. */
  readonly idempotency: IdempotencyService;
  /** Uploaded EAs (issue 6). */
  readonly eas: EaService;
  /** EA instances (issue 6); present when the services were built over a SessionManager. The
   * host pool is attached separately (startEaPool). */
  readonly eaInstances: EaInstanceService | undefined;
  /** The order journal (REST and EA orders); present when sessions run. */
  readonly journal: OrderJournalService | undefined;
}

/** A status source for tools that run without sessions (the CLI): every account disconnected. */
export const noSessions: SessionStatusSource = { statusOf: () => "disconnected" };

export function createServices(
  deps: ServiceDeps,
  opts: {
    directory: BrokerDirectory;
    sessions?: SessionStatusSource;
    /** DNS resolver of the SSRF guard (default: the system resolver). */
    resolve?: Resolver;
    /** Running EAs per key; defaults to the ea_instances table. */
    runningEas?: RunningEaSource;
  },
): Services {
  const sessions = opts.sessions ?? noSessions;
  const admins = new AdminService(deps);
  const keys = new KeyService(deps);
  const accounts = new AccountService(deps, sessions, opts.directory, opts.resolve);
  keys.onRevoke((keyId, removed) => {
    accounts.invalidateKey(keyId);
    accounts.dropSessions(removed);
  });
  const usage = new UsageService(deps, admins, sessions, opts.runningEas ?? dbRunningEas(deps));
  const billing = new BillingService(deps, admins, usage);
  const minutesUtc = parseDailyTime(deps.config.snapshotTimeUtc);
  if (minutesUtc === null) {
    throw new Error(`invalid snapshotTimeUtc "${deps.config.snapshotTimeUtc}"`);
  }
  const snapshotScheduler = new SnapshotScheduler(usage, {
    clock: deps.clock,
    logger: deps.logger,
    minutesUtc,
  });
  const idempotency = new IdempotencyService(deps);
  const eas = new EaService(deps);
  const journal =
    opts.sessions instanceof SessionManager
      ? new OrderJournalService(deps, opts.sessions)
      : undefined;
  const eaInstances =
    opts.sessions instanceof SessionManager
      ? new EaInstanceService(deps, { sessions: opts.sessions, accounts, eas, journal })
      : undefined;
  return {
    admins,
    keys,
    accounts,
    usage,
    billing,
    snapshotScheduler,
    idempotency,
    eas,
    eaInstances,
    journal,
  };
}

/** The trading API service over a session manager (broker rejections → 422 AppErrors). */
export function createTradingService(
  services: Pick<Services, "accounts" | "journal">,
  sessions: SessionManager,
  deps: ServiceDeps,
): TradingService {
  return new TradingService(
    services.accounts,
    sessions,
    (reason, retcode, message) => {
      const e = brokerRejectionToError(reason, retcode, message);
      return new AppError(e.code, e.message, e.details, undefined, e.status);
    },
    services.journal ?? new OrderJournalService(deps, sessions),
  );
}
