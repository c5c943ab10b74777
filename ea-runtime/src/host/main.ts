/// <reference types="node" />
/**
 * Entry of the EA host process (Node 20, started by src/ea/host-pool.ts as
 * `node --no-node-snapshot <bundled main.mjs>`). The same file is the I/O worker thread's
 * entry: the main thread runs ./host.ts, the worker runs ./io-thread.ts.
 *
 * This folder is TypeScript bundled by the pool with Bun.build (target node, ESM) into a file
 * under the pool's work directory at start-up, so the host imports src/ea/protocol.ts — the same
 * message schemas as the pool. isolated-vm is not bundled: its absolute path comes in `hello`.
 */

import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";
import type { PoolToHost } from "../../../src/ea/protocol.ts";
import { createSlot } from "./bridge.ts";
import { EaHost } from "./host.ts";
import { type IoNotice, runIoThread } from "./io-thread.ts";
import { hostLog } from "./log.ts";

function main(): void {
  const slot = createSlot();
  const host = new EaHost(slot, (code) => process.exit(code));
  const io = new Worker(new URL(import.meta.url), { workerData: { sab: slot.sab } });
  io.on("message", (m: PoolToHost | IoNotice) => host.handle(m));
  io.on("error", (err) => {
    hostLog("error", "I/O thread failed", { error: String(err) });
    process.exit(3);
  });
  io.on("exit", (code) => {
    hostLog("error", "I/O thread exited", { code });
    process.exit(3);
  });
}

if (isMainThread) {
  main();
} else if (parentPort) {
  const data: unknown = workerData;
  const sab = typeof data === "object" && data !== null ? Reflect.get(data, "sab") : undefined;
  if (!(sab instanceof SharedArrayBuffer)) {
    throw new Error("EA host I/O thread needs workerData.sab");
  }
  runIoThread(parentPort, sab);
}
