// The node's NATS connection (the NATS project's own client): JSON messages, the typed RPC of
// rpc.ts served on this node's subject and sent to others, and broadcasts. Requests to a node are
// tracked so that when the node is found dead they are answered at once instead of at their
// timeout. This is the only module that touches NATS.
import {
  connect,
  type NatsConnection,
  NoRespondersError,
  RequestError,
  type Subscription,
} from "@nats-io/transport-node";
import type { Logger } from "../logging/logger.ts";
import {
  type ClusterArgs,
  type ClusterMethod,
  type ClusterMethods,
  type ClusterReply,
  type ClusterRequest,
  type ClusterResult,
  type ClusterSubjects,
  clusterSubjects,
  errorReply,
} from "./rpc.ts";

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** How a request to another node ended without an answer. */
export type RpcFailure =
  /** Nobody serves that node's subject: the request reached no one. */
  | "no_responders"
  /** Sent, no answer in time (or the node died with it): it may have been carried out. */
  | "timeout";

export class RpcError extends Error {
  constructor(
    readonly failure: RpcFailure,
    message: string,
  ) {
    super(message);
  }
}

/** Thrown by a handler asked about an account it does not own at that epoch (nothing was done). */
export class NotOwnerError extends Error {
  constructor(
    readonly holder: string | null,
    readonly epoch: number,
  ) {
    super("not the owner of the account");
  }
}

/** Handlers of the methods this node answers. */
export type ClusterHandlers = {
  [M in ClusterMethod]: (args: ClusterArgs<M>) => Promise<ClusterResult<M>>;
};

interface InFlight {
  readonly node: string;
  readonly fail: (err: RpcError) => void;
}

export class ClusterBus {
  private readonly subs: Subscription[] = [];
  private readonly inFlight = new Set<InFlight>();
  /** Unsubscribes the broadcasts of `subscribe`. */
  private readonly stops: Array<() => void> = [];

  /** This cluster's subjects (rpc.ts). */
  readonly subjects: ClusterSubjects;

  private constructor(
    private readonly nc: NatsConnection,
    private readonly logger: Logger,
    cluster: string,
  ) {
    this.subjects = clusterSubjects(cluster);
  }

  static async connect(
    natsUrl: string,
    cluster: string,
    nodeId: string,
    logger: Logger,
  ): Promise<ClusterBus> {
    const nc = await connect({
      servers: natsUrl.split(",").map((s) => s.trim()),
      name: `tas:${nodeId}`,
      maxReconnectAttempts: -1,
      reconnectTimeWait: 500,
    });
    return new ClusterBus(nc, logger, cluster);
  }

  /** Whether the connection is up (for readiness and metrics). */
  get connected(): boolean {
    return !this.nc.isClosed() && !this.nc.isDraining() && this.nc.info !== undefined;
  }

  /** Serves this node's RPC subject. */
  serve(nodeId: string, handlers: ClusterHandlers): void {
    this.subs.push(
      this.nc.subscribe(this.subjects.rpc(nodeId), {
        callback: (err, msg) => {
          if (err) {
            return;
          }
          let request: ClusterRequest;
          try {
            request = JSON.parse(decoder.decode(msg.data)) as ClusterRequest;
          } catch {
            msg.respond(encoder.encode(JSON.stringify(errorReply(new Error("bad request")))));
            return;
          }
          const handler = handlers[request.method] as
            | ((args: unknown) => Promise<unknown>)
            | undefined;
          const answer = handler
            ? handler(request.args).then(
                (data): ClusterReply => ({ ok: true, data: data === undefined ? null : data }),
                (err: unknown): ClusterReply =>
                  err instanceof NotOwnerError
                    ? { ok: false, notOwner: { holder: err.holder, epoch: err.epoch } }
                    : errorReply(err),
              )
            : Promise.resolve(errorReply(new Error("unknown method")));
          void answer.then((reply) => {
            msg.respond(encoder.encode(JSON.stringify(reply)));
          });
        },
      }),
    );
  }

  /**
   * Asks `node`. Resolves with its reply (which may be an error or notOwner); rejects with an
   * RpcError when no answer came.
   */
  request<M extends ClusterMethod>(
    node: string,
    method: M,
    args: ClusterMethods[M]["args"],
    timeoutMs: number,
  ): Promise<ClusterReply> {
    return new Promise<ClusterReply>((resolve, reject) => {
      const entry: InFlight = { node, fail: reject };
      this.inFlight.add(entry);
      this.nc
        .request(this.subjects.rpc(node), encoder.encode(JSON.stringify({ method, args })), {
          timeout: timeoutMs,
        })
        .then(
          (msg) => resolve(JSON.parse(decoder.decode(msg.data)) as ClusterReply),
          (err: unknown) => {
            const noResponders =
              err instanceof NoRespondersError ||
              (err instanceof RequestError && err.isNoResponders());
            reject(
              new RpcError(
                noResponders ? "no_responders" : "timeout",
                noResponders
                  ? `node ${node} is not serving`
                  : `node ${node} did not answer within ${timeoutMs} ms`,
              ),
            );
          },
        )
        .finally(() => this.inFlight.delete(entry));
    });
  }

  /** Answers every request in flight to `node` as timed out (the node was found dead). */
  failRequestsTo(node: string): void {
    for (const entry of this.inFlight) {
      if (entry.node === node) {
        this.inFlight.delete(entry);
        entry.fail(new RpcError("timeout", `node ${node} stopped while the request was in flight`));
      }
    }
  }

  publish(subject: string, message: unknown): void {
    try {
      this.nc.publish(subject, encoder.encode(JSON.stringify(message)));
    } catch (err) {
      this.logger.warn({ err: String(err), subject }, "cluster publish failed");
    }
  }

  /** Listens on `subject` for as long as the bus is open. */
  subscribe<T>(subject: string, onMessage: (message: T, subject: string) => void): void {
    this.stops.push(this.listen(subject, onMessage));
  }

  /** Listens on `subject` until the returned function is called; bad JSON is dropped. */
  listen<T>(subject: string, onMessage: (message: T, subject: string) => void): () => void {
    const sub = this.nc.subscribe(subject, {
      callback: (err, msg) => {
        if (err) {
          return;
        }
        let message: T;
        try {
          message = JSON.parse(decoder.decode(msg.data)) as T;
        } catch {
          return;
        }
        try {
          onMessage(message, msg.subject);
        } catch (e) {
          this.logger.error({ err: String(e), subject: msg.subject }, "cluster message failed");
        }
      },
    });
    return () => sub.unsubscribe();
  }

  /** Waits until everything published so far has reached the server. */
  flush(): Promise<void> {
    return this.nc.flush();
  }

  async close(): Promise<void> {
    for (const sub of this.subs) {
      sub.unsubscribe();
    }
    for (const stop of this.stops) {
      stop();
    }
    await this.nc.drain().catch(() => this.nc.close());
  }
}
