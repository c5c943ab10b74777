// Runs the demo broker inside the service process, in its own Bun worker, so broker work never
// blocks the API thread. The worker owns its own database (DATA_DIR/broker, or schema `broker`
// on Postgres) and listens on BROKER_HOST:BROKER_PORT like a standalone broker.
import type { DemoBrokerConfig } from "./server/run.ts";
import type { BrokerWorkerReply, BrokerWorkerRequest } from "./server/worker.ts";

export interface EmbeddedBroker {
  readonly port: number;
  stop(): Promise<void>;
}

export function startEmbeddedBroker(
  config: DemoBrokerConfig,
  timeoutMs = 120_000,
): Promise<EmbeddedBroker> {
  const worker = new Worker(new URL("./server/worker.ts", import.meta.url).href);
  const post = (msg: BrokerWorkerRequest) => worker.postMessage(msg);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      worker.terminate();
      reject(new Error(`demo broker did not start within ${timeoutMs} ms`));
    }, timeoutMs);
    worker.onerror = (event) => {
      clearTimeout(timer);
      reject(new Error(`demo broker worker failed: ${event.message}`));
    };
    worker.onmessage = (event: MessageEvent<BrokerWorkerReply>) => {
      const msg = event.data;
      if (msg.type === "failed") {
        clearTimeout(timer);
        worker.terminate();
        reject(new Error(`demo broker failed to start: ${msg.message}`));
      } else if (msg.type === "ready") {
        clearTimeout(timer);
        resolve({
          port: msg.port,
          stop: () =>
            new Promise<void>((done) => {
              const guard = setTimeout(() => {
                worker.terminate();
                done();
              }, 10_000);
              worker.onmessage = (e: MessageEvent<BrokerWorkerReply>) => {
                if (e.data.type === "stopped") {
                  clearTimeout(guard);
                  worker.terminate();
                  done();
                }
              };
              post({ type: "stop" });
            }),
        });
      }
    };
    post({ type: "start", config });
  });
}
