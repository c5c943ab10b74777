// Builds the application services from their collaborators (the composition of src/services).
import type { BrokerDirectory } from "../broker/directory.ts";
import { holderName } from "../domain/holders.ts";
import { parseDailyTime } from "../domain/schedule.ts";
import { RefusalWindow, type TradeLimits, TradeRateLimiter } from "../domain/trade-limits.ts";
import { BrokerRejection } from "../domain/trading/rejections.ts";
import type { Resolver } from "../security/ssrf.ts";
import type { Sessions } from "../sessions/sessions.ts";
import { AccountService, type SessionStatusSource } from "./accounts.ts";
import { AdminService } from "./admins.ts";
import { BillingService } from "./billing.ts";
import { CalendarService } from "./calendar.ts";
import type { ServiceDeps } from "./deps.ts";
import { dbRunningEas, EaInstanceService } from "./ea-instances.ts";
import { EaService } from "./eas.ts";
import { IdempotencyService } from "./idempotency.ts";
import { KeyService } from "./keys.ts";
import { OrderJournalService } from "./order-journal.ts";
import type { ServiceEvents } from "./service-events.ts";
import { SnapshotScheduler } from "./snapshot-scheduler.ts";
import { TradingService } from "./trading.ts";
import { type RunningEaSource, UsageService } from "./usage.ts";

/** The services every entry point has: the CLI's tools and the running service. */
export interface CoreServices {
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
  /** Trade limits shared by REST and EA trading: rate per account and EA, pending-order cap. */
  readonly tradeLimits: TradeLimits;
  /** The MQL5 economic calendar EAs read (loaded by superadmins). */
  readonly calendar: CalendarService;
}

/** The running service's services: the core ones over broker sessions, plus trading and EAs. */
export interface Services extends CoreServices {
  /** The client trading and market-data API. */
  readonly trading: TradingService;
  /** EA instances (the host pool is started separately: startEaPool). */
  readonly eaInstances: EaInstanceService;
  /** The order journal (REST and EA orders). */
  readonly journal: OrderJournalService;
}

interface CoreOptions {
  readonly directory: BrokerDirectory;
  /** DNS resolver of the SSRF guard (default: the system resolver). */
  readonly resolve?: Resolver;
  /** Running EAs per key; defaults to the ea_instances table. */
  readonly runningEas?: RunningEaSource;
}

/** A status source for tools that run without sessions (the CLI): every account disconnected. */
const noSessions: SessionStatusSource = { statusOf: () => "disconnected" };

/** The services of tools that run without broker sessions (the CLI). */
export function createToolServices(deps: ServiceDeps, opts: CoreOptions): CoreServices {
  return createCore(deps, opts, noSessions, processHolder(deps));
}

/** The running service's services over `sessions`; service events go out through `events`. */
export function createServices(
  deps: ServiceDeps,
  opts: CoreOptions & { readonly sessions: Sessions; readonly events: ServiceEvents },
): Services {
  const { sessions, events } = opts;
  // One holder name for this process's unfinished requests and order intents.
  const holder = processHolder(deps);
  const core = createCore(deps, opts, sessions, holder);
  const journal = new OrderJournalService(deps, sessions, events, holder);
  // Once an account's intents are reconciled, requests a dead process left on it are answered.
  journal.onReconciled((accountId) => {
    void core.idempotency
      .recoverOrphans(accountId)
      .catch((err: unknown) =>
        deps.logger.warn({ err: String(err), accountId }, "idempotency recovery failed"),
      );
  });
  const trading = new TradingService(
    core.accounts,
    sessions,
    (reason, retcode, message) => new BrokerRejection(reason, retcode, message),
    journal,
    core.tradeLimits,
  );
  const eaInstances = new EaInstanceService(deps, {
    sessions,
    accounts: core.accounts,
    eas: core.eas,
    calendar: core.calendar,
    journal,
    publisher: events,
    tradeLimits: core.tradeLimits,
    resolve: opts.resolve,
    refusals: new RefusalWindow(
      {
        maxRefusals: deps.config.eaMaxTradeRefusals,
        windowMs: deps.config.eaTradeRefusalWindowSeconds * 1000,
      },
      deps.clock,
    ),
  });
  // An EA's running instances stop before the EA is deleted.
  core.eas.beforeDelete((eaId) => eaInstances.stopAllOf(eaId));
  return { ...core, journal, trading, eaInstances };
}

function processHolder(deps: ServiceDeps): string {
  return holderName(deps.config.nodeId, Buffer.from(deps.randomBytes(6)).toString("hex"));
}

function createCore(
  deps: ServiceDeps,
  opts: CoreOptions,
  sessions: SessionStatusSource,
  holder: string,
): CoreServices {
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
  return {
    admins,
    keys,
    accounts,
    usage,
    billing,
    snapshotScheduler,
    idempotency: new IdempotencyService(deps, holder),
    eas: new EaService(deps),
    calendar: new CalendarService(deps),
    tradeLimits: createTradeLimits(deps),
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
