// One /ws connection as the streaming hub sees it (a StreamSink): an ordered outbound queue that
// engages when the socket is congested (Bun's buffered amount above the soft limit), conflating
// quotes and bar updates to the latest per key and keeping everything else; a connection whose
// queue still overflows is closed with 4000 and a resync notice. Also the per-connection frame
// budget (token bucket) against floods. No Elysia here; the socket is a minimal interface.
import type { KeyPrincipal } from "../../services/keys.ts";
import type { StagedMessage, StreamSink } from "../../streaming/hub.ts";

/** The parts of Bun's ServerWebSocket a connection uses. */
export interface RawSocket {
  /** Bytes sent (> 0), -1 when queued under back-pressure, 0 when dropped. */
  send(data: string): number;
  getBufferedAmount(): number;
  close(code?: number, reason?: string): void;
  /** Runs `fn` with the socket corked: what it sends goes out in one write. */
  cork(fn: () => void): unknown;
}

export interface ConnectionLimits {
  /** Buffered bytes above which the connection queues (and conflates). */
  readonly softBufferBytes: number;
  /** Messages the queue may hold before the connection is closed. */
  readonly bufferMessages: number;
  /** Frames per second (refill) and burst of the frame budget. */
  readonly messageRate: number;
  readonly messageBurst: number;
  /** Rate-limited frames (per minute) tolerated before closing with 4029. */
  readonly maxViolations: number;
}

/** Close codes used by /ws (besides 1000). */
export const CLOSE = {
  /** The service is stopping (a restart, a node draining): reconnect and resume with last_seq. */
  GOING_AWAY: 1001,
  /** Missing / invalid / revoked key, or too many connections for the key. */
  POLICY: 1008,
  /** A frame over the hard cap (`maxPayloadLength`, 1 MiB): Bun closes the socket itself. */
  MESSAGE_TOO_BIG: 1009,
  /** The client could not keep up: its buffer overflowed; reconnect with last_seq. */
  SLOW_CONSUMER: 4000,
  /** Too many frames (flood). */
  FLOOD: 4029,
} as const;

export class WsConnection implements StreamSink {
  principal: KeyPrincipal | null = null;
  closed = false;
  /** Outbound messages waiting for the socket to drain, in send order. */
  private readonly queue = new Map<string, string>();
  private nextKey = 0;
  private tokens: number;
  private refilledAt: number;
  private violations = 0;
  private violationWindowStart: number;

  constructor(
    readonly raw: RawSocket,
    private readonly limits: ConnectionLimits,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.tokens = limits.messageBurst;
    this.refilledAt = this.now();
    this.violationWindowStart = this.refilledAt;
  }

  /** Messages currently queued (for tests and metrics). */
  get queued(): number {
    return this.queue.size;
  }

  deliver(text: string, conflateKey: string | null): void {
    if (this.closed) {
      return;
    }
    if (this.queue.size === 0 && this.raw.getBufferedAmount() < this.limits.softBufferBytes) {
      if (this.raw.send(text) === 0) {
        this.overflow();
      }
      return;
    }
    if (conflateKey !== null) {
      // Latest wins, and moves to the tail so per-account seq order is kept.
      this.queue.delete(conflateKey);
      this.queue.set(conflateKey, text);
    } else {
      this.queue.set(`#${this.nextKey++}`, text);
    }
    if (this.queue.size > this.limits.bufferMessages) {
      this.overflow();
    }
  }

  /** Several messages in order, as `deliver` one by one, in one write (a corked socket). */
  deliverMany(messages: readonly StagedMessage[]): void {
    if (this.closed) {
      return;
    }
    this.raw.cork(() => {
      for (const m of messages) {
        this.deliver(m.text, m.conflateKey);
      }
    });
  }

  /** Sends queued messages while the socket has room (Bun's drain event). */
  flush(): void {
    for (const [key, text] of this.queue) {
      if (this.closed || this.raw.getBufferedAmount() >= this.limits.softBufferBytes) {
        return;
      }
      this.queue.delete(key);
      if (this.raw.send(text) === 0) {
        this.overflow();
        return;
      }
    }
  }

  /** Takes one frame from the budget; false when the client is over its rate. */
  admit(): boolean {
    const now = this.now();
    this.tokens = Math.min(
      this.limits.messageBurst,
      this.tokens + ((now - this.refilledAt) / 1000) * this.limits.messageRate,
    );
    this.refilledAt = now;
    if (this.tokens >= 1) {
      this.tokens -= 1;
      return true;
    }
    if (now - this.violationWindowStart > 60_000) {
      this.violationWindowStart = now;
      this.violations = 0;
    }
    this.violations += 1;
    if (this.violations > this.limits.maxViolations) {
      this.close(CLOSE.FLOOD, "too many frames: rate limit exceeded repeatedly");
    }
    return false;
  }

  close(code: number, reason: string): void {
    if (this.closed) {
      return;
    }
    this.closed = true;
    this.queue.clear();
    this.raw.close(code, reason);
  }

  private overflow(): void {
    this.close(
      CLOSE.SLOW_CONSUMER,
      "slow consumer: send buffer overflow; reconnect and subscribe with last_seq to resync",
    );
  }
}
