// bench/ws child: opens N WebSocket clients, subscribes each to quotes, counts what arrives and,
// for sampled clients, records [symbol, timestampUTC, receipt time (absolute ms)]. Reads its
// parameters from argv as JSON, prints "ready" when all are subscribed and its figures on stdin EOF.
const params = JSON.parse(process.argv[2] ?? "{}") as {
  url: string;
  accountId: string;
  symbols: string[];
  clients: number;
  sampleEvery: number;
};
const now = () => performance.timeOrigin + performance.now();
let received = 0;
const samples: Array<[string, number, number]> = [];
const sockets: WebSocket[] = [];

await Promise.all(
  Array.from({ length: params.clients }, (_, i) => {
    return new Promise<void>((resolve, reject) => {
      const ws = new WebSocket(params.url);
      sockets.push(ws);
      const sampled = i % params.sampleEvery === 0;
      ws.onmessage = (e) => {
        const text = String(e.data);
        if (text.startsWith('{"type":"quote"')) {
          received += 1;
          if (sampled) {
            const m = JSON.parse(text) as { data: { symbol: string; timestampUTC: number } };
            samples.push([m.data.symbol, m.data.timestampUTC, now()]);
          }
          return;
        }
        if (text.startsWith('{"type":"ack"')) {
          resolve();
        } else if (text.startsWith('{"type":"error"')) {
          reject(new Error(text));
        }
      };
      ws.onopen = () =>
        ws.send(
          JSON.stringify({
            op: "subscribe",
            id: i,
            channel: "quotes",
            account_id: params.accountId,
            symbols: params.symbols,
          }),
        );
      ws.onclose = (e) => reject(new Error(`closed ${e.code} ${e.reason}`));
    });
  }),
);
process.stdout.write("ready\n");
for await (const _ of Bun.stdin.stream()) {
  // wait for EOF
}
for (const ws of sockets) {
  ws.onclose = null;
  ws.close();
}
// Exit only once the (possibly multi-megabyte) line has drained into the pipe.
process.stdout.write(`${JSON.stringify({ received, samples })}\n`, () => process.exit(0));
