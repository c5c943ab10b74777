// WebRequest through real Node EA hosts: the runtime's payload for both MQL5 forms as the pool's
// WebRequestGateway receives it, the answer back in `result` / `result_headers`, failures as -1
// with GetLastError and a log line, and the time: a request the gateway takes longer than the
// handler's wall-time limit, the host's trade-call timeout and the pool's silence limit to
// answer does not stop the instance or its host.
import { afterAll, beforeAll, expect, test } from "bun:test";
import type { EaHostPool } from "../../src/ea/host-pool.ts";
import type { Completion } from "../../src/ea/protocol.ts";
import {
  hostCallWaitMs,
  type WebRequestAnswer,
  type WebRequestCall,
} from "../../src/ea/web-request-wire.ts";
import { EngineGateway, META, testPool } from "./support.ts";

const b64 = (s: string): string => Buffer.from(s).toString("base64");

class FakeWeb {
  readonly calls: WebRequestCall[] = [];
  delayMs = 0;
  answer: WebRequestAnswer = { status: 201, headers: "x-a: 1\r\n", body: b64("héllo") };

  async webRequest(call: WebRequestCall): Promise<WebRequestAnswer> {
    this.calls.push(call);
    if (this.delayMs > 0) {
      await Bun.sleep(this.delayMs);
    }
    return this.answer;
  }
}

let web: FakeWeb;
let pool: EaHostPool;
let seq = 0;

beforeAll(async () => {
  const gateway = new EngineGateway();
  gateway.account(5001);
  web = new FakeWeb();
  // wallMs 100 and hostCallTimeoutMs 1000 (testPool); a pool that kills a host silent 500 ms.
  pool = await testPool(gateway, { hosts: 1, webRequests: web, unresponsiveMs: 500 });
});
afterAll(() => pool.close());

const PROGRAM = `
function OnTick() {
  const result = [];
  const headers = { value: "" };
  const status = WebRequest("POST", "https://api.example.com/v1?k=1", "X-A: 1\\r\\n", 3000,
    [104, 105, 0], result, headers);
  Print("status " + status + " err " + GetLastError() + " body " +
    CharArrayToString(result, 0, -1, CP_UTF8) + " headers " + JSON.stringify(headers.value));
}`;

async function run(program: string): Promise<Completion> {
  seq += 1;
  const id = `web-${seq}`;
  const init = await pool.start({ instanceId: id, programJs: program, meta: META });
  expect(init.result).toBe("ok");
  return pool.dispatch(id, { type: "tick" });
}

function logs(c: Completion): string[] {
  return c.result === "ok" ? c.outcome.logs.map((l) => l.text) : [JSON.stringify(c)];
}

test("form 2: the payload reaches the gateway; status, body bytes and headers come back", async () => {
  web.calls.length = 0;
  const c = await run(PROGRAM);
  expect(logs(c)).toEqual(['status 201 err 0 body héllo headers "x-a: 1\\r\\n"']);
  expect(web.calls).toHaveLength(1);
  const call = web.calls[0];
  expect(call).toMatchObject({
    method: "POST",
    url: "https://api.example.com/v1?k=1",
    headers: "X-A: 1\r\n",
    timeout: 3000,
  });
  expect([...Buffer.from(call?.data ?? "", "base64")]).toEqual([104, 105, 0]);
});

test("form 1: cookie, referer, data_size and the form content type", async () => {
  web.calls.length = 0;
  const c = await run(`
function OnTick() {
  const result = [];
  const headers = { value: "" };
  const data = [];
  StringToCharArray("a=1&b=2", data, 0, -1, CP_UTF8);
  Print("status " + WebRequest("POST", "http://x.example.com/f", "s=1", "http://r.example.com",
    0, data, ArraySize(data) - 1, result, headers));
}`);
  expect(logs(c)).toEqual(["status 201"]);
  expect(web.calls[0]).toMatchObject({
    timeout: 0,
    headers:
      "Cookie: s=1\r\nReferer: http://r.example.com\r\nContent-Type: application/x-www-form-urlencoded\r\n",
  });
  expect(Buffer.from(web.calls[0]?.data ?? "", "base64").toString()).toBe("a=1&b=2");
});

test("a refused request: -1, GetLastError 4014, a warn line with the reason, result untouched", async () => {
  web.answer = {
    code: 4014,
    message: "'https://api.example.com' is not in the list of allowed URLs",
  };
  try {
    const c = await run(PROGRAM);
    expect(c.result).toBe("ok");
    const lines = c.result === "ok" ? c.outcome.logs : [];
    expect(lines.map((l) => [l.level, l.text])).toEqual([
      [
        "warn",
        "WebRequest POST https://api.example.com/v1 failed (4014): 'https://api.example.com' is not in the list of allowed URLs",
      ],
      ["info", 'status -1 err 4014 body  headers ""'],
    ]);
  } finally {
    web.answer = { status: 201, headers: "x-a: 1\r\n", body: b64("héllo") };
  }
});

test("a slow answer counts against neither the handler's time, the host's call timeout nor the pool's watchdog", async () => {
  // 1500 ms: past wallMs (100), hostCallTimeoutMs (1000) and unresponsiveMs (500).
  web.delayMs = 1500;
  const pid = pool.hostPids()[0];
  try {
    const c = await run(PROGRAM);
    expect(c.result).toBe("ok");
    expect(logs(c)[0]).toStartWith("status 201 err 0");
    expect(c.result === "ok" ? c.outcome.logs.length : 0).toBe(1);
    expect(pool.hostPids()[0]).toBe(pid);
  } finally {
    web.delayMs = 0;
  }
}, 15_000);

test("without a gateway every WebRequest fails with 4014", async () => {
  const gateway = new EngineGateway();
  gateway.account(5001);
  const bare = await testPool(gateway, { hosts: 1 });
  try {
    await bare.start({ instanceId: "bare", programJs: PROGRAM, meta: META });
    const c = await bare.dispatch("bare", { type: "tick" });
    expect(logs(c)).toEqual([
      "WebRequest POST https://api.example.com/v1 failed (4014): WebRequest is not enabled on this server",
      'status -1 err 4014 body  headers ""',
    ]);
  } finally {
    await bare.close();
  }
}, 30_000);

test("the host's wait: hostCallTimeoutMs for trade calls, a WebRequest's own timeout plus slack", () => {
  expect(hostCallWaitMs("OrderSend", '{"timeout":90000}', 5000)).toBe(5000);
  expect(hostCallWaitMs("WebRequest", '{"timeout":8000,"method":"GET"}', 5000)).toBe(10_000);
  expect(hostCallWaitMs("WebRequest", '{"timeout":100,"method":"GET"}', 5000)).toBe(5000);
  // ≤ 0, missing or beyond the bound: the bound (60 s) plus the slack.
  expect(hostCallWaitMs("WebRequest", '{"timeout":0,"method":"GET"}', 5000)).toBe(62_000);
  expect(hostCallWaitMs("WebRequest", '{"timeout":-5}', 5000)).toBe(62_000);
  expect(hostCallWaitMs("WebRequest", '{"timeout":999999}', 5000)).toBe(62_000);
  expect(hostCallWaitMs("WebRequest", '{"method":"GET","timeout":10}', 5000)).toBe(62_000);
});
