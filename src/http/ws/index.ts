// The /ws endpoint (ARCHITECTURE §8): native Bun WebSockets through Elysia on the HTTP port.
// Authenticates `?apiKey=sk_…` with the REST key service (close 1008 on failure, and at once when
// the key is revoked, rotated or disabled), keeps the registry of connections per key (with the
// per-key connection cap), parses client ops and answers each with `ack` or `error`, and hands
// subscriptions to the StreamHub. Account ownership is AccountService.load, so another key's
// account is ACCOUNT_NOT_FOUND exactly as on REST. Handlers never throw.
import type { ServerWebSocket } from "bun";
import { Elysia } from "elysia";
import type { Config } from "../../config/index.ts";
import { AppError, type ErrorCode } from "../../domain/errors.ts";
import type { Logger } from "../../logging/logger.ts";
import type { ServiceMetrics } from "../../observability/metrics.ts";
import type { AccountService } from "../../services/accounts.ts";
import type { KeyService } from "../../services/keys.ts";
import type { StreamRouter } from "../../streaming/hub.ts";
import { CLOSE, WsConnection } from "./connection.ts";
import { type ClientOp, HARD_FRAME_BYTES, parseFrame } from "./frames.ts";

export interface WsDeps {
  readonly config: Config;
  readonly logger: Logger;
  readonly keys: Pick<KeyService, "verify" | "onRevoke">;
  readonly accounts: Pick<AccountService, "load">;
  /** Where the open connections and their queued messages are reported (/metrics). */
  readonly metrics?: Pick<ServiceMetrics, "provide">;
  /** Registers what runs when the service stops (src/server.ts), before the server does. */
  readonly onStop?: (fn: () => void) => void;
}

/** Bun websocket server options for /ws (set on the root app: Bun has one set per server). */
export function wsServerOptions(config: Config) {
  return {
    /** Idle sockets are pinged; one that answers nothing for this long is dropped. */
    idleTimeout: config.wsIdleTimeoutSeconds,
    sendPings: true,
    /** Hard frame cap (closes with 1009); frames over wsMaxFrameBytes get an error reply. */
    maxPayloadLength: HARD_FRAME_BYTES,
    /** Our own queue keeps sockets far below this; past it Bun would drop messages. */
    backpressureLimit: 64 * 1024 * 1024,
    closeOnBackpressureLimit: true,
    perMessageDeflate: false,
  } as const;
}

type Raw = ServerWebSocket<unknown>;

/** Open connections by key id (for the per-key cap and for revocation). */
class ConnectionRegistry {
  private readonly byKey = new Map<string, Set<WsConnection>>();

  count(keyId: string): number {
    return this.byKey.get(keyId)?.size ?? 0;
  }

  add(keyId: string, conn: WsConnection): void {
    const set = this.byKey.get(keyId) ?? new Set();
    set.add(conn);
    this.byKey.set(keyId, set);
  }

  remove(conn: WsConnection): void {
    const keyId = conn.principal?.keyId;
    if (!keyId) {
      return;
    }
    const set = this.byKey.get(keyId);
    set?.delete(conn);
    if (set?.size === 0) {
      this.byKey.delete(keyId);
    }
  }

  closeKey(keyId: string, code: number, reason: string): void {
    for (const conn of [...(this.byKey.get(keyId) ?? [])]) {
      conn.close(code, reason);
    }
  }
}

const errorText = (
  id: string | number | null,
  accountId: string | null,
  code: ErrorCode,
  message: string,
): string =>
  JSON.stringify({ type: "error", id, account_id: accountId, seq: null, error: { code, message } });

export function wsModule(deps: WsDeps, hub: StreamRouter) {
  const { config, logger } = deps;
  const registry = new ConnectionRegistry();
  const conns = new Map<Raw, WsConnection>();
  /** Frames that arrived while the key was being verified. */
  const early = new Map<WsConnection, unknown[]>();
  deps.metrics?.provide("wsClients", () => conns.size);
  // Open sockets would hold the server's graceful stop forever: at a stop they are closed with
  // 1001 (going away), and clients resume with last_seq (on another node behind a balancer).
  deps.onStop?.(() => {
    for (const conn of [...conns.values()]) {
      conn.close(CLOSE.GOING_AWAY, "the service is shutting down");
    }
  });
  deps.metrics?.provide("wsQueuedMessages", () => {
    let queued = 0;
    for (const conn of conns.values()) {
      queued += conn.queued;
    }
    return queued;
  });
  const limits = {
    softBufferBytes: config.wsSoftBufferBytes,
    bufferMessages: config.wsBufferMessages,
    messageRate: config.wsMessageRate,
    messageBurst: config.wsMessageBurst,
    maxViolations: config.wsMaxViolations,
  };

  deps.keys.onRevoke((keyId, removedAccounts) => {
    registry.closeKey(keyId, CLOSE.POLICY, "API key revoked");
    for (const accountId of removedAccounts) {
      hub.forget(accountId);
    }
  });

  const handleOp = async (conn: WsConnection, op: ClientOp): Promise<void> => {
    const principal = conn.principal;
    if (!principal) {
      return;
    }
    if (op.op === "ping") {
      conn.deliver(
        JSON.stringify({
          type: "ack",
          id: op.id,
          account_id: null,
          seq: null,
          data: { op: "ping", time: new Date().toISOString() },
        }),
        null,
      );
      return;
    }
    try {
      const account = await deps.accounts.load(principal, op.account_id);
      if (conn.closed) {
        return;
      }
      if (op.op === "subscribe") {
        await hub.subscribe(
          conn,
          {
            id: op.id,
            channel: op.channel,
            accountId: account.id,
            ...(op.symbols ? { symbols: op.symbols } : {}),
            ...(op.timeframe ? { timeframe: op.timeframe } : {}),
            ...(op.last_seq !== undefined ? { lastSeq: op.last_seq } : {}),
          },
          config.wsMaxSubscriptionsPerConnection,
        );
        return;
      }
      const removed = hub.unsubscribe(
        conn,
        account.id,
        op.channel,
        op.timeframe ?? null,
        op.symbols,
      );
      conn.deliver(
        JSON.stringify({
          type: "ack",
          id: op.id,
          account_id: account.id,
          seq: hub.seqOf(account.id),
          data: { op: "unsubscribe", channel: op.channel, removed },
        }),
        null,
      );
    } catch (err) {
      if (err instanceof AppError) {
        conn.deliver(errorText(op.id, op.account_id, err.code, err.message), null);
        return;
      }
      logger.error({ err }, "ws op failed");
      conn.deliver(errorText(op.id, op.account_id, "INTERNAL_ERROR", "Internal error"), null);
    }
  };

  const onFrame = (conn: WsConnection, message: unknown): void => {
    if (conn.closed) {
      return;
    }
    if (!conn.admit()) {
      if (!conn.closed) {
        conn.deliver(
          errorText(null, null, "RATE_LIMITED", "Too many frames; slow down or be disconnected"),
          null,
        );
      }
      return;
    }
    const parsed = parseFrame(message, config.wsMaxFrameBytes);
    if (!parsed.ok) {
      conn.deliver(errorText(parsed.id, null, parsed.code, parsed.message), null);
      return;
    }
    void handleOp(conn, parsed.op);
  };

  const authenticate = async (conn: WsConnection, apiKey: string | undefined): Promise<void> => {
    if (!apiKey) {
      conn.close(
        CLOSE.POLICY,
        "API key required: pass it as the apiKey query parameter (/ws?apiKey=sk_…)",
      );
      return;
    }
    let principal: Awaited<ReturnType<WsDeps["keys"]["verify"]>> = null;
    try {
      principal = await deps.keys.verify(apiKey);
    } catch (err) {
      logger.error({ err }, "ws key verification failed");
    }
    if (conn.closed) {
      return;
    }
    if (!principal) {
      conn.close(CLOSE.POLICY, "Invalid API key");
      return;
    }
    if (registry.count(principal.keyId) >= config.wsMaxConnectionsPerKey) {
      conn.close(
        CLOSE.POLICY,
        `Too many connections for this API key (limit ${config.wsMaxConnectionsPerKey})`,
      );
      return;
    }
    conn.principal = principal;
    registry.add(principal.keyId, conn);
    const pending = early.get(conn) ?? [];
    early.delete(conn);
    for (const frame of pending) {
      onFrame(conn, frame);
    }
  };

  return new Elysia({ name: "ws" }).ws("/ws", {
    open(ws) {
      const conn = new WsConnection(ws.raw as Raw, limits);
      conns.set(ws.raw as Raw, conn);
      early.set(conn, []);
      const apiKey = (ws.data.query as Record<string, string | undefined>).apiKey;
      void authenticate(conn, apiKey);
    },
    message(ws, message) {
      const conn = conns.get(ws.raw as Raw);
      if (!conn) {
        return;
      }
      const waiting = early.get(conn);
      if (waiting) {
        if (waiting.length < config.wsMessageBurst) {
          waiting.push(message);
        }
        return;
      }
      onFrame(conn, message);
    },
    drain(ws) {
      conns.get(ws.raw as Raw)?.flush();
    },
    close(ws) {
      const conn = conns.get(ws.raw as Raw);
      if (!conn) {
        return;
      }
      conns.delete(ws.raw as Raw);
      early.delete(conn);
      conn.closed = true;
      registry.remove(conn);
      hub.detach(conn);
    },
  });
}
