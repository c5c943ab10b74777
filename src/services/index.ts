// Builds the application services from their collaborators (the composition of src/services).
import type { BrokerDirectory } from "../broker/directory.ts";
import { holderName } from "../domain/holders.ts";
import { parseDailyTime } from "../domain/schedule.ts";
import { RefusalWindow, type TradeLimits, TradeRateLimiter } from "../domain/trade-limits.ts";
import { BrokerRejection } from "../domain/trading/rejections.ts";
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
  /** Uploaded EAs. */
  readonly eas: EaService;
  /** EA instances; present when the services were built over a SessionManager. The
   * host pool is attached separately (startEaPool). */
  readonly eaInstances: EaInstanceService | undefined;
  /** The order journal (REST and EA orders); present when sessions run. */
  readonly journal: OrderJournalService | undefined;
  /** Trade limits shared by REST and EA trading: rate per account and EA, pending-order cap. */
  readonly tradeLimits: TradeLimits;
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
  // One holder name for this process's unfinished requests and order intents.
  const holder = holderName(deps.config.nodeId, Buffer.from(deps.randomBytes(6)).toString("hex"));
  const idempotency = new IdempotencyService(deps, holder);
  const eas = new EaService(deps);
  const journal =
    opts.sessions instanceof SessionManager
      ? new OrderJournalService(deps, opts.sessions, holder)
      : undefined;
  // Once an account's intents are reconciled, requests a dead process left on it are answered.
  journal?.onReconciled((accountId) => {
    void idempotency
      .recoverOrphans(accountId)
      .catch((err: unknown) =>
        deps.logger.warn({ err: String(err), accountId }, "idempotency recovery failed"),
      );
  });
  const tradeLimits = createTradeLimits(deps);
  const eaInstances =
    opts.sessions instanceof SessionManager
      ? new EaInstanceService(deps, {
          sessions: opts.sessions,
          accounts,
          eas,
          journal,
          tradeLimits,
          refusals: new RefusalWindow(
            {
              maxRefusals: deps.config.eaMaxTradeRefusals,
              windowMs: deps.config.eaTradeRefusalWindowSeconds * 1000,
            },
            deps.clock,
          ),
        })
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
    tradeLimits,
  };
}

/** The configured trade limits (one limiter per process: REST and EA requests share it). */
export function createTradeLimits(deps: Pick<ServiceDeps, "config" | "clock">): TradeLimits {
  const c = deps.config;
  return {
    rate: new TradeRateLimiter(
      {
        account: { ratePerSec: c.tradeRatePerSecond, burst: c.tradeBurst },
        ea: { ratePerSec: c.eaTradeRatePerSecond, burst: c.eaTradeBurst },
      },
      deps.clock,
    ),
    maxPendingOrders: c.maxPendingOrders,
  };
}

/** The trading API service over a session manager (broker rejections → BrokerRejection). */
export function createTradingService(
  services: Pick<Services, "accounts" | "journal" | "tradeLimits">,
  sessions: SessionManager,
  deps: ServiceDeps,
): TradingService {
  return new TradingService(
    services.accounts,
    sessions,
    (reason, retcode, message) => new BrokerRejection(reason, retcode, message),
    services.journal ?? new OrderJournalService(deps, sessions),
    services.tradeLimits,
  );
}
