// The demo broker's wire protocol, version 1 (documented in docs/broker-protocol.md): JSON text
// frames over WebSocket. Requests `{id, op, ...params}` are answered `{id, ok: true, data}` or
// `{id, ok: false, error: {reason, retcode?, message}}`; the server pushes `{event, data}`.
// Every op's parameters are a TypeBox schema checked with a compiled validator.
import { type Static, type TLiteral, type TSchema, type TUnion, Type } from "@sinclair/typebox";
import { TypeCompiler } from "@sinclair/typebox/compiler";
import { SENDABLE_ORDER_TYPES, TIMEFRAMES } from "../../mt5/vocabulary.ts";

export const PROTOCOL_VERSION = 1;
/** Largest accepted frame, bytes. */
export const MAX_FRAME_BYTES = 65_536;

const Int = (opts = {}) => Type.Integer(opts);
const Num = (opts = {}) => Type.Number(opts);
const Str = (max: number, opts = {}) => Type.String({ maxLength: max, ...opts });
const SymbolName = Str(32, { minLength: 1 });
const Ticket = Int({ minimum: 1 });
const TimeMs = Int({ minimum: 0 });
const Opt = Type.Optional;

/** A union of string literals that keeps the literal types. */
function literals<const T extends readonly string[]>(
  values: T,
): TUnion<{ -readonly [K in keyof T]: TLiteral<T[K]> }> {
  return Type.Union(values.map((v) => Type.Literal(v))) as never;
}

const FillPolicy = literals(["FillOrKill", "ImmediateOrCancel", "FlashFill", "Any"] as const);
const ExpirationType = literals(["GTC", "Today", "Specified", "SpecifiedDay"] as const);
const PlacedType = literals([
  "Manually",
  "ByExpert",
  "ByDealer",
  "Gateway",
  "Signal",
  "Mobile",
  "Web",
  "ExternalService",
] as const);
const OrderType = literals(SENDABLE_ORDER_TYPES);
const Timeframe = literals(TIMEFRAMES);

const closed = <T extends Record<string, TSchema>>(props: T) =>
  Type.Object(props, { additionalProperties: false });

/** Parameters of an order: `order.send` executes them, `order.check` only values them. */
const OrderSendParams = closed({
  symbol: SymbolName,
  orderType: OrderType,
  volume: Num({ exclusiveMinimum: 0, maximum: 1e6 }),
  price: Opt(Num({ minimum: 0 })),
  stopLimitPrice: Opt(Num({ minimum: 0 })),
  stopLoss: Opt(Num({ minimum: 0 })),
  takeProfit: Opt(Num({ minimum: 0 })),
  deviation: Opt(Int({ minimum: 0, maximum: 1_000_000 })),
  fillPolicy: Opt(FillPolicy),
  expirationType: Opt(ExpirationType),
  expirationMs: Opt(TimeMs),
  position: Opt(Ticket),
  expertId: Opt(Int({ minimum: 0 })),
  comment: Opt(Str(64)),
  clientOrderId: Opt(Str(64)),
  requestId: Opt(Int({ minimum: 0 })),
  placedType: Opt(PlacedType),
});

/** Parameters of every op (besides `id` and `op`). */
export const OPS = {
  hello: closed({ version: Int({ minimum: 1 }) }),
  login: closed({
    login: Int({ minimum: 1 }),
    password: Str(256, { minLength: 1 }),
    server: Opt(Str(64)),
  }),
  "demo.create": closed({
    server: Opt(Str(64)),
    group: Opt(Str(64)),
    leverage: Opt(Int({ minimum: 1, maximum: 3000 })),
    currency: Opt(Str(3, { minLength: 3 })),
    deposit: Opt(Num({ minimum: 0, maximum: 1e9 })),
    name: Opt(Str(128)),
  }),
  ping: closed({}),
  time: closed({}),
  symbols: closed({}),
  symbol: closed({ name: SymbolName }),
  sessions: closed({ symbol: SymbolName }),
  quote: closed({ symbol: SymbolName }),
  "quotes.subscribe": closed({ symbols: Type.Array(SymbolName, { maxItems: 100 }) }),
  "quotes.unsubscribe": closed({ symbols: Type.Array(SymbolName, { maxItems: 100 }) }),
  bars: closed({
    symbol: SymbolName,
    timeframe: Timeframe,
    from: Opt(TimeMs),
    to: Opt(TimeMs),
    count: Opt(Int({ minimum: 1, maximum: 100_000 })),
  }),
  account: closed({}),
  positions: closed({}),
  orders: closed({}),
  deals: closed({ from: TimeMs, to: TimeMs }),
  "deals.position": closed({ position: Ticket }),
  "history.orders": closed({ from: TimeMs, to: TimeMs }),
  "positions.closed": closed({ from: TimeMs, to: TimeMs }),
  "order.send": OrderSendParams,
  /** MT5 OrderCheck: the same parameters, validated and valued without executing. */
  "order.check": OrderSendParams,
  "position.modify": closed({
    ticket: Ticket,
    stopLoss: Opt(Num({ minimum: 0 })),
    takeProfit: Opt(Num({ minimum: 0 })),
  }),
  "order.modify": closed({
    ticket: Ticket,
    price: Opt(Num({ minimum: 0 })),
    stopLimitPrice: Opt(Num({ minimum: 0 })),
    stopLoss: Opt(Num({ minimum: 0 })),
    takeProfit: Opt(Num({ minimum: 0 })),
    expirationType: Opt(ExpirationType),
    expirationMs: Opt(TimeMs),
  }),
  "position.close": closed({
    ticket: Ticket,
    volume: Opt(Num({ exclusiveMinimum: 0, maximum: 1e6 })),
    price: Opt(Num({ minimum: 0 })),
    deviation: Opt(Int({ minimum: 0, maximum: 1_000_000 })),
    comment: Opt(Str(64)),
    expertId: Opt(Int({ minimum: 0 })),
    placedType: Opt(PlacedType),
    clientOrderId: Opt(Str(64)),
    requestId: Opt(Int({ minimum: 0 })),
  }),
  "order.cancel": closed({ ticket: Ticket }),
  "position.close_by": closed({
    ticket: Ticket,
    byTicket: Ticket,
    comment: Opt(Str(64)),
    expertId: Opt(Int({ minimum: 0 })),
    placedType: Opt(PlacedType),
  }),
} as const;

export type OpName = keyof typeof OPS;
export type OpParams<O extends OpName> = Static<(typeof OPS)[O]>;

const CHECKERS = Object.fromEntries(
  Object.entries(OPS).map(([name, schema]) => [name, TypeCompiler.Compile(schema)]),
) as { [O in OpName]: ReturnType<typeof TypeCompiler.Compile<(typeof OPS)[O]>> };

/** Ops that need no login. */
export const PUBLIC_OPS: ReadonlySet<OpName> = new Set<OpName>([
  "hello",
  "login",
  "demo.create",
  "ping",
  "time",
  "symbols",
  "symbol",
  "sessions",
  "quote",
  "bars",
]);

/** Ops that change an account (refused to investor logins). */
export const TRADE_OPS: ReadonlySet<OpName> = new Set<OpName>([
  "order.send",
  "position.modify",
  "order.modify",
  "position.close",
  "order.cancel",
  "position.close_by",
  "order.check",
]);

export interface ProtocolError {
  reason: string;
  message: string;
  retcode?: number;
}

export type ParsedRequest =
  | { ok: true; id: number | string; op: OpName; params: Record<string, unknown> }
  | { ok: false; id: number | string | null; error: ProtocolError };

/** Parses and validates one text frame. Never throws. */
export function parseRequest(frame: string): ParsedRequest {
  let value: unknown;
  try {
    value = JSON.parse(frame);
  } catch {
    return {
      ok: false,
      id: null,
      error: { reason: "BAD_FRAME", message: "frame is not valid JSON" },
    };
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return {
      ok: false,
      id: null,
      error: { reason: "BAD_FRAME", message: "frame must be a JSON object" },
    };
  }
  const { id, op, ...params } = value as Record<string, unknown>;
  const validId =
    (typeof id === "number" && Number.isSafeInteger(id)) ||
    (typeof id === "string" && id.length > 0 && id.length <= 64);
  if (!validId) {
    return {
      ok: false,
      id: null,
      error: {
        reason: "BAD_FRAME",
        message: "`id` must be an integer or a string of 1-64 characters",
      },
    };
  }
  const rid = id as number | string;
  if (typeof op !== "string" || !Object.hasOwn(OPS, op)) {
    return {
      ok: false,
      id: rid,
      error: { reason: "UNKNOWN_OP", message: `unknown op '${String(op)}'` },
    };
  }
  const name = op as OpName;
  const checker = CHECKERS[name];
  if (!checker.Check(params)) {
    const first = checker.Errors(params).First();
    const field = first?.path.replace(/^\//, "").replace(/\//g, ".") || "params";
    return {
      ok: false,
      id: rid,
      error: {
        reason: "INVALID_REQUEST",
        message: `invalid '${field}': ${first?.message ?? "does not match the op's parameters"}`,
      },
    };
  }
  return { ok: true, id: rid, op: name, params };
}
