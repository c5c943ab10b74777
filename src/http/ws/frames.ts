// Parsing and validation of client frames on /ws: `subscribe`, `unsubscribe` and `ping` ops.
// Pure: returns the op or a VALIDATION_ERROR-style failure naming the field; never throws.
import type { ErrorCode } from "../../domain/errors.ts";
import { TIMEFRAMES, type Timeframe } from "../../mt5/vocabulary.ts";
import { CHANNELS, type Channel } from "../../streaming/messages.ts";

export type ClientOp =
  | {
      op: "subscribe" | "unsubscribe";
      id: string | number | null;
      channel: Channel;
      account_id: string;
      symbols?: string[];
      timeframe?: Timeframe;
      last_seq?: number;
    }
  | { op: "ping"; id: string | number | null };

export type ParsedFrame =
  | { ok: true; op: ClientOp }
  | { ok: false; id: string | number | null; code: ErrorCode; message: string };

/** Frames over this close the socket (1009, by Bun); frames up to it but over wsMaxFrameBytes get an error. */
export const HARD_FRAME_BYTES = 1024 * 1024;

/** Most symbols one subscribe frame may name. */
export const MAX_SYMBOLS_PER_FRAME = 100;

/** A symbol name in `symbols` (the AsyncAPI document states the same pattern). */
export const SYMBOL_PATTERN = "^[A-Za-z0-9._#-]{1,32}$";
const SYMBOL = new RegExp(SYMBOL_PATTERN);
/** Longest string `id` echoed back, and longest `account_id`. */
export const MAX_ID_LENGTH = 64;
export const MAX_ACCOUNT_ID_LENGTH = 64;

const fail = (id: string | number | null, message: string, code: ErrorCode = "VALIDATION_ERROR") =>
  ({ ok: false, id, code, message }) as const;

/**
 * Parses one frame. `raw` is what the framework handed over: an object when the text was JSON
 * it could parse, else the text itself (or bytes for binary frames).
 */
export function parseFrame(raw: unknown, maxBytes: number): ParsedFrame {
  let value: unknown = raw;
  if (typeof raw === "string") {
    if (raw.length > maxBytes) {
      return fail(null, `Frame exceeds the limit of ${maxBytes} bytes`, "PAYLOAD_TOO_LARGE");
    }
    try {
      value = JSON.parse(raw);
    } catch {
      return fail(null, "Malformed JSON frame");
    }
  } else if (raw instanceof Uint8Array || raw instanceof ArrayBuffer) {
    return fail(null, "Binary frames are not supported; send JSON text");
  } else if (raw !== null && typeof raw === "object") {
    // Already parsed by the framework: re-measure (whitespace aside) against the limit.
    if (JSON.stringify(raw).length > maxBytes) {
      return fail(
        idOf(raw as Record<string, unknown>),
        `Frame exceeds the limit of ${maxBytes} bytes`,
        "PAYLOAD_TOO_LARGE",
      );
    }
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    return fail(null, "A frame must be a JSON object with an 'op' field");
  }
  const f = value as Record<string, unknown>;
  const id = idOf(f);
  if (f.id !== undefined && f.id !== null && id === null) {
    return fail(null, "'id' must be a string (≤ 64 chars) or a number");
  }
  if (f.op === "ping") {
    return { ok: true, op: { op: "ping", id } };
  }
  if (f.op !== "subscribe" && f.op !== "unsubscribe") {
    return fail(
      id,
      typeof f.op === "string"
        ? `Unknown op '${f.op.slice(0, 32)}'; expected subscribe, unsubscribe or ping`
        : "'op' is required: subscribe, unsubscribe or ping",
    );
  }
  if (typeof f.channel !== "string" || !(CHANNELS as readonly string[]).includes(f.channel)) {
    return fail(id, `'channel' must be one of ${CHANNELS.join(", ")}`);
  }
  const channel = f.channel as Channel;
  if (
    typeof f.account_id !== "string" ||
    f.account_id.length === 0 ||
    f.account_id.length > MAX_ACCOUNT_ID_LENGTH
  ) {
    return fail(id, "'account_id' must be an account id string");
  }
  const op: Extract<ClientOp, { op: "subscribe" | "unsubscribe" }> = {
    op: f.op,
    id,
    channel,
    account_id: f.account_id,
  };
  if (f.symbols !== undefined) {
    if (
      !Array.isArray(f.symbols) ||
      f.symbols.length > MAX_SYMBOLS_PER_FRAME ||
      !f.symbols.every((s) => typeof s === "string" && SYMBOL.test(s))
    ) {
      return fail(
        id,
        `'symbols' must be an array of at most ${MAX_SYMBOLS_PER_FRAME} symbol names`,
      );
    }
    op.symbols = [...new Set(f.symbols as string[])];
  }
  if ((channel === "quotes" || channel === "bars") && f.op === "subscribe") {
    if (!op.symbols || op.symbols.length === 0) {
      return fail(id, `'symbols' is required for the ${channel} channel`);
    }
  }
  if (f.timeframe !== undefined || channel === "bars") {
    if (
      typeof f.timeframe !== "string" ||
      !(TIMEFRAMES as readonly string[]).includes(f.timeframe)
    ) {
      return fail(id, `'timeframe' must be one of ${TIMEFRAMES.join(", ")}`);
    }
    op.timeframe = f.timeframe as Timeframe;
  }
  if (f.last_seq !== undefined && f.last_seq !== null) {
    if (typeof f.last_seq !== "number" || !Number.isSafeInteger(f.last_seq) || f.last_seq < 0) {
      return fail(id, "'last_seq' must be a non-negative integer");
    }
    op.last_seq = f.last_seq;
  }
  return { ok: true, op };
}

function idOf(f: Record<string, unknown>): string | number | null {
  if (typeof f.id === "number" && Number.isFinite(f.id)) {
    return f.id;
  }
  if (typeof f.id === "string" && f.id.length <= MAX_ID_LENGTH) {
    return f.id;
  }
  return null;
}
