// A WebSocket test client: collects every server message and waits for the ones a test expects.
export interface WsClient {
  readonly ws: WebSocket;
  readonly messages: any[];
  readonly closed: Promise<{ code: number; reason: string }>;
  send(frame: unknown): void;
  /** Resolves with the first message (from `from` on) matching `pred`. */
  next(pred: (m: any) => boolean, timeoutMs?: number, from?: number): Promise<any>;
  op(frame: Record<string, unknown>): Promise<any>;
  close(): void;
}

let ids = 0;

export function connect(url: string): Promise<WsClient> {
  const ws = new WebSocket(url);
  const messages: any[] = [];
  const waiters: Array<() => void> = [];
  let resolveClosed: (v: { code: number; reason: string }) => void = () => {};
  const closed = new Promise<{ code: number; reason: string }>((r) => {
    resolveClosed = r;
  });
  ws.onmessage = (e) => {
    messages.push(JSON.parse(String(e.data)));
    for (const w of waiters.splice(0)) {
      w();
    }
  };
  ws.onclose = (e) => resolveClosed({ code: e.code, reason: e.reason });
  const client: WsClient = {
    ws,
    messages,
    closed,
    send(frame) {
      ws.send(typeof frame === "string" ? frame : JSON.stringify(frame));
    },
    next(pred, timeoutMs = 5000, from = 0) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          reject(new Error(`timed out; got ${JSON.stringify(messages.slice(-5))}`));
        }, timeoutMs);
        const check = () => {
          const found = messages.slice(from).find(pred);
          if (found) {
            clearTimeout(timer);
            resolve(found);
            return;
          }
          waiters.push(check);
        };
        check();
      });
    },
    async op(frame) {
      const id = `op${++ids}`;
      client.send({ ...frame, id });
      return client.next((m) => (m.type === "ack" || m.type === "error") && m.id === id);
    },
    close() {
      ws.close();
    },
  };
  return new Promise((resolve, reject) => {
    ws.onopen = () => resolve(client);
    ws.onerror = () => resolve(client); // a close follows; tests read `closed`
    setTimeout(() => reject(new Error("connect timeout")), 5000);
  });
}
