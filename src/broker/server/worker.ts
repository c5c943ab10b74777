// Entry of the embedded demo broker's Bun worker: the service's main thread sends the broker's
// configuration, the worker runs the broker (own database, own WebSocket port) and answers
// `ready` with the port, or `failed` with the reason; `stop` drains and closes it.
import { type DemoBrokerConfig, type RunningDemoBroker, runDemoBroker } from "./run.ts";

declare const self: Worker;

export type BrokerWorkerRequest = { type: "start"; config: DemoBrokerConfig } | { type: "stop" };
export type BrokerWorkerReply =
  | { type: "ready"; port: number }
  | { type: "failed"; message: string }
  | { type: "stopped" };

let running: RunningDemoBroker | null = null;

self.onmessage = (event: MessageEvent<BrokerWorkerRequest>) => {
  const msg = event.data;
  if (msg.type === "start") {
    runDemoBroker(msg.config).then(
      (broker) => {
        running = broker;
        self.postMessage({ type: "ready", port: broker.port } satisfies BrokerWorkerReply);
      },
      (err: unknown) => {
        self.postMessage({
          type: "failed",
          message: (err as Error).message,
        } satisfies BrokerWorkerReply);
      },
    );
  } else if (msg.type === "stop") {
    const current = running;
    running = null;
    (current ? current.stop() : Promise.resolve()).finally(() => {
      self.postMessage({ type: "stopped" } satisfies BrokerWorkerReply);
    });
  }
};
