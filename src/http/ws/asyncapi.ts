// The /ws protocol as an AsyncAPI 3.0 document (served at GET /asyncapi.json), built from the
// TypeBox schemas below: client ops, every server message `{type, account_id, seq, data}` with
// its data shape, ack / error, snapshot and resync_required, and the close codes.
//
// Nothing here is hand-kept JSON. The client-op schemas take their limits from frames.ts (the
// validator of client frames; a property test checks both accept the same frames), the channel
// list and message types from streaming/messages.ts, the close codes from connection.ts, and the
// data shapes are checked at compile time against the TypeScript types of the code that builds
// the messages: the records (records.ts, account.ts, session.ts) both ways, so a field added
// there and not here fails `tsc`; trade and EA data (messages.ts) one way, every value the schema
// allows being one the code's type allows. A test validates the document against the AsyncAPI
// 3.0 JSON schema and every message of a live session against its declared schema.
import { type Static, type TSchema, Type } from "@sinclair/typebox";
import type { ErrorCode } from "../../domain/errors.ts";
import type { AccountSummaryView } from "../../domain/trading/account.ts";
import type { ApiDeal, ApiPositionRecord } from "../../domain/trading/records.ts";
import { TIMEFRAMES } from "../../mt5/vocabulary.ts";
import type { SessionHealth } from "../../sessions/session.ts";
import {
  CHANNELS,
  type Channel,
  type EaEventData,
  MESSAGE_TYPE,
  REPLAYABLE,
  type TradeData,
} from "../../streaming/messages.ts";
import { eaChartObjectSchema, propertyTable } from "../models/ea-chart.ts";
import { CLOSE } from "./connection.ts";
import {
  HARD_FRAME_BYTES,
  MAX_ACCOUNT_ID_LENGTH,
  MAX_ID_LENGTH,
  MAX_SYMBOLS_PER_FRAME,
  SYMBOL_PATTERN,
} from "./frames.ts";

// --- helpers ---------------------------------------------------------------------------------

/** Every schema the document lists under components.schemas, by name. */
const SCHEMAS: Record<string, TSchema> = {};

/** Registers `schema` as components.schemas[name] and returns a `$ref` to it (typed as it). */
function component<T extends TSchema>(name: string, schema: T) {
  SCHEMAS[name] = schema;
  return Type.Unsafe<Static<T>>({ $ref: `#/components/schemas/${name}` });
}

const lit = <T extends string>(values: readonly T[], description?: string) =>
  Type.Union(
    values.map((v) => Type.Literal(v)),
    description ? { description } : {},
  );

const closed = { additionalProperties: false } as const;

/** Compile-time: the schema's type and the producing code's type are the same. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** Compile-time: every value the schema allows is a value of the producing code's type. */
type Within<A, B> = [A] extends [B] ? true : false;
function assertType<_T extends true>(): void {}

// --- shared shapes ---------------------------------------------------------------------------

const ServerTime = Type.String({
  pattern: "^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}$",
  description: "Broker server time, `YYYY-MM-DDTHH:mm:ss`",
});
const UtcMs = Type.Integer({ description: "UTC timestamp, milliseconds" });
const Seq = Type.Integer({
  minimum: 0,
  description:
    "The account's sequence number: increases by one per sequenced message of the account, shared by all channels and connections (so one channel's sequence has gaps); restarts from 0 when the service restarts",
});
const AccountId = Type.String({ description: "Account id (uuid)" });
const OpId = Type.Union([Type.String({ maxLength: MAX_ID_LENGTH }), Type.Number(), Type.Null()], {
  description: "The client's `id` of the op this answers (null when it had none)",
});
const ChannelName = lit(CHANNELS, "A subscribable channel");
const Timeframe = lit(TIMEFRAMES, "Bar timeframe");
const SymbolName = Type.String({ pattern: SYMBOL_PATTERN, description: "Symbol name" });

const SESSION_STATUSES = [
  "disconnected",
  "connecting",
  "connected",
  "reconnecting",
  "auth_failed",
  "error",
] as const;
const SessionStatus = component(
  "SessionStatus",
  lit(SESSION_STATUSES, "Live state of the account's broker session"),
);
assertType<Same<(typeof SESSION_STATUSES)[number], SessionHealth["status"]>>();

const Deal = component(
  "Deal",
  Type.Object(
    {
      ticket: Type.Integer(),
      positionTicket: Type.Integer({ description: "0 for balance operations" }),
      type: Type.String({ description: "DealBuy, DealSell, DealBalance, DealCredit, …" }),
      entry: Type.String({
        description: "DealEntryIn, DealEntryOut, DealEntryInOut or DealEntryOutBy",
      }),
      symbol: Type.String({ description: '"" for balance operations' }),
      lots: Type.Number(),
      openPrice: Type.Number({ description: "Execution price of this deal" }),
      profit: Type.Number(),
      swap: Type.Number(),
      commission: Type.Number(),
      fee: Type.Number(),
      comment: Type.String(),
      placedType: Type.String({
        description:
          "Why the deal was made (MT5 deal reason): Manually, ByExpert, OnSL, OnTP, OnStopOut, ByDealer, …",
      }),
      time: ServerTime,
      timestampUTC: UtcMs,
    },
    { ...closed, description: "One execution leg (spec §2.2)" },
  ),
);
assertType<Same<Static<typeof Deal>, ApiDeal>>();

const PositionRecord = component(
  "PositionRecord",
  Type.Object(
    {
      ticket: Type.Integer(),
      symbol: Type.String(),
      orderType: Type.String({
        description:
          "Buy, Sell, BuyLimit, SellLimit, BuyStop, SellStop, BuyStopLimit, SellStopLimit",
      }),
      lots: Type.Number({ description: "Open volume; the remaining volume of a pending order" }),
      openPrice: Type.Number({ description: "Average open price; the order price when pending" }),
      stopLoss: Type.Number({ description: "0 when unset" }),
      takeProfit: Type.Number({ description: "0 when unset" }),
      profit: Type.Number(),
      swap: Type.Number(),
      commission: Type.Number(),
      comment: Type.String(),
      openTime: ServerTime,
      closePrice: Type.Number({ description: "0 while open" }),
      closeTime: Type.String({ description: 'Server time; "" while open' }),
      dealType: Type.String(),
      digits: Type.Integer(),
      contractSize: Type.Number(),
      volume: Type.Number({ description: "lots × contractSize" }),
      state: Type.String({ description: "Filled for positions; the order state when pending" }),
      fillPolicy: Type.String(),
      expirationType: Type.String(),
      expertId: Type.Integer(),
      dealInternalIn: Type.Integer(),
      dealInternalOut: Type.Integer(),
      orderInternal: Type.Integer(),
      partialCloseDeals: Type.Array(Deal),
      partialFillDeals: Type.Array(Deal),
      placedType: Type.String(),
      profitRate: Type.Number(),
      requestId: Type.Integer(),
      stopLimitPrice: Type.Number(),
      fee: Type.Number(),
      closeComment: Type.String(),
      closeLots: Type.Number(),
      closeVolume: Type.Number(),
      openTimestampUTC: UtcMs,
      closeTimestampUTC: Type.Integer({ description: "UTC ms; 0 while open" }),
      expirationTime: Type.String({ description: 'Server time; "" when none' }),
    },
    { ...closed, description: "Position / order record (spec §2.4), as REST returns it" },
  ),
);
assertType<Same<Static<typeof PositionRecord>, ApiPositionRecord>>();

const AccountSummary = component(
  "AccountSummary",
  Type.Object(
    {
      login: Type.Integer(),
      name: Type.String(),
      server: Type.String(),
      company: Type.String(),
      currency: Type.String(),
      leverage: Type.Integer(),
      balance: Type.Number(),
      credit: Type.Number(),
      equity: Type.Number(),
      margin: Type.Number(),
      free_margin: Type.Number(),
      margin_level: Type.Number(),
      profit: Type.Number(),
      margin_mode: lit(["hedging", "netting"] as const),
      trade_allowed: Type.Boolean(),
    },
    { ...closed, description: "The account summary (the object `GET …/summary` returns)" },
  ),
);
assertType<Same<Static<typeof AccountSummary>, AccountSummaryView>>();

const SessionHealthSchema = component(
  "SessionHealth",
  Type.Object(
    {
      status: SessionStatus,
      connected_since: Type.Union([Type.String({ description: "ISO 8601 UTC" }), Type.Null()]),
      last_error: Type.Union([Type.String(), Type.Null()]),
      reconnects: Type.Integer({ minimum: 0 }),
      last_quote_at: Type.Union([Type.String({ description: "ISO 8601 UTC" }), Type.Null()]),
    },
    { ...closed, description: "Health of the account's broker session (`GET …/session`)" },
  ),
);
assertType<Same<Static<typeof SessionHealthSchema>, SessionHealth>>();

// --- data of the channel messages -------------------------------------------------------------

const QuoteData = component(
  "QuoteData",
  Type.Object(
    {
      symbol: Type.String(),
      bid: Type.Number(),
      ask: Type.Number(),
      time: ServerTime,
      timestampUTC: UtcMs,
    },
    closed,
  ),
);

const BarData = component(
  "BarData",
  Type.Object(
    {
      symbol: Type.String(),
      timeframe: Timeframe,
      kind: lit(
        ["update", "close"] as const,
        "`update`: the forming bar changed (conflated under congestion); `close`: the bar is final (never dropped)",
      ),
      bar: Type.Object(
        {
          time: ServerTime,
          timestampUTC: UtcMs,
          open: Type.Number(),
          high: Type.Number(),
          low: Type.Number(),
          close: Type.Number(),
          tick_volume: Type.Integer({ minimum: 0 }),
          spread: Type.Integer({ description: "Spread in points" }),
        },
        closed,
      ),
    },
    closed,
  ),
);

const ORDER_EVENTS = [
  "order.placed",
  "order.modified",
  "order.partially_filled",
  "order.filled",
  "order.cancelled",
  "order.expired",
  "order.rejected",
] as const;

const TradeOrderEvent = Type.Object(
  {
    event: lit(ORDER_EVENTS),
    order: PositionRecord,
    state: Type.String({ description: "The order's state (Placed, Partial, Filled, Cancelled…)" }),
  },
  { ...closed, title: "order event", description: "A pending order was placed or changed" },
);
const TradePositionEvent = Type.Object(
  {
    event: lit(["position.opened", "position.modified"] as const),
    position: PositionRecord,
  },
  {
    ...closed,
    title: "position event",
    description: "A position opened or changed (SL/TP, volume after a partial close)",
  },
);
const TradePositionClosed = Type.Object(
  {
    event: Type.Literal("position.closed"),
    position: PositionRecord,
    reason: Type.String({
      description:
        "placedType of the closing deal: OnSL, OnTP or OnStopOut when the broker closed it, else e.g. Manually or ByExpert",
    }),
  },
  { ...closed, title: "position closed", description: "A position closed (the closed record)" },
);
const TradeDeal = Type.Object(
  {
    event: Type.Literal("deal"),
    deal: Deal,
    reason: Type.String({
      description:
        "The deal's placedType (its MT5 reason): OnSL, OnTP or OnStopOut when the broker closed the position, else e.g. Manually or ByExpert",
    }),
  },
  { ...closed, title: "deal", description: "A deal (execution leg) was added" },
);
const TradeOrderReconciled = Type.Object(
  {
    event: Type.Literal("order.reconciled"),
    client_order_id: Type.String(),
    outcome: lit(
      ["placed", "absent"] as const,
      "`placed`: the broker has the order; `absent`: it was never placed",
    ),
    ticket: Type.Union([Type.Integer(), Type.Null()]),
    order_state: Type.Union([Type.String(), Type.Null()]),
  },
  {
    ...closed,
    title: "order reconciled",
    description:
      "An order whose REST answer was 504 TRADE_OUTCOME_UNKNOWN was reconciled with the broker after the session reconnected",
  },
);
const TradeDataSchema = component(
  "TradeData",
  Type.Union(
    [TradeOrderEvent, TradePositionEvent, TradePositionClosed, TradeDeal, TradeOrderReconciled],
    { description: "One trade event with the full new record" },
  ),
);
assertType<
  Within<Static<typeof TradeDataSchema>, TradeData | Static<typeof TradeOrderReconciled>>
>();

const SessionData = component(
  "SessionData",
  Type.Object(
    {
      status: SessionStatus,
      previous: Type.Union([SessionStatus, Type.Null()], {
        description: "The status before this change",
      }),
      connected_since: Type.Union([Type.String({ description: "ISO 8601 UTC" }), Type.Null()]),
      last_error: Type.Union([Type.String(), Type.Null()]),
      reconnects: Type.Integer({ minimum: 0 }),
      last_quote_at: Type.Union([Type.String({ description: "ISO 8601 UTC" }), Type.Null()]),
    },
    closed,
  ),
);
assertType<Same<Omit<Static<typeof SessionData>, "previous">, SessionHealth>>();

const EaChartObject = component("EaChartObject", eaChartObjectSchema());

const EaData = component(
  "EaData",
  Type.Union([
    Type.Object(
      {
        kind: Type.Literal("status"),
        instance_id: Type.String({ description: "uuid" }),
        ea_id: Type.String({ description: "uuid" }),
        symbol: Type.String(),
        timeframe: Type.String(),
        status: lit(["starting", "running", "stopped", "error"] as const),
        last_error: Type.String({ description: '"" unless status is error' }),
      },
      { ...closed, title: "EA status", description: "An EA instance changed status" },
    ),
    Type.Object(
      {
        kind: Type.Literal("log"),
        instance_id: Type.String({ description: "uuid" }),
        level: Type.String({ description: "info | alert | warn | error" }),
        message: Type.String(),
        time: Type.String({ description: "ISO 8601 UTC" }),
      },
      { ...closed, title: "EA log line", description: "An EA instance logged a line" },
    ),
    Type.Object(
      {
        kind: Type.Literal("chart"),
        instance_id: Type.String({ description: "uuid" }),
        reset: Type.Boolean({
          description:
            "true: the message carries the whole chart (after a start or restart): replace what you hold; false: apply the changes",
        }),
        comment: Type.Optional(Type.String({ description: "The new comment, when it changed" })),
        objects: Type.Optional(
          Type.Array(EaChartObject, {
            description: "Objects created or changed, each in full (as GET …/ea/chart)",
          }),
        ),
        deleted: Type.Optional(
          Type.Array(Type.String(), { description: "Names of objects deleted or renamed away" }),
        ),
        properties: Type.Optional(
          propertyTable("Chart properties that changed (as GET …/ea/chart `properties`)"),
        ),
        time: Type.String({ description: "ISO 8601 UTC" }),
      },
      {
        ...closed,
        title: "EA chart",
        description:
          "The EA's chart changed during one of its events (ObjectCreate/ObjectSet…/ObjectDelete, ChartSet…, Comment)",
      },
    ),
    Type.Object(
      {
        kind: Type.Literal("alert"),
        instance_id: Type.String({ description: "uuid" }),
        source: lit(
          ["alert", "notification", "mail"] as const,
          "Alert(), SendNotification() or SendMail()",
        ),
        message: Type.String(),
        subject: Type.Optional(Type.String({ description: "SendMail's subject" })),
        time: Type.String({ description: "ISO 8601 UTC (the EA's server time of the call)" }),
      },
      {
        ...closed,
        title: "EA alert",
        description:
          "The EA called Alert, SendNotification or SendMail (the text is also an `alert` log line)",
      },
    ),
  ]),
);
assertType<Within<Static<typeof EaData>, EaEventData>>();

// --- server messages -------------------------------------------------------------------------

const sequenced = <K extends string, D extends TSchema>(type: K, data: D) =>
  Type.Object({ type: Type.Literal(type), account_id: AccountId, seq: Seq, data }, closed);

const QuoteMessage = sequenced(MESSAGE_TYPE.quotes, QuoteData);
const BarMessage = sequenced(MESSAGE_TYPE.bars, BarData);
const AccountMessage = sequenced(MESSAGE_TYPE.account, AccountSummary);
const TradeMessage = sequenced(MESSAGE_TYPE.trades, TradeDataSchema);
const SessionMessage = sequenced(MESSAGE_TYPE.session, SessionData);
const EaMessage = sequenced(MESSAGE_TYPE.ea, EaData);

/** A snapshot is not sequenced: it carries the account's current seq. */
const snapshot = <D extends TSchema>(data: D) =>
  Type.Object({ type: Type.Literal("snapshot"), account_id: AccountId, seq: Seq, data }, closed);

const AccountSnapshot = snapshot(
  Type.Object(
    {
      channel: Type.Literal("account"),
      account: Type.Union([AccountSummary, Type.Null()], {
        description: "null while the session is not connected",
      }),
      session_status: SessionStatus,
    },
    closed,
  ),
);
const TradesSnapshot = snapshot(
  Type.Object(
    {
      channel: Type.Literal("trades"),
      positions: Type.Union([Type.Array(PositionRecord), Type.Null()], {
        description: "Open positions; null while the session is not connected",
      }),
      orders: Type.Union([Type.Array(PositionRecord), Type.Null()], {
        description: "Pending orders; null while the session is not connected",
      }),
      session_status: SessionStatus,
    },
    closed,
  ),
);
const SessionSnapshot = snapshot(
  Type.Object({ channel: Type.Literal("session"), session: SessionHealthSchema }, closed),
);

const REPLAYABLE_CHANNELS = CHANNELS.filter((c) => REPLAYABLE.has(c));
const ResyncRequired = Type.Object(
  {
    type: Type.Literal("resync_required"),
    account_id: AccountId,
    seq: Seq,
    data: Type.Object(
      {
        channel: lit(REPLAYABLE_CHANNELS),
        last_seq: Type.Integer({ minimum: 0, description: "The client's last_seq" }),
        oldest_seq: Type.Integer({
          minimum: 0,
          description: "Oldest seq the replay buffer can still send",
        }),
        reason: Type.String(),
      },
      closed,
    ),
  },
  closed,
);

const AckSubscribe = Type.Object(
  {
    type: Type.Literal("ack"),
    id: OpId,
    account_id: AccountId,
    seq: Seq,
    data: Type.Object(
      {
        op: Type.Literal("subscribe"),
        channel: ChannelName,
        symbols: Type.Optional(
          Type.Array(Type.String(), {
            description: "quotes, bars: every symbol of the subscription now live",
          }),
        ),
        timeframe: Type.Optional(Timeframe),
      },
      closed,
    ),
  },
  closed,
);
const AckUnsubscribe = Type.Object(
  {
    type: Type.Literal("ack"),
    id: OpId,
    account_id: AccountId,
    seq: Seq,
    data: Type.Object(
      {
        op: Type.Literal("unsubscribe"),
        channel: ChannelName,
        removed: Type.Boolean({ description: "false when there was no such subscription" }),
      },
      closed,
    ),
  },
  closed,
);
const AckPing = Type.Object(
  {
    type: Type.Literal("ack"),
    id: OpId,
    account_id: Type.Null(),
    seq: Type.Null(),
    data: Type.Object(
      {
        op: Type.Literal("ping"),
        time: Type.String({ description: "Server wall time, ISO 8601" }),
      },
      closed,
    ),
  },
  closed,
);

const WS_ERROR_CODES = [
  "VALIDATION_ERROR",
  "PAYLOAD_TOO_LARGE",
  "RATE_LIMITED",
  "ACCOUNT_NOT_FOUND",
  "SUBSCRIPTION_LIMIT_REACHED",
  "INTERNAL_ERROR",
] as const satisfies readonly ErrorCode[];
const ErrorMessage = Type.Object(
  {
    type: Type.Literal("error"),
    id: OpId,
    account_id: Type.Union([Type.String(), Type.Null()], {
      description: "The op's account_id; null for frames that could not be read",
    }),
    seq: Type.Null(),
    error: Type.Object(
      {
        code: Type.String({
          description: `The REST error code: ${WS_ERROR_CODES.join(", ")}`,
          examples: [...WS_ERROR_CODES],
        }),
        message: Type.String(),
      },
      closed,
    ),
  },
  closed,
);

// --- client ops ------------------------------------------------------------------------------

const ClientId = Type.Optional(
  Type.Union([Type.String({ maxLength: MAX_ID_LENGTH }), Type.Number(), Type.Null()], {
    description: "Echoed as `id` in the answer",
  }),
);
const OpAccountId = Type.String({
  minLength: 1,
  maxLength: MAX_ACCOUNT_ID_LENGTH,
  description: "Account id; another key's account answers ACCOUNT_NOT_FOUND",
});
const Symbols = (min: number, description: string) =>
  Type.Array(SymbolName, { minItems: min, maxItems: MAX_SYMBOLS_PER_FRAME, description });
/** `last_seq`: a non-negative safe integer or null, as parseFrame takes it on every channel. */
const lastSeq = (description: string) =>
  Type.Optional(
    Type.Union([Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER }), Type.Null()], {
      description,
    }),
  );
/** `timeframe` on a channel other than bars: checked, then ignored. */
const IgnoredTimeframe = Type.Optional(
  Type.Union(
    TIMEFRAMES.map((t) => Type.Literal(t)),
    { description: "Accepted and ignored on this channel" },
  ),
);
const symbolic = (channel: Channel) => channel === "quotes" || channel === "bars";

function subscribeOp(channel: Channel) {
  return Type.Object({
    op: Type.Literal("subscribe"),
    id: ClientId,
    channel: Type.Literal(channel),
    account_id: OpAccountId,
    symbols: symbolic(channel)
      ? Symbols(1, "Symbols to add (duplicates are ignored)")
      : Type.Optional(Symbols(0, "Accepted and ignored on this channel")),
    timeframe: channel === "bars" ? Timeframe : IgnoredTimeframe,
    last_seq: symbolic(channel)
      ? lastSeq("Accepted and ignored: quotes and bars are never replayed")
      : lastSeq(
          "Resume: replay what followed this seq from the replay buffer (else resync_required and a snapshot)",
        ),
  });
}

function unsubscribeOp(channel: Channel) {
  return Type.Object({
    op: Type.Literal("unsubscribe"),
    id: ClientId,
    channel: Type.Literal(channel),
    account_id: OpAccountId,
    symbols: Type.Optional(
      Symbols(
        0,
        symbolic(channel)
          ? "Only these symbols (default: all of the subscription's)"
          : "Accepted and ignored on this channel",
      ),
    ),
    timeframe: channel === "bars" ? Timeframe : IgnoredTimeframe,
    last_seq: lastSeq("Accepted and ignored"),
  });
}

const PingOp = Type.Object({ op: Type.Literal("ping"), id: ClientId });

// --- the document ----------------------------------------------------------------------------

interface MessageSpec {
  readonly name: string;
  readonly title: string;
  readonly summary: string;
  readonly description?: string;
  readonly payload: TSchema;
  readonly examples?: ReadonlyArray<{ name: string; summary?: string; payload: unknown }>;
}

/** components.messages, by key. */
const MESSAGES: Record<string, MessageSpec> = {};
const message = (key: string, spec: MessageSpec): string => {
  MESSAGES[key] = spec;
  return key;
};

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

const EXAMPLE_ACCOUNT = "0b7c6f7e-2f4e-4a8e-9a53-3f1f3a0c9d11";

const M = {
  ping: message("ping", {
    name: "ping",
    title: "ping",
    summary: "Client op: a liveness check at the application level",
    payload: PingOp,
    examples: [{ name: "ping", payload: { op: "ping", id: 1 } }],
  }),
  ackPing: message("ackPing", {
    name: "ack",
    title: "ack (ping)",
    summary: "Answer to ping, with the server's wall time",
    payload: AckPing,
    examples: [
      {
        name: "pong",
        payload: {
          type: "ack",
          id: 1,
          account_id: null,
          seq: null,
          data: { op: "ping", time: "2026-11-18T14:00:00.000Z" },
        },
      },
    ],
  }),
  ackSubscribe: message("ackSubscribe", {
    name: "ack",
    title: "ack (subscribe)",
    summary: "Answer to subscribe",
    description:
      "Sent first. A quotes or bars subscription is acked once its symbols are live (every tick after the ack reaches the client); account, trades and session then get a snapshot (or the replay after last_seq), ea gets only deltas.",
    payload: AckSubscribe,
    examples: [
      {
        name: "quotes",
        payload: {
          type: "ack",
          id: "q1",
          account_id: EXAMPLE_ACCOUNT,
          seq: 41,
          data: { op: "subscribe", channel: "quotes", symbols: ["EURUSD", "BTCUSD"] },
        },
      },
    ],
  }),
  ackUnsubscribe: message("ackUnsubscribe", {
    name: "ack",
    title: "ack (unsubscribe)",
    summary: "Answer to unsubscribe",
    payload: AckUnsubscribe,
  }),
  error: message("error", {
    name: "error",
    title: "error",
    summary: "An op failed, or a frame could not be read; the connection stays open",
    description: [
      "The REST error shape. `VALIDATION_ERROR` (bad JSON, a binary frame, an unknown op, a wrong field: the message names it), ",
      "`PAYLOAD_TOO_LARGE` (a frame over TAS_WS_MAX_FRAME_BYTES), `RATE_LIMITED` (over the frame budget), ",
      "`ACCOUNT_NOT_FOUND` (unknown account, another key's account, or — with id null — an account removed while subscribed: its subscriptions end), ",
      "`SUBSCRIPTION_LIMIT_REACHED`, `INTERNAL_ERROR`.",
    ].join(""),
    payload: ErrorMessage,
    examples: [
      {
        name: "notFound",
        payload: {
          type: "error",
          id: "t1",
          account_id: EXAMPLE_ACCOUNT,
          seq: null,
          error: { code: "ACCOUNT_NOT_FOUND", message: "Account not found" },
        },
      },
    ],
  }),
  resyncRequired: message("resyncRequired", {
    name: "resync_required",
    title: "resync_required",
    summary: "The replay buffer no longer holds every message after last_seq: a snapshot follows",
    payload: ResyncRequired,
  }),
  quote: message("quote", {
    name: "quote",
    title: "quote",
    summary: "A tick of a subscribed symbol",
    description:
      "Conflated under congestion: only the latest per symbol is kept. Never replayed. The quotes of one broker step reach a socket in one write.",
    payload: QuoteMessage,
    examples: [
      {
        name: "EURUSD",
        payload: {
          type: "quote",
          account_id: EXAMPLE_ACCOUNT,
          seq: 42,
          data: {
            symbol: "EURUSD",
            bid: 1.08412,
            ask: 1.08419,
            time: "2026-11-18T16:00:01",
            timestampUTC: 1795017601000,
          },
        },
      },
    ],
  }),
  bar: message("bar", {
    name: "bar",
    title: "bar",
    summary: "The forming bar of a subscribed symbol and timeframe changed, or closed",
    description:
      "Built from ticks from the subscription on (not primed from history). A bar closes at the first tick of the next bucket. Updates are conflated under congestion; closes never. Never replayed.",
    payload: BarMessage,
  }),
  account: message("account", {
    name: "account",
    title: "account",
    summary: "The account summary changed",
    description:
      "Sent with every trade event and, between trades, on every tick of a symbol the account's valuation depends on (one per broker step): equity, margin level and profit at that tick's prices. Conflated to the latest under congestion; a resume replays the ones of trade events and only the latest tick valuation.",
    payload: AccountMessage,
  }),
  trade: message("trade", {
    name: "trade",
    title: "trade",
    summary: "A trade event: order, position or deal",
    description:
      "Events of one broker change arrive in order. A partial close is position.modified plus a deal. Apply by ticket: a delta right after a snapshot may repeat what the snapshot shows.",
    payload: TradeMessage,
  }),
  session: message("session", {
    name: "session",
    title: "session",
    summary: "The broker session changed status",
    description: "On (re)connecting, subscribers of account and trades also get fresh snapshots.",
    payload: SessionMessage,
  }),
  ea: message("ea", {
    name: "ea",
    title: "ea",
    summary:
      "An EA instance on the account changed status, logged a line, changed its chart or raised an alert",
    payload: EaMessage,
  }),
  snapshotAccount: message("snapshotAccount", {
    name: "snapshot",
    title: "snapshot (account)",
    summary: "The account's current summary and session status",
    payload: AccountSnapshot,
  }),
  snapshotTrades: message("snapshotTrades", {
    name: "snapshot",
    title: "snapshot (trades)",
    summary: "Open positions and pending orders (as GET …/orders) and the session status",
    payload: TradesSnapshot,
  }),
  snapshotSession: message("snapshotSession", {
    name: "snapshot",
    title: "snapshot (session)",
    summary: "The session's health",
    payload: SessionSnapshot,
  }),
} as const;

const SUBSCRIBE_EXAMPLES: Partial<Record<Channel, MessageSpec["examples"]>> = {
  quotes: [
    {
      name: "quotes",
      payload: {
        op: "subscribe",
        id: "q1",
        channel: "quotes",
        account_id: EXAMPLE_ACCOUNT,
        symbols: ["EURUSD", "BTCUSD"],
      },
    },
  ],
  bars: [
    {
      name: "bars",
      payload: {
        op: "subscribe",
        id: "b1",
        channel: "bars",
        account_id: EXAMPLE_ACCOUNT,
        symbols: ["EURUSD"],
        timeframe: "M1",
      },
    },
  ],
  trades: [
    {
      name: "resume",
      summary: "Resume after a reconnect",
      payload: {
        op: "subscribe",
        id: "t1",
        channel: "trades",
        account_id: EXAMPLE_ACCOUNT,
        last_seq: 40,
      },
    },
  ],
};

/** components.messages keys of the subscribe / unsubscribe op of each channel. */
const SUBSCRIBE_MESSAGE = {} as Record<Channel, string>;
const UNSUBSCRIBE_MESSAGE = {} as Record<Channel, string>;
for (const channel of CHANNELS) {
  const examples = SUBSCRIBE_EXAMPLES[channel];
  SUBSCRIBE_MESSAGE[channel] = message(`subscribe${capital(channel)}`, {
    name: "subscribe",
    title: `subscribe (${channel})`,
    summary: `Client op: subscribe to ${channel}`,
    payload: subscribeOp(channel),
    ...(examples ? { examples } : {}),
  });
  UNSUBSCRIBE_MESSAGE[channel] = message(`unsubscribe${capital(channel)}`, {
    name: "unsubscribe",
    title: `unsubscribe (${channel})`,
    summary: `Client op: unsubscribe from ${channel}`,
    payload: unsubscribeOp(channel),
  });
}

const DATA_MESSAGE: Readonly<Record<Channel, string>> = {
  quotes: M.quote,
  bars: M.bar,
  account: M.account,
  trades: M.trade,
  session: M.session,
  ea: M.ea,
};
const SNAPSHOT_MESSAGE: Partial<Record<Channel, string>> = {
  account: M.snapshotAccount,
  trades: M.snapshotTrades,
  session: M.snapshotSession,
};

const CHANNEL_DESCRIPTION: Readonly<Record<Channel, string>> = {
  quotes:
    "Ticks of the named symbols of one account. Subscribe with `symbols`; each symbol counts as one subscription unit.",
  bars: "Live bars of the named symbols and one `timeframe`, built from the account's ticks.",
  account:
    "The account summary whenever it changes. Subscribing sends a snapshot first (or, with `last_seq`, the missed messages).",
  trades:
    "Order, position and deal events. Subscribing sends a snapshot of open positions and pending orders first (or, with `last_seq`, the missed messages).",
  session:
    "Status changes of the account's broker session. Subscribing sends a snapshot of its health first (or, with `last_seq`, the missed messages).",
  ea: "Status changes, log lines, chart changes and alerts of the account's EA instances. No snapshot (`GET …/ea/chart` gives the chart); `last_seq` replays missed messages.",
};

const ref = (path: string) => ({ $ref: path });

/** The close codes of /ws (server `x-close-codes` and its description). */
export const CLOSE_CODES = [
  {
    code: CLOSE.GOING_AWAY,
    reason:
      "`the service is shutting down`: a restart, or a cluster node draining (its accounts move to other nodes)",
    action: "Reconnect (another node answers behind a load balancer) and subscribe with last_seq",
  },
  {
    code: CLOSE.POLICY,
    reason:
      "`API key required…` (no apiKey), `Invalid API key`, `API key revoked` (revoked, rotated or disabled while connected), `Too many connections for this API key (limit N)`",
    action: "Fix the key, or close another connection; do not retry blindly",
  },
  {
    code: CLOSE.MESSAGE_TOO_BIG,
    reason: `A frame over ${HARD_FRAME_BYTES} bytes (Bun closes the socket; frames over TAS_WS_MAX_FRAME_BYTES but under this get a PAYLOAD_TOO_LARGE error instead)`,
    action: "Send smaller frames",
  },
  {
    code: CLOSE.SLOW_CONSUMER,
    reason:
      "`slow consumer: send buffer overflow; reconnect and subscribe with last_seq to resync`: the queue of a congested socket exceeded TAS_WS_BUFFER_MESSAGES",
    action: "Reconnect and subscribe with last_seq",
  },
  {
    code: CLOSE.FLOOD,
    reason:
      "`too many frames: rate limit exceeded repeatedly`: more than TAS_WS_MAX_VIOLATIONS rate-limited frames within a minute",
    action: "Reconnect later and send fewer frames",
  },
] as const;

const closeCodeTable = [
  "| code | when | what to do |",
  "|---|---|---|",
  ...CLOSE_CODES.map((c) => `| ${c.code} | ${c.reason} | ${c.action} |`),
].join("\n");

/** Removes TypeBox's symbol keys (JSON does too) and returns a plain JSON value. */
const plain = (schema: TSchema): unknown => JSON.parse(JSON.stringify(schema));

export interface AsyncApiOptions {
  /** API version (info.version). */
  readonly version: string;
  /** host[:port] the servers' `host` variable defaults to. */
  readonly host: string;
}

/** Builds the AsyncAPI 3.0 document of /ws. */
export function buildAsyncApiDocument(opts: AsyncApiOptions): Record<string, unknown> {
  const server = (protocol: "ws" | "wss", description: string) => ({
    host: "{host}",
    protocol,
    pathname: "/ws",
    title: protocol === "ws" ? "The service" : "The service behind a TLS proxy",
    description: `${description}\n\nClose codes (besides 1000):\n\n${closeCodeTable}`,
    variables: {
      host: { default: opts.host, description: "The service's host and HTTP port" },
    },
    security: [ref("#/components/securitySchemes/apiKey")],
    "x-close-codes": CLOSE_CODES,
  });

  const channelRef = (c: string) => ref(`#/channels/${c}`);
  const msgRef = (channel: string, key: string) => ref(`#/channels/${channel}/messages/${key}`);

  const channels: Record<string, unknown> = {
    connection: {
      address: null,
      title: "connection",
      summary: "Ops and errors that concern the connection, not one channel",
      description:
        "All channels share one WebSocket connection to /ws; a channel is chosen by the `channel` field of subscribe. Ping answers here, and so do errors about frames that could not be read (and account-removed notices).",
      servers: [ref("#/servers/plain"), ref("#/servers/tls")],
      messages: {
        [M.ping]: ref(`#/components/messages/${M.ping}`),
        [M.ackPing]: ref(`#/components/messages/${M.ackPing}`),
        [M.error]: ref(`#/components/messages/${M.error}`),
      },
      bindings: ref("#/components/channelBindings/ws"),
    },
  };
  const operations: Record<string, unknown> = {
    ping: {
      action: "receive",
      title: "ping",
      summary: "The client checks the connection",
      channel: channelRef("connection"),
      messages: [msgRef("connection", M.ping)],
      reply: { channel: channelRef("connection"), messages: [msgRef("connection", M.ackPing)] },
    },
    sendError: {
      action: "send",
      title: "error",
      summary:
        "A frame could not be read (malformed, binary, unknown op, too large, over the frame budget), or a subscribed account was removed",
      channel: channelRef("connection"),
      messages: [msgRef("connection", M.error)],
    },
  };

  for (const channel of CHANNELS) {
    const subKey = SUBSCRIBE_MESSAGE[channel];
    const unsubKey = UNSUBSCRIBE_MESSAGE[channel];
    const data = DATA_MESSAGE[channel];
    const snap = SNAPSHOT_MESSAGE[channel];
    const replayable = REPLAYABLE.has(channel);
    const keys = [
      subKey,
      unsubKey,
      M.ackSubscribe,
      M.ackUnsubscribe,
      M.error,
      data,
      ...(snap ? [snap] : []),
      ...(replayable ? [M.resyncRequired] : []),
    ];
    channels[channel] = {
      address: null,
      title: channel,
      summary: `Messages of type \`${MESSAGE_TYPE[channel]}\``,
      description: `${CHANNEL_DESCRIPTION[channel]} Multiplexed on the /ws connection: select it with \`channel: "${channel}"\`. ${
        replayable
          ? `Its messages are kept in the account's replay buffer (TAS_WS_REPLAY_BUFFER) for \`last_seq\`.`
          : "Its messages are never replayed."
      }`,
      servers: [ref("#/servers/plain"), ref("#/servers/tls")],
      messages: Object.fromEntries(keys.map((k) => [k, ref(`#/components/messages/${k}`)])),
      bindings: ref("#/components/channelBindings/ws"),
    };
    operations[subKey] = {
      action: "receive",
      title: `subscribe ${channel}`,
      summary: `The client subscribes to ${channel} of an account`,
      channel: channelRef(channel),
      messages: [msgRef(channel, subKey)],
      reply: {
        channel: channelRef(channel),
        messages: [msgRef(channel, M.ackSubscribe), msgRef(channel, M.error)],
      },
    };
    operations[unsubKey] = {
      action: "receive",
      title: `unsubscribe ${channel}`,
      summary: `The client ends (part of) a ${channel} subscription`,
      channel: channelRef(channel),
      messages: [msgRef(channel, unsubKey)],
      reply: {
        channel: channelRef(channel),
        messages: [msgRef(channel, M.ackUnsubscribe), msgRef(channel, M.error)],
      },
    };
    operations[`send${capital(MESSAGE_TYPE[channel])}`] = {
      action: "send",
      title: MESSAGE_TYPE[channel],
      summary: MESSAGES[data]?.summary,
      channel: channelRef(channel),
      messages: [msgRef(channel, data)],
    };
    if (snap) {
      operations[`send${capital(channel)}Snapshot`] = {
        action: "send",
        title: `snapshot (${channel})`,
        summary:
          channel === "session"
            ? "After the ack of a subscribe without a usable last_seq"
            : "After the ack of a subscribe without a usable last_seq, and whenever the session (re)connects",
        channel: channelRef(channel),
        messages: [msgRef(channel, snap)],
      };
    }
    if (replayable) {
      operations[`send${capital(channel)}ResyncRequired`] = {
        action: "send",
        title: `resync_required (${channel})`,
        summary:
          "A subscribe's last_seq is older than the replay buffer (or ahead of the server's seq, after a restart)",
        channel: channelRef(channel),
        messages: [msgRef(channel, M.resyncRequired)],
      };
    }
  }

  const messages = Object.fromEntries(
    Object.entries(MESSAGES).map(([key, m]) => [
      key,
      {
        name: m.name,
        title: m.title,
        summary: m.summary,
        ...(m.description ? { description: m.description } : {}),
        contentType: "application/json",
        payload: plain(m.payload),
        ...(m.examples ? { examples: m.examples } : {}),
      },
    ]),
  );

  return {
    asyncapi: "3.0.0",
    info: {
      title: "Trading Account Service — WebSocket streaming",
      version: opts.version,
      description: [
        "Streams quotes, bars, account summaries, trade events, session status and EA events of the accounts an API key owns, over one WebSocket connection to `/ws?apiKey=sk_…` on the HTTP port.",
        "",
        "Every client frame is a JSON object with an `op` (subscribe, unsubscribe, ping) and an optional `id` echoed in the answer (`ack` or `error`). Every server message is `{type, account_id, seq, data}`; `seq` increases per account across all channels and connections.",
        "",
        "Back-pressure: a congested socket queues its messages in order, conflating quotes and bar updates to the latest per symbol and account summaries to the latest per account; trade, session, ea and bar-close messages are never dropped; past TAS_WS_BUFFER_MESSAGES the socket closes with 4000. Limits: TAS_WS_MAX_CONNECTIONS_PER_KEY sockets per key, TAS_WS_MAX_SUBSCRIPTIONS units per connection, a frame budget of TAS_WS_MESSAGE_RATE/s (burst TAS_WS_MESSAGE_BURST). Bun pings idle sockets; one silent for TAS_WS_IDLE_TIMEOUT_SECONDS is dropped.",
        "",
        "The REST API is described by `/openapi.json` (rendered at `/docs`).",
      ].join("\n"),
      license: { name: "MIT" },
    },
    defaultContentType: "application/json",
    servers: {
      plain: server("ws", "The service's HTTP port (native Bun WebSockets)."),
      tls: server(
        "wss",
        "The same endpoint behind a TLS-terminating reverse proxy (the service itself speaks plain ws).",
      ),
    },
    channels,
    operations,
    components: {
      schemas: Object.fromEntries(Object.entries(SCHEMAS).map(([k, s]) => [k, plain(s)])),
      messages,
      securitySchemes: {
        apiKey: {
          type: "httpApiKey",
          name: "apiKey",
          in: "query",
          description:
            "An API key (`sk_…`), checked as on REST. Without one, or with an invalid one, the socket closes with 1008.",
        },
      },
      channelBindings: {
        ws: {
          ws: {
            method: "GET",
            query: {
              type: "object",
              properties: {
                apiKey: { type: "string", pattern: "^sk_", description: "The API key" },
              },
              required: ["apiKey"],
            },
            bindingVersion: "0.1.0",
          },
        },
      },
    },
  };
}
