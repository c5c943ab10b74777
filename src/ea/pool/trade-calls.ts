// Trade calls made by EAs inside the isolate (OrderSend, HistorySelect…): what the injected
// TradeGateway receives and answers, and the host `call` message turned into its `callResult`.

import type { HostToPool, PoolToHost } from "../protocol.ts";

/** Trade-call kinds that cross from the isolate (ea-runtime/README.md "__host_call kinds"). */
export type TradeCallKind = "OrderSend" | "OrderSendAsync" | "OrderCheck" | "HistorySelect";

const TRADE_CALL_KINDS: ReadonlySet<string> = new Set<TradeCallKind>([
  "OrderSend",
  "OrderSendAsync",
  "OrderCheck",
  "HistorySelect",
]);

/** A synchronous trade call made by an EA, as the gateway receives it. */
export interface TradeCall {
  instanceId: string;
  kind: TradeCallKind;
  /** MqlTradeRequest fields (OrderSend/OrderSendAsync/OrderCheck) or `{ from, to }` (s). */
  payload: Record<string, unknown>;
}

/** The answer given back to the runtime (its HostAnswer). */
export interface TradeAnswer {
  /** MqlTradeResult / MqlTradeCheckResult fields. */
  result?: Record<string, unknown>;
  /** Snapshot delta merged at once (new positions, orders, account, deals). */
  snapshot?: Record<string, unknown>;
  /** HistorySelect. */
  deals?: Record<string, unknown>[];
  orders?: Record<string, unknown>[];
  /** Makes the call fail with ERR_TRADE_SEND_FAILED / TRADE_RETCODE_ERROR. */
  error?: string;
}

/** Answers EA trade calls (the service implements it with broker sessions). */
export interface TradeGateway {
  call(call: TradeCall): Promise<TradeAnswer> | TradeAnswer;
}

export type CallMessage = Extract<HostToPool, { type: "call" }>;

function isTradeCallKind(kind: string): kind is TradeCallKind {
  return TRADE_CALL_KINDS.has(kind);
}

/** Asks the gateway and builds the host's `callResult`; any failure (unknown kind, bad payload,
 * a gateway that throws) becomes its `error` text. Never rejects. */
export async function answerTradeCall(
  gateway: TradeGateway,
  m: CallMessage,
): Promise<Extract<PoolToHost, { type: "callResult" }>> {
  try {
    const kind = m.kind;
    if (!isTradeCallKind(kind)) {
      throw new Error(`unsupported host call ${kind}`);
    }
    const payload: unknown = JSON.parse(m.payload);
    if (typeof payload !== "object" || payload === null || Array.isArray(payload)) {
      throw new Error("host call payload must be an object");
    }
    const answer = await gateway.call({
      instanceId: m.instanceId,
      kind,
      payload: payload as Record<string, unknown>,
    });
    return { type: "callResult", id: m.id, answer: JSON.stringify(answer) };
  } catch (err) {
    return {
      type: "callResult",
      id: m.id,
      error: err instanceof Error ? err.message : String(err),
    };
  }
}
