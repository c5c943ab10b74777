// MQL5 WebRequest end to end: an MQL5 EA uploaded and started over HTTP calls a local Bun.serve
// server that the operator allowed (TAS_EA_WEBREQUEST_ALLOW, with the explicit loopback opt-in
// TAS_EA_WEBREQUEST_ALLOW_PRIVATE=127.0.0.1 a local server needs). It reads the status, the body
// bytes and the response headers; a host not on the list fails with 4014 and a log line naming
// the setting; a listed loopback address without the opt-in is refused; a timeout is 5202; an
// oversized response 5203; and a request within its timeout but longer than the handler's time
// limit (300 ms here) does not stop the EA.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { createTestApp, type TestApp, WEDNESDAY_14_UTC } from "../../support/app.ts";
import { TestClock } from "../../support/clock.ts";
import { upload } from "./support.ts";

let server: ReturnType<typeof Bun.serve>;
let t: TestApp;
let key: string;
let eaId: string;

const program = (base: string, loopbackNotOptedIn: string): string => `
#property description "WebRequest checks"

void OnTick() {}

int OnInit()
  {
   char   post[], result[];
   string headers;
   int st = WebRequest("GET", "${base}/data?q=1", "Accept: text/plain\\r\\n", 5000, post, result, headers);
   PrintFormat("data %d [%s] %d bytes", st, CharArrayToString(result, 0, WHOLE_ARRAY, CP_UTF8), ArraySize(result));
   Print("header ", StringFind(headers, "x-test: yes\\r\\n") >= 0 ? "found" : headers);

   ResetLastError();
   st = WebRequest("GET", "https://api.example.com/quotes", "", 5000, post, result, headers);
   PrintFormat("blocked %d %d", st, GetLastError());

   ResetLastError();
   st = WebRequest("GET", "${loopbackNotOptedIn}/data", "", 5000, post, result, headers);
   PrintFormat("private %d %d", st, GetLastError());

   ResetLastError();
   st = WebRequest("GET", "${base}/slow?ms=2000", "", 300, post, result, headers);
   PrintFormat("timeout %d %d", st, GetLastError());

   ResetLastError();
   st = WebRequest("GET", "${base}/big", "", 5000, post, result, headers);
   PrintFormat("big %d %d", st, GetLastError());

   st = WebRequest("GET", "${base}/slow?ms=700", "", 5000, post, result, headers);
   PrintFormat("slow %d [%s]", st, CharArrayToString(result));

   StringToCharArray("a=1&b=2", post, 0, WHOLE_ARRAY, CP_UTF8);
   st = WebRequest("POST", "${base}/echo", NULL, NULL, 5000, post, ArraySize(post) - 1, result, headers);
   PrintFormat("echo %d %s", st, CharArrayToString(result, 0, WHOLE_ARRAY, CP_UTF8));
   return INIT_SUCCEEDED;
  }
`;

beforeAll(async () => {
  server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    async fetch(req) {
      const url = new URL(req.url);
      switch (url.pathname) {
        case "/data":
          return new Response(`héllo ${url.searchParams.get("q")} ${req.headers.get("accept")}`, {
            headers: { "X-Test": "yes" },
          });
        case "/slow":
          await Bun.sleep(Number(url.searchParams.get("ms")));
          return new Response("late");
        case "/big":
          return new Response(new Uint8Array(100_000));
        case "/echo":
          return new Response(
            `${req.method} ${req.headers.get("content-type")} ${await req.text()}`,
          );
        default:
          return new Response("?", { status: 404 });
      }
    },
  });
  const port = String(server.port);
  t = await createTestApp(
    {
      TAS_EA_WEBREQUEST_ALLOW: `127.0.0.1:${port}, 127.0.0.2:${port}`,
      TAS_EA_WEBREQUEST_ALLOW_PRIVATE: "127.0.0.1",
      TAS_EA_WEBREQUEST_MAX_BYTES: "65536",
    },
    {
      broker: true,
      brokerClock: new TestClock().freeze(WEDNESDAY_14_UTC),
      ea: true,
      eaPool: { hosts: 1, limits: { wallMs: 300 } },
    },
  );
  const admin = await t.createAdmin("ea-web");
  key = (await t.createKey(admin.token, { max_accounts: 5 })).key;
  const up = await upload(
    t,
    { token: admin.token },
    "web.mq5",
    program(`http://127.0.0.1:${port}`, `http://127.0.0.2:${port}`),
  );
  expect(up.body.data.status).toBe("ready");
  eaId = up.body.data.id;
}, 120_000);

afterAll(async () => {
  await t?.close();
  server?.stop(true);
});

test("an MQL5 EA's WebRequests: answers, refusals, timeout, size cap, time limit", async () => {
  const account = await t.connectDemoAccount(key);
  const started = await t.request("POST", `/api/accounts/${account.id}/ea/start`, {
    key,
    body: { ea_id: eaId, symbol: "EURUSD", timeframe: "M1" },
  });
  expect(started.status).toBe(200);
  expect(started.body.data).toMatchObject({ status: "running", last_error: "" });
  const logs = (await t.request("GET", `/api/accounts/${account.id}/ea/logs`, { key })).body
    .data as { message: string; level: string }[];
  const messages = logs.map((l) => l.message);
  const port = server.port;
  expect(messages).toEqual([
    "data 200 [héllo 1 text/plain] 19 bytes",
    "header found",
    `WebRequest GET https://api.example.com/quotes failed (4014): 'https://api.example.com' is not in the list of allowed URLs; the server's operator allows it by adding api.example.com to TAS_EA_WEBREQUEST_ALLOW`,
    "blocked -1 4014",
    `WebRequest GET http://127.0.0.2:${port}/data failed (4014): 'http://127.0.0.2:${port}' is refused: host resolves to a loopback address (127.0.0.2), which is not allowed; the server's operator may opt it in with TAS_EA_WEBREQUEST_ALLOW_PRIVATE`,
    "private -1 4014",
    `WebRequest GET http://127.0.0.1:${port}/slow failed (5202): no response within 300 ms`,
    "timeout -1 5202",
    `WebRequest GET http://127.0.0.1:${port}/big failed (5203): the response is larger than 65536 bytes`,
    "big -1 5203",
    "slow 200 [late]",
    "echo 200 POST application/x-www-form-urlencoded a=1&b=2",
  ]);
  // The 700 ms request (past the 300 ms handler limit, within its timeout) left the EA running.
  const status = (await t.request("GET", `/api/accounts/${account.id}/ea/status`, { key })).body
    .data;
  expect(status).toMatchObject({ status: "running", last_error: "" });
}, 60_000);
