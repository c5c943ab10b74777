/// <reference types="node" />
/**
 * The EA host's I/O thread (a worker_thread): owns stdin, so frames from the pool keep arriving
 * while the main thread is blocked inside an isolate.
 *
 * - `callResult` frames (answers to trade calls) are delivered straight into the shared slot
 *   (./bridge.ts), waking the main thread parked in `Atomics.wait`;
 * - every other validated frame is posted to the main thread, in order;
 * - end of stdin (the pool is gone) sets the slot's EOF word and tells the main thread;
 * - the wall-clock watchdog of last resort: if the main thread stays inside one call more than
 *   `graceMs` past the deadline it published, the host kills itself (SIGKILL) and the pool
 *   restarts it. isolated-vm's timeout and the trade-call timeout normally fire long before.
 * Never writes to stdout (the main thread owns it).
 */

import { Socket } from "node:net";
import type { MessagePort } from "node:worker_threads";
import { FrameDecoder, firstError, PoolToHostCheck } from "../../../src/ea/protocol.ts";
import { createSlot, DEADLINE, deliver, EOF, STATE } from "./bridge.ts";
import { hostLog } from "./log.ts";

/** Messages from the I/O thread to the main thread besides validated pool frames. */
export type IoNotice = { type: "__eof" } | { type: "__fault"; message: string };

export function runIoThread(port: MessagePort, sab: SharedArrayBuffer): void {
  const slot = createSlot(sab);
  const decoder = new FrameDecoder();
  let graceMs = 1000;
  const input = new Socket({ fd: 0, readable: true, writable: false });
  let closed = false;
  const close = (): void => {
    if (closed) {
      return;
    }
    closed = true;
    Atomics.store(slot.i32, EOF, 1);
    Atomics.notify(slot.i32, STATE);
    port.postMessage({ type: "__eof" } satisfies IoNotice);
  };
  input.on("data", (chunk: Buffer) => {
    let messages: unknown[];
    try {
      messages = decoder.push(chunk);
    } catch (err) {
      port.postMessage({
        type: "__fault",
        message: `bad frame: ${String(err)}`,
      } satisfies IoNotice);
      input.destroy();
      close();
      return;
    }
    for (const m of messages) {
      if (!PoolToHostCheck.Check(m)) {
        port.postMessage({
          type: "__fault",
          message: `invalid message: ${firstError(PoolToHostCheck, m)}`,
        } satisfies IoNotice);
        continue;
      }
      if (m.type === "callResult") {
        deliver(slot, m.id, m.answer ?? m.error ?? "", m.answer === undefined);
        continue;
      }
      if (m.type === "hello") {
        graceMs = m.watchdogGraceMs;
      }
      port.postMessage(m);
    }
  });
  input.on("end", close);
  input.on("close", close);
  input.on("error", (err) => {
    hostLog("warn", "stdin error", { error: String(err) });
    close();
  });

  const timer = setInterval(
    () => {
      const deadline = slot.f64[DEADLINE] ?? 0;
      if (deadline > 0 && Date.now() > deadline + graceMs) {
        hostLog("error", "main thread stuck past its deadline; killing the host", {
          overrunMs: Date.now() - deadline,
        });
        process.kill(process.pid, "SIGKILL");
      }
    },
    Math.max(10, Math.floor(graceMs / 4)),
  );
  timer.unref();
}
