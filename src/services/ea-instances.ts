// EA instances on accounts (spec §2.9, ARCHITECTURE §5 "EAs, client side", §7): start (inputs
// validated against the EA's input_params, one running EA per account, init snapshot built from
// the account's session), stop (OnDeinit), status with a live tick_count, recent logs, resuming
// the instances that were running when the service stopped, and the TradeGateway the EA host pool
// calls for OrderSend/OrderSendAsync/OrderCheck/HistorySelect.
//
// This module is the service (instance lifecycle, the pool's listeners, logs and status
// publishing) and what the rest of the code imports; its parts live in ./ea-instances/:
//   types.ts          start request, options, publisher, EA_TIMEFRAMES
//   inputs.ts         start inputs checked against the EA's input_params
//   views.ts          the API's status view and log line
//   wire.ts           account, MqlRates and MqlTradeResult in the runtime's wire shapes
//   live.ts           the in-memory instance (mirror, forming bar, pending snapshot delta)
//   init.ts           the OnInit snapshot and history read from the account's session
//   events.ts         session events → EA events (tick, OnTradeTransaction, OnTrade)
//   series.ts         the other timeframes and symbols an EA reads: history, forming bars, quotes
//   trade-gateway.ts  EA trade calls → session methods, journal, trade limits
//   store.ts          the ea_instances / ea_logs SQL
//   storage-*.ts      MQL5 global variables and files kept between runs (LoadMeta.storage in,
//                     Outcome.storage deltas out, written per account in order)
//   chart.ts          the EA's chart (objects, properties, comment): mirror, API and ws views
//   calendar.ts       the economic calendar: LoadMeta.calendar at start, a new one with the next event
//   resume.ts         waiting for a session after a restart, failing what cannot resume
//
// Data flow: the session manager forwards the ticks of the EA's symbol (`sessions.watch`) and the
// account's trade/account events; each tick goes to `pool.dispatch` with a snapshot delta (tick,
// forming bar, and whatever positions/orders/account/deals changed since the last event); the pool
// coalesces ticks while a handler runs. The forming bar is the feed's LiveBarBuilder on the EA's
// timeframe, continuing the last history bar, with the spread of the bar's opening tick. Series
// the EA reads beyond its chart (other timeframes, other symbols: the runtime reports them in
// Outcome.seriesInUse) get their history loaded then and their forming bars and quotes kept
// current (series.ts).
//
// Tick values (SYMBOL_TRADE_TICK_VALUE/_PROFIT/_LOSS) are in the deposit currency and move with
// the conversion quotes, so the instance also watches the conversion legs of every profit
// currency (services/tick-values.ts: for a USD account USDJPY, USDCHF, GBPUSD, USDCAD, AUDUSD,
// EURUSD); a leg's tick only queues the new tick values of the symbols it converts (a `symbols`
// delta, delivered with the next event), so the runtime reads current values without knowing
// the conversion rules, which stay the engine's (`tickValuesIn`). Trade events also run OnTradeTransaction / OnTrade when
// the program defines them. Trade calls go through the same SessionManager methods as REST orders
// (expertId = the request's magic, placedType ByExpert) and answer with an MqlTradeResult and a
// fresh snapshot. A sandbox violation (pool onInstanceError) ends the instance with status
// `error` and the pool's describeFailure text as `last_error`. Trade requests count against the
// EA's and the account's trade rate (refused: retcode 10024, never sent) and orders against the
// account's cap on pending orders (10033); an EA that keeps being refused is stopped likewise.
//
// Instance rows are operational state (status, tick_count, times, last_error); the money state is
// the broker's. Log lines are batched into ea_logs (bounded per instance).
//
// Chart and alerts: each outcome's `chart` (the runtime's chart changes; the first after start
// carries the whole chart) updates the instance's ChartMirror, is published as a `chart` message
// on the `ea` channel and persisted on the row with the periodic flush and at status changes;
// a resumed instance starts on the stored chart (LoadMeta.chart). Each outcome's `alerts`
// (Alert, SendNotification, SendMail; their log lines are logged as ever) become `alert`
// messages on the `ea` channel.
import {
  EA_INITIAL_STATE,
  type EaInstanceStatus,
  type EaLifecycleEvent,
  eaTransition,
  eaVisibleStatus,
  isEaActive,
} from "../domain/ea-lifecycle.ts";
import { AppError } from "../domain/errors.ts";
import { type RefusalKind, refusalTripMessage } from "../domain/trade-limits.ts";
import {
  createEaHostPool,
  type EaHostPool,
  type EaHostPoolOptions,
  type InstanceInfo,
  type TradeAnswer,
  type TradeCall,
  type TradeGateway,
  type WebRequestGateway,
} from "../ea/host-pool.ts";
import { REASON_CLOSE } from "../ea/pool/reasons.ts";
import {
  type Completion,
  DEFAULT_LIMITS,
  type Outcome,
  type SandboxLimits,
} from "../ea/protocol.ts";
import { describeFailure } from "../ea/sandbox-types.ts";
import { serverSecondsToUtcMs } from "../ea/trade-translation.ts";
import type { WebRequestAnswer, WebRequestCall } from "../ea/web-request-wire.ts";
import type { SessionEvent } from "../sessions/contract.ts";
import type { EaInstanceRow, EaRow } from "../storage/schema/index.ts";
import type { ServiceDeps } from "./deps.ts";
import { calendarMeta, queueCalendar } from "./ea-instances/calendar.ts";
import { alertData, chartDeltaData, chartView, type EaChartView } from "./ea-instances/chart.ts";
import { type EaEvent, takePending, translateSessionEvent } from "./ea-instances/events.ts";
import { type PreparedInit, prepareInit } from "./ea-instances/init.ts";
import { validateInputs } from "./ea-instances/inputs.ts";
import {
  createLive,
  errorText,
  type Json,
  type Live,
  toTimeframe,
  watchedSymbols,
} from "./ea-instances/live.ts";
import { failResume, waitForSession } from "./ea-instances/resume.ts";
import { newSeries, type SeriesRequest, seriesLoaded } from "./ea-instances/series.ts";
import { EaStorageWriter } from "./ea-instances/storage-writer.ts";
import { EaInstanceStore } from "./ea-instances/store.ts";
import { EaTradeGateway } from "./ea-instances/trade-gateway.ts";
import {
  type EaInstanceOptions,
  type EaPlacement,
  type EaStartRequest,
  type EaTimeframe,
  limitOrdersOf,
} from "./ea-instances/types.ts";
import { type EaLogLine, type EaStatusView, liveView, rowView } from "./ea-instances/views.ts";
import { EaWebRequests } from "./ea-instances/web-request.ts";
import type { KeyPrincipal } from "./keys.ts";

export type { EaChartView } from "./ea-instances/chart.ts";
export { type InputValue, validateInputs } from "./ea-instances/inputs.ts";
export { dbRunningEas } from "./ea-instances/store.ts";
export {
  EA_TIMEFRAMES,
  type EaEventPublisher,
  type EaInstanceOptions,
  type EaPlacement,
  type EaStartRequest,
  type EaTimeframe,
} from "./ea-instances/types.ts";
export type { EaLogLine, EaStatusView } from "./ea-instances/views.ts";

/** readAtOwner's answer when this node answers the read itself. */
const NOT_FORWARDED: unique symbol = Symbol("not forwarded");

export class EaInstanceService implements TradeGateway, WebRequestGateway {
  private pool: EaHostPool | null = null;
  private limits: SandboxLimits = DEFAULT_LIMITS;
  private readonly live = new Map<string, Live>();
  /** accountId → the instance occupying it (starting/running), or a reservation while starting. */
  private readonly byAccount = new Map<string, string>();
  /** accountId → the latest instance run since the service started (logs and status). */
  private readonly lastOf = new Map<string, string>();
  private readonly store: EaInstanceStore;
  /** MQL5 global variables and files kept between runs (ea-instances/storage-writer.ts). */
  private readonly storage: EaStorageWriter;
  private readonly gateway: EaTradeGateway;
  /** MQL5 WebRequest (ea-instances/web-request.ts). */
  private readonly web: EaWebRequests;
  private flushTimer: ReturnType<typeof setInterval> | null = null;
  private closing = false;
  /** Cluster mode: where each account's instance runs (its session's node); null on one node. */
  private placement: EaPlacement | null = null;
  private readonly initBars: number;
  private readonly logLines: number;

  constructor(
    private readonly deps: ServiceDeps,
    private readonly opts: EaInstanceOptions,
  ) {
    this.initBars = opts.initBars ?? 10_000;
    this.logLines = opts.logLines ?? 1000;
    this.store = new EaInstanceStore(deps, this.logLines);
    this.storage = new EaStorageWriter(deps, { quotaBytes: deps.config.eaFileQuotaBytes });
    this.gateway = new EaTradeGateway(opts, {
      live: (instanceId) => this.live.get(instanceId),
      refused: (live, kind) => this.noteRefusal(live, kind),
    });
    this.web = new EaWebRequests({
      config: deps.config.eaWebRequest,
      logger: deps.logger,
      ...(opts.resolve ? { resolve: opts.resolve } : {}),
    });
    opts.sessions.onEvent((accountId, event) => this.onSessionEvent(accountId, event));
    // A calendar a superadmin loads goes to running EAs with their next event.
    opts.calendar?.onChange((calendar) => queueCalendar(this.live.values(), calendar));
  }

  /** Connects the host pool (created with this service as its gateway). */
  attach(pool: EaHostPool, limits: Partial<SandboxLimits> = {}): void {
    this.pool = pool;
    this.limits = { ...DEFAULT_LIMITS, ...limits };
    pool.onInstanceError((info) => this.onPoolError(info));
    pool.onEvent((instanceId, eventType, completion) =>
      this.onPoolEvent(instanceId, eventType, completion),
    );
    this.flushTimer ??= setInterval(() => void this.flush(), this.opts.flushMs ?? 5000);
    if (typeof this.flushTimer === "object" && "unref" in this.flushTimer) {
      this.flushTimer.unref();
    }
  }

  /** The pending snapshot delta of an instance (attached to timer events by the pool). */
  takeSnapshot(instanceId: string): Json | undefined {
    const l = this.live.get(instanceId);
    return l ? takePending(l) : undefined;
  }

  /** Sandbox CPU time of the handlers (OnInit included) run here since start, ms (/metrics). */
  private cpuMs = 0;

  /** The instances this node holds (the latest per account) by status, for /metrics. */
  countByStatus(): Record<EaInstanceStatus, number> {
    const counts: Record<EaInstanceStatus, number> = {
      starting: 0,
      running: 0,
      stopped: 0,
      error: 0,
    };
    for (const live of this.live.values()) {
      counts[eaVisibleStatus(live.status)] += 1;
    }
    return counts;
  }

  /** Sandbox CPU time of the EA handlers run on this node since it started, seconds (/metrics). */
  cpuSeconds(): number {
    return this.cpuMs / 1000;
  }

  // ───────────────────────────── API ─────────────────────────────

  async start(
    principal: KeyPrincipal,
    accountId: string,
    req: EaStartRequest,
  ): Promise<EaStatusView> {
    const account = await this.opts.accounts.load(principal, accountId);
    if (this.placement && !this.placement.runsHere(account.id)) {
      return this.placement.start(principal, account.id, req);
    }
    const ea = await this.opts.eas.loadRunnable(principal, req.ea_id);
    const inputs = validateInputs(ea.inputParams, req.inputs);
    if (this.byAccount.has(account.id)) {
      throw new AppError(
        "EA_ALREADY_RUNNING",
        "An EA is already running on this account; stop it first",
      );
    }
    const pool = this.requirePool();
    const status = this.opts.sessions.statusOf(account.id);
    if (status !== "connected") {
      throw new AppError(
        "SESSION_NOT_CONNECTED",
        `The account is not connected to its broker (session ${status})`,
        { session_status: status },
      );
    }
    const reservation = `reserved:${crypto.randomUUID()}`;
    this.byAccount.set(account.id, reservation);
    let live: Live;
    let init: Json;
    try {
      const prepared = await this.prepare(account.id, ea, req.symbol, req.timeframe);
      init = prepared.init;
      const row = await this.store.insert({
        accountId: account.id,
        eaId: ea.id,
        symbol: req.symbol,
        timeframe: req.timeframe,
        inputs,
        status: eaVisibleStatus(EA_INITIAL_STATE),
      });
      live = this.newLive(row, ea, prepared);
    } catch (err) {
      this.byAccount.delete(account.id);
      throw err;
    }
    this.byAccount.set(account.id, live.id);
    await this.launch(pool, live, ea, init);
    return liveView(live);
  }

  async stop(principal: KeyPrincipal, accountId: string): Promise<EaStatusView> {
    const account = await this.opts.accounts.load(principal, accountId);
    if (this.placement && !this.placement.runsHere(account.id)) {
      return this.placement.stop(principal, account.id);
    }
    const id = this.byAccount.get(account.id);
    const live = id ? this.live.get(id) : undefined;
    if (!live) {
      throw new AppError("EA_NOT_FOUND", "No EA is running on this account");
    }
    await this.stopLive(live);
    return liveView(live);
  }

  /** The running or last instance of the account, or null if none ever ran. */
  async status(principal: KeyPrincipal, accountId: string): Promise<EaStatusView | null> {
    const account = await this.opts.accounts.load(principal, accountId);
    const remote = await this.readAtOwner(account.id, (p) => p.status(principal, account.id));
    if (remote !== NOT_FORWARDED) {
      return remote;
    }
    const id = this.byAccount.get(account.id) ?? this.lastOf.get(account.id);
    const live = id ? this.live.get(id) : undefined;
    if (live) {
      return liveView(live);
    }
    const row = await this.store.latest(account.id);
    return row ? rowView(row) : null;
  }

  /** Recent log lines of the running or last instance (newest last). */
  async logs(principal: KeyPrincipal, accountId: string, limit = 100): Promise<EaLogLine[]> {
    const account = await this.opts.accounts.load(principal, accountId);
    const remote = await this.readAtOwner(account.id, (p) => p.logs(principal, account.id, limit));
    if (remote !== NOT_FORWARDED) {
      return remote;
    }
    await this.store.flushLogs();
    // After a restart: the account's latest instance.
    const id =
      this.byAccount.get(account.id) ??
      this.lastOf.get(account.id) ??
      (await this.store.latestId(account.id));
    if (!id) {
      return [];
    }
    return this.store.logs(id, limit);
  }

  /**
   * The chart (objects, properties, comment) of the running or last instance; null if no EA
   * ever ran on the account or the last one never reported a chart.
   */
  async chart(principal: KeyPrincipal, accountId: string): Promise<EaChartView | null> {
    const account = await this.opts.accounts.load(principal, accountId);
    const remote = await this.readAtOwner(account.id, (p) => p.chart(principal, account.id));
    if (remote !== NOT_FORWARDED) {
      return remote;
    }
    const id = this.byAccount.get(account.id) ?? this.lastOf.get(account.id);
    const live = id ? this.live.get(id) : undefined;
    if (live) {
      return live.chart.known ? chartView(live.id, live.chart.state()) : null;
    }
    const row = await this.store.latest(account.id);
    return row?.chart ? chartView(row.id, row.chart) : null;
  }

  /** Stops every running instance of an EA (before the EA is deleted). */
  async stopAllOf(eaId: string): Promise<void> {
    const running = [...this.live.values()].filter((l) => l.eaId === eaId && isEaActive(l.status));
    await Promise.all(running.map((l) => this.stopLive(l)));
  }

  /** Cluster mode: requests for accounts served elsewhere go to their node. */
  placeOn(placement: EaPlacement): void {
    this.placement = placement;
  }

  /**
   * Cluster mode: a read of an account served by another node, answered by that node (it holds
   * the live instance). NOT_FORWARDED when the account is served here, or when it has no
   * reachable owner (a failover in progress): then the database answers, as after a restart.
   */
  private async readAtOwner<T>(
    accountId: string,
    read: (placement: EaPlacement) => Promise<T>,
  ): Promise<T | typeof NOT_FORWARDED> {
    const placement = this.placement;
    if (!placement || placement.runsHere(accountId)) {
      return NOT_FORWARDED;
    }
    try {
      return await read(placement);
    } catch (err) {
      if (
        err instanceof AppError &&
        (err.code === "SESSION_NOT_CONNECTED" || err.code === "BROKER_UNAVAILABLE")
      ) {
        return NOT_FORWARDED;
      }
      throw err;
    }
  }

  /**
   * Cluster mode: the account's session came to this node (a failover or a rebalance); the
   * instance that was running on it resumes here, once.
   */
  async resumeAccount(accountId: string): Promise<number> {
    const pool = this.pool;
    if (!pool || this.closing || this.byAccount.has(accountId)) {
      return 0;
    }
    const rows = (await this.store.active()).filter((r) => r.accountId === accountId);
    for (const row of rows) {
      void this.resumeOne(pool, row).catch((err: unknown) => {
        this.deps.logger.error({ instanceId: row.id, err: errorText(err) }, "EA resume failed");
      });
    }
    return rows.length;
  }

  /**
   * Cluster mode: the account's session left this node. Its instance stops here (OnDeinit with
   * REASON_CLOSE, as at a shutdown) and keeps its status, so the account's next node resumes it.
   */
  async releaseAccount(accountId: string): Promise<void> {
    const id = this.byAccount.get(accountId);
    const live = id ? this.live.get(id) : undefined;
    if (!live || !isEaActive(live.status)) {
      return;
    }
    this.byAccount.delete(accountId);
    this.live.delete(live.id);
    this.lastOf.delete(accountId);
    this.opts.sessions.unwatch(live.accountId, watchedSymbols(live), `ea:${live.id}`);
    await this.persist(live).catch((err: unknown) =>
      this.deps.logger.warn({ instanceId: live.id, err: errorText(err) }, "EA flush failed"),
    );
    await this.pool?.stop(live.id, REASON_CLOSE).catch(() => undefined);
    this.storage.forget(live.id);
    this.addLog(live, "info", "moved with its account's session to another node");
  }

  /**
   * Starts again the instances that were running when the service stopped. Each waits (bounded)
   * for its account's session; one that cannot come back ends with status `error`.
   */
  async resume(): Promise<number> {
    const pool = this.pool;
    if (!pool) {
      return 0;
    }
    const rows = await this.store.active();
    for (const row of rows) {
      void this.resumeOne(pool, row).catch((err: unknown) => {
        this.deps.logger.error({ instanceId: row.id, err: errorText(err) }, "EA resume failed");
      });
    }
    return rows.length;
  }

  /** Persists tick counts and stops listening; statuses stay so that running instances resume. */
  async close(): Promise<void> {
    this.closing = true;
    if (this.flushTimer) {
      clearInterval(this.flushTimer);
      this.flushTimer = null;
    }
    await this.flush();
    await this.storage.close();
  }

  // ───────────────────────────── TradeGateway ─────────────────────────────

  /** An EA's trade call (ea-instances/trade-gateway.ts). */
  call(call: TradeCall): Promise<TradeAnswer> {
    return this.gateway.call(call);
  }

  /** An EA's WebRequest (ea-instances/web-request.ts); refused for an instance not running. */
  webRequest(call: WebRequestCall): Promise<WebRequestAnswer> {
    const live = this.live.get(call.instanceId);
    if (!live || !isEaActive(live.status)) {
      return Promise.resolve({ code: 4014, message: "the EA instance is not running" });
    }
    return this.web.request(call);
  }

  // ───────────────────────────── internals ─────────────────────────────

  /** ACCOUNT_LIMIT_ORDERS: the cap on an account's pending orders (0 = none). */
  private get limitOrders(): number {
    return limitOrdersOf(this.opts);
  }

  /**
   * Counts a refused trade request (10024 or 10033) of the instance; past the allowance the
   * instance is stopped with status `error` and the reason as `last_error`.
   */
  private noteRefusal(live: Live, kind: RefusalKind): void {
    const trip = this.opts.refusals?.record(live.id, kind);
    if (!trip || !isEaActive(live.status) || this.closing) {
      return;
    }
    live.lastError = refusalTripMessage(trip);
    this.addLog(live, "error", live.lastError);
    // The handler that made the request is still waiting for its answer: the pool stops the
    // sandbox (OnDeinit) once that handler returns; its further requests are refused meanwhile.
    void this.transition(live, "crash").catch((err: unknown) => {
      this.deps.logger.error({ instanceId: live.id, err: errorText(err) }, "EA status not saved");
    });
    void this.pool?.stop(live.id);
  }

  private requirePool(): EaHostPool {
    if (!this.pool) {
      throw new AppError("BROKER_UNAVAILABLE", "The EA runtime is not running on this server");
    }
    return this.pool;
  }

  /** Reads what OnInit needs from the account's session. */
  private prepare(
    accountId: string,
    ea: EaRow,
    symbol: string,
    timeframe: EaTimeframe,
  ): Promise<PreparedInit> {
    return prepareInit(this.deps, this.opts.sessions, accountId, ea, symbol, timeframe, {
      initBars: this.initBars,
      limitOrders: this.limitOrders,
    });
  }

  /** Holds a new in-memory instance; the account's previous one (if any) is forgotten. */
  private newLive(row: EaInstanceRow, ea: EaRow, prepared: PreparedInit): Live {
    const live = createLive(row, ea, prepared);
    this.live.set(live.id, live);
    const previous = this.lastOf.get(live.accountId);
    if (previous && previous !== live.id) {
      this.live.delete(previous);
    }
    this.lastOf.set(live.accountId, live.id);
    return live;
  }

  /** Runs OnInit in the pool; on success the instance is running and receives ticks. */
  private async launch(pool: EaHostPool, live: Live, ea: EaRow, init: Json): Promise<void> {
    this.publishStatus(live);
    let storage: Json;
    try {
      storage = { ...(await this.storage.load(live.id, live.accountId, live.eaId)) };
    } catch (err) {
      live.lastError = `the EA's global variables and files could not be read: ${errorText(err)}`;
      await this.transition(live, "crash");
      return;
    }
    const c = await pool.start({
      instanceId: live.id,
      programJs: ea.programJs,
      meta: {
        symbol: live.symbol,
        timeframe: live.timeframe,
        inputs: live.inputs,
        maxBars: 20_000,
        // After a restart the EA starts on the chart it left (MT5 keeps a chart's objects).
        ...(live.chart.known ? { chart: live.chart.state() } : {}),
        // MQL5 global variables and files earlier runs left (ea-instances/storage-writer.ts).
        storage,
        // The economic calendar (ea-instances/calendar.ts); absent while none was loaded.
        ...(await calendarMeta(this.opts.calendar, this.deps.logger)),
      },
      init,
    });
    if (c.result === "ok") {
      this.cpuMs += c.cpuMs;
    }
    if (live.status !== "starting") {
      return; // failed meanwhile (onPoolError) or stopped
    }
    const info = pool.status(live.id);
    if (info?.status === "running" && c.result === "ok") {
      this.opts.sessions.watch(live.accountId, watchedSymbols(live), `ea:${live.id}`);
      await this.transition(live, "started");
      return;
    }
    if (info?.status === "stopped" || info?.status === "stopping") {
      await this.transition(live, "stopped"); // the pool stopped it (ExpertRemove, closing)
      return;
    }
    live.lastError =
      info?.lastError ?? describeFailure(c, this.limits) ?? "the EA could not be started";
    await this.transition(live, "crash");
  }

  private async resumeOne(pool: EaHostPool, row: EaInstanceRow): Promise<void> {
    const ea = await this.opts.eas.byId(row.eaId);
    const fail = (message: string) => failResume(this.deps, this.store, row, message);
    if (ea?.status !== "ready") {
      await fail("could not resume after a restart: the EA is no longer available");
      return;
    }
    if (this.byAccount.has(row.accountId)) {
      await fail("could not resume after a restart: another EA was started on the account");
      return;
    }
    this.byAccount.set(row.accountId, `reserved:${row.id}`);
    try {
      const deadline = this.deps.clock.now() + (this.opts.resumeWaitMs ?? 60_000);
      await waitForSession(
        this.deps,
        this.opts.sessions,
        row.accountId,
        deadline,
        () => this.closing,
      );
      const prepared = await this.prepare(
        row.accountId,
        ea,
        row.symbol,
        toTimeframe(row.timeframe),
      );
      const live = this.newLive(row, ea, prepared);
      this.byAccount.set(row.accountId, live.id);
      this.addLog(live, "info", "resumed after a service restart");
      await this.launch(pool, live, ea, prepared.init);
    } catch (err) {
      this.byAccount.delete(row.accountId);
      await fail(`could not resume after a restart: ${errorText(err)}`);
    }
  }

  private async stopLive(live: Live): Promise<void> {
    if (!isEaActive(live.status)) {
      return;
    }
    const pool = this.pool;
    await this.transition(live, "stop");
    if (pool) {
      await pool.stop(live.id);
    }
    if (live.status === "stopping") {
      await this.transition(live, "stopped");
    }
  }

  /**
   * Applies a lifecycle event; when the API's status changes, persists the row and publishes the
   * change. An event the lifecycle table refuses is logged and changes nothing.
   */
  private async transition(live: Live, event: EaLifecycleEvent): Promise<void> {
    const from = live.status;
    const next = eaTransition(from, event);
    if (next === null) {
      this.deps.logger.error(
        { instanceId: live.id, from, event },
        "illegal EA instance transition refused",
      );
      return;
    }
    live.status = next;
    if (isEaActive(from) && !isEaActive(next)) {
      live.stoppedAt = new Date(this.deps.clock.now());
      this.opts.tradeLimits?.rate.forgetEa(live.id);
      this.opts.refusals?.forget(live.id);
      this.opts.sessions.unwatch(live.accountId, watchedSymbols(live), `ea:${live.id}`);
      if (this.byAccount.get(live.accountId) === live.id) {
        this.byAccount.delete(live.accountId);
      }
    }
    if (eaVisibleStatus(next) === eaVisibleStatus(from)) {
      return; // stopping → stopped: the API shows it stopped already
    }
    this.publishStatus(live);
    await this.persist(live);
  }

  /** Writes the instance's row (and its chart when it changed); false when the row is gone. */
  private async persist(live: Live): Promise<boolean> {
    const ticks = live.tickCount;
    const chart = live.chart.dirty ? live.chart.state() : undefined;
    live.chart.dirty = false;
    let saved: boolean;
    try {
      saved = await this.store.save(live.id, {
        status: eaVisibleStatus(live.status),
        tickCount: ticks,
        lastError: live.lastError,
        stoppedAt: live.stoppedAt,
        ...(chart ? { chart } : {}),
      });
    } catch (err) {
      if (chart) {
        live.chart.dirty = true; // written with the next flush
      }
      throw err;
    }
    live.persistedTicks = ticks;
    return saved;
  }

  /** Periodic: persist tick counts and log lines, drop instances whose row is gone. */
  private async flush(): Promise<void> {
    await this.store
      .flushLogs()
      .catch((err: unknown) =>
        this.deps.logger.warn({ err: errorText(err) }, "EA log flush failed"),
      );
    for (const live of this.live.values()) {
      const running = live.status === "running";
      const ticksMoved = running && live.tickCount !== live.persistedTicks;
      if (!ticksMoved && !live.chart.dirty) {
        continue; // a stopped instance's chart may still change (OnDeinit): saved here
      }
      try {
        const exists = await this.persist(live);
        if (!exists && running && !this.closing) {
          // The account (or the EA) was deleted: the run has nowhere to trade.
          await this.stopLive(live);
        }
      } catch (err) {
        this.deps.logger.warn({ instanceId: live.id, err: errorText(err) }, "EA flush failed");
      }
    }
  }

  private onPoolError(info: InstanceInfo): void {
    this.storage.forget(info.instanceId);
    const live = this.live.get(info.instanceId);
    if (!live || !isEaActive(live.status) || this.closing) {
      return;
    }
    live.lastError = info.lastError ?? "the EA stopped with an error";
    this.addLog(live, "error", `stopped: ${live.lastError}`);
    void this.transition(live, "crash").catch((err: unknown) => {
      this.deps.logger.error({ instanceId: live.id, err: errorText(err) }, "EA status not saved");
    });
  }

  private onPoolEvent(instanceId: string, eventType: string, c: Completion): void {
    if (c.result === "ok") {
      this.cpuMs += c.cpuMs;
    }
    this.storage.record(instanceId, eventType, c);
    const live = this.live.get(instanceId);
    if (!live) {
      return;
    }
    const outcome = c.result === "ok" ? c.outcome : c.result === "error" ? c.outcome : undefined;
    if (!outcome) {
      return;
    }
    for (const line of outcome.logs) {
      const utcMs = serverSecondsToUtcMs(line.time / 1000);
      this.addLog(live, line.level, line.text, Number.isFinite(utcMs) ? utcMs : undefined);
    }
    if (outcome.logsDropped) {
      this.addLog(
        live,
        "warn",
        `${outcome.logsDropped} log lines dropped (limit ${this.limits.logLinesPerSecond} per second)`,
      );
    }
    this.publishOutcome(live, outcome);
    if (outcome.seriesInUse) {
      this.followSeries(live, outcome.seriesInUse);
    }
  }

  /** Loads the history of the series the EA touched (other timeframes and symbols). */
  private followSeries(live: Live, reported: readonly SeriesRequest[]): void {
    for (const s of newSeries(live, reported)) {
      const { accountId } = live;
      void this.opts.sessions
        .watch(accountId, [s.symbol], `ea:${live.id}`)
        .then(() =>
          this.opts.sessions.call(accountId, "bars", {
            symbol: s.symbol,
            timeframe: s.timeframe,
            query: { count: this.initBars },
          }),
        )
        .then((bars) => seriesLoaded(live, s, bars))
        .catch((err: unknown) => {
          live.series.delete(`${s.symbol}\u0000${s.timeframe}`);
          this.addLog(live, "warn", `no history for ${s.symbol} ${s.timeframe}: ${errorText(err)}`);
        });
    }
  }

  /** An outcome's alerts and chart changes: the instance's chart, `alert`/`chart` messages. */
  private publishOutcome(live: Live, outcome: Outcome): void {
    const publisher = this.opts.publisher;
    for (const alert of outcome.alerts ?? []) {
      const utcMs = serverSecondsToUtcMs(alert.time / 1000);
      const at = Number.isFinite(utcMs) ? utcMs : this.deps.clock.now();
      publisher?.publishEa(live.accountId, alertData(live.id, alert, at));
    }
    if (outcome.chart) {
      live.chart.apply(outcome.chart);
      publisher?.publishEa(
        live.accountId,
        chartDeltaData(live.id, outcome.chart, this.deps.clock.now()),
      );
    }
  }

  private addLog(live: Live, level: string, message: string, atMs?: number): void {
    const at = new Date(atMs ?? this.deps.clock.now());
    const line: EaLogLine = { time: at.toISOString(), level, message };
    this.store.queueLog({ instanceId: live.id, accountId: live.accountId, at, level, message });
    live.logs.push(line);
    if (live.logs.length > this.logLines) {
      live.logs.splice(0, live.logs.length - this.logLines);
    }
    this.opts.publisher?.publishEa(live.accountId, {
      kind: "log",
      instance_id: live.id,
      level,
      message,
      time: line.time,
    });
  }

  private publishStatus(live: Live): void {
    this.opts.publisher?.publishEa(live.accountId, {
      kind: "status",
      instance_id: live.id,
      ea_id: live.eaId,
      symbol: live.symbol,
      timeframe: live.timeframe,
      status: eaVisibleStatus(live.status),
      last_error: live.lastError,
    });
  }

  /** A session event of an account: the running instance's EA events (ea-instances/events.ts). */
  private onSessionEvent(accountId: string, event: SessionEvent): void {
    if (this.closing) {
      return; // a closed service leaves running instances alone (they resume after restart)
    }
    const id = this.byAccount.get(accountId);
    const live = id ? this.live.get(id) : undefined;
    if (live?.status !== "running" || !this.pool) {
      return;
    }
    for (const eaEvent of translateSessionEvent(live, event, this.limitOrders)) {
      this.dispatch(live, eaEvent);
    }
  }

  private dispatch(live: Live, event: EaEvent): void {
    const pool = this.pool;
    if (!pool) {
      return;
    }
    void pool.dispatch(live.id, event).then(() => {
      // ExpertRemove() stops the instance inside the pool. A pool closing under a closed
      // service (shutdown) stops its sandboxes too: that is no ExpertRemove, and the instance
      // stays running in storage so that it resumes.
      const info = pool.status(live.id);
      if (live.status === "running" && info?.status === "stopped" && !this.closing) {
        void this.transition(live, "stopped");
      }
    });
  }
}

/**
 * Creates the EA host pool with the configured limits, answering trade calls through `service`,
 * and attaches it. `workDir` holds the bundled host script (DATA_DIR/tmp in the service).
 */
export async function startEaPool(
  service: EaInstanceService,
  deps: Pick<ServiceDeps, "config" | "logger">,
  workDir: string,
  extra: Partial<EaHostPoolOptions> = {},
): Promise<EaHostPool> {
  const limits: Partial<SandboxLimits> = {
    memoryMb: deps.config.eaMemoryMb,
    wallMs: deps.config.eaHandlerMs,
    logLinesPerSecond: deps.config.eaLogLinesPerSec,
    ...extra.limits,
  };
  const pool = await createEaHostPool({
    hosts: deps.config.eaHosts,
    gateway: service,
    webRequests: service,
    logger: deps.logger,
    workDir,
    timerSnapshot: (id) => service.takeSnapshot(id),
    ...extra,
    limits,
  });
  service.attach(pool, limits);
  return pool;
}
