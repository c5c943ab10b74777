/// <reference types="node" />
/**
 * The host's synchronous side of the IPC: writing frames to stdout from the main thread, and the
 * shared-memory slot through which the I/O thread hands the main thread the answer to a trade
 * call while the main thread is parked in `Atomics.wait` (inside an isolate's `__host_call`).
 *
 * Slot layout (one SharedArrayBuffer per host, created by the main thread, shared with the I/O
 * thread): Int32 words [STATE, EXPECT, LENGTH, FLAGS, EOF], a Float64 watchdog deadline at byte
 * 32, and the answer bytes from byte 64. Only one trade call is in flight per host (the main
 * thread is single-threaded), so one slot suffices. EXPECT is claimed with compareExchange by
 * whichever side gets there first (the I/O thread delivering, or the main thread giving up), so
 * a late answer can never be read as the answer to a later call.
 */

import { writeSync } from "node:fs";
import { encodeFrame, type HostToPool } from "../../../src/ea/protocol.ts";

/** Int32 word indices. */
export const STATE = 0;
export const EXPECT = 1;
export const LENGTH = 2;
export const FLAGS = 3;
export const EOF = 4;
/** Index in `f64` (byte 32) of the watchdog deadline, epoch ms; 0 = main thread idle. */
export const DEADLINE = 0;
export const DATA_OFFSET = 64;
/** Largest trade-call answer, bytes. */
export const DATA_CAPACITY = 4 * 1024 * 1024;

export const FLAG_ANSWER = 0;
export const FLAG_ERROR = 1;
export const FLAG_TOO_LARGE = 2;

/** Views of the slot. */
export interface Slot {
  sab: SharedArrayBuffer;
  i32: Int32Array;
  f64: Float64Array;
  bytes: Uint8Array;
}

export function createSlot(sab = new SharedArrayBuffer(DATA_OFFSET + DATA_CAPACITY)): Slot {
  return {
    sab,
    i32: new Int32Array(sab, 0, 8),
    f64: new Float64Array(sab, 32, 4),
    bytes: new Uint8Array(sab, DATA_OFFSET, DATA_CAPACITY),
  };
}

const sleeper = new Int32Array(new SharedArrayBuffer(4));

/** Writes one frame to stdout synchronously (handles partial writes and EAGAIN). */
export function writeMessage(message: HostToPool): void {
  const frame = encodeFrame(message);
  let offset = 0;
  while (offset < frame.byteLength) {
    try {
      offset += writeSync(1, frame, offset, frame.byteLength - offset);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EAGAIN") {
        throw err;
      }
      Atomics.wait(sleeper, 0, 0, 1);
    }
  }
}

/** Outcome of one synchronous trade call. */
export type CallResult =
  | { ok: true; answer: string }
  | { ok: false; error: string; timedOut: boolean };

const decoder = new TextDecoder();

/** Main-thread side: sends `call` and blocks until the answer or `timeoutMs`. */
export class SyncCaller {
  private seq = 0;

  constructor(private readonly slot: Slot) {}

  call(instanceId: string, kind: string, payload: string, timeoutMs: number): CallResult {
    const { i32 } = this.slot;
    if (Atomics.load(i32, EOF) === 1) {
      return { ok: false, error: "pool connection closed", timedOut: false };
    }
    this.seq = this.seq >= 0x3fffffff ? 1 : this.seq + 1;
    const id = this.seq;
    Atomics.store(i32, STATE, 0);
    Atomics.store(i32, EXPECT, id);
    writeMessage({ type: "call", id, instanceId, kind, payload });
    const deadline = performance.now() + timeoutMs;
    for (;;) {
      if (Atomics.load(i32, STATE) === 1) {
        return this.read();
      }
      if (Atomics.load(i32, EOF) === 1) {
        Atomics.compareExchange(i32, EXPECT, id, 0);
        return { ok: false, error: "pool connection closed", timedOut: false };
      }
      const remaining = deadline - performance.now();
      if (remaining <= 0) {
        if (Atomics.compareExchange(i32, EXPECT, id, 0) === id) {
          return { ok: false, error: `no answer within ${timeoutMs} ms`, timedOut: true };
        }
        // The I/O thread claimed the answer just now: it is being copied in.
        Atomics.wait(i32, STATE, 0, 1000);
        if (Atomics.load(i32, STATE) === 1) {
          return this.read();
        }
        return { ok: false, error: "answer lost", timedOut: true };
      }
      Atomics.wait(i32, STATE, 0, remaining);
    }
  }

  private read(): CallResult {
    const { i32, bytes } = this.slot;
    const len = Atomics.load(i32, LENGTH);
    const flags = Atomics.load(i32, FLAGS);
    Atomics.store(i32, STATE, 0);
    if (flags === FLAG_TOO_LARGE) {
      return { ok: false, error: "answer too large", timedOut: false };
    }
    const text = decoder.decode(bytes.slice(0, len));
    return flags === FLAG_ERROR
      ? { ok: false, error: text, timedOut: false }
      : { ok: true, answer: text };
  }
}

const encoder = new TextEncoder();

/** I/O-thread side: delivers an answer if the main thread still waits for call `id`. */
export function deliver(slot: Slot, id: number, text: string, isError: boolean): boolean {
  const { i32, bytes } = slot;
  if (Atomics.compareExchange(i32, EXPECT, id, -id) !== id) {
    return false; // late answer to a call that already gave up
  }
  const encoded = encoder.encode(text);
  if (encoded.byteLength > bytes.byteLength) {
    Atomics.store(i32, LENGTH, 0);
    Atomics.store(i32, FLAGS, FLAG_TOO_LARGE);
  } else {
    bytes.set(encoded, 0);
    Atomics.store(i32, LENGTH, encoded.byteLength);
    Atomics.store(i32, FLAGS, isError ? FLAG_ERROR : FLAG_ANSWER);
  }
  Atomics.store(i32, EXPECT, 0);
  Atomics.store(i32, STATE, 1);
  Atomics.notify(i32, STATE);
  return true;
}
