// A minimal client of the demo broker protocol for tests: request/response by id, and a queue of
// pushed events.
export class BrokerTestClient {
  private nextId = 1;
  private readonly waiting = new Map<number | string, (reply: any) => void>();
  readonly events: any[] = [];
  readonly replies: any[] = [];
  closed: { code: number; reason: string } | null = null;

  private constructor(readonly ws: WebSocket) {
    ws.onmessage = (m) => {
      const msg = JSON.parse(String(m.data));
      if (msg.event) {
        this.events.push(msg);
        return;
      }
      this.replies.push(msg);
      const w = this.waiting.get(msg.id);
      if (w) {
        this.waiting.delete(msg.id);
        w(msg);
      }
    };
    ws.onclose = (e) => {
      this.closed = { code: e.code, reason: e.reason };
    };
  }

  static connect(port: number): Promise<BrokerTestClient> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(`ws://127.0.0.1:${port}/`);
      ws.onopen = () => resolve(new BrokerTestClient(ws));
      ws.onerror = () => reject(new Error("connect failed"));
    });
  }

  request(op: string, params: Record<string, unknown> = {}): Promise<any> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      this.ws.send(JSON.stringify({ id, op, ...params }));
    });
  }

  /** Sends a raw frame and resolves with the next reply frame. */
  raw(frame: string): Promise<any> {
    const before = this.replies.length;
    this.ws.send(frame);
    return new Promise((resolve) => {
      const poll = () =>
        this.replies.length > before ? resolve(this.replies[before]) : setTimeout(poll, 5);
      poll();
    });
  }

  async waitFor(pred: (e: any) => boolean, timeoutMs = 5000): Promise<any> {
    const start = Date.now();
    for (;;) {
      const found = this.events.find(pred);
      if (found) {
        return found;
      }
      if (Date.now() - start > timeoutMs) {
        throw new Error("timed out waiting for an event");
      }
      await Bun.sleep(5);
    }
  }

  close(): void {
    this.ws.close();
  }
}
