// WebRequest in the EA runtime (web-request.ts) with a scripted host: what each form sends,
// how the answer fills `result` and `result_headers`, and failures (-1, GetLastError, a warn line).
import { expect, test } from "bun:test";
import { inProcess } from "./harness.ts";

const b64 = (bytes: number[]): string => Buffer.from(bytes).toString("base64");

async function run(
  answer: unknown,
  body: string,
): Promise<{ logs: string[]; payloads: Record<string, unknown>[] }> {
  const rt = await inProcess((kind) => (kind === "WebRequest" ? answer : {}));
  expect(rt.load(`function OnTick() {\n${body}\n}`).ok).toBe(true);
  const out = rt.dispatch({ type: "tick" });
  return {
    logs: out.logs.map((l) => `${l.level}: ${l.text}`),
    payloads: rt.calls.filter((c) => c.kind === "WebRequest").map((c) => c.payload),
  };
}

test("the answer: status returned, bytes 0–255 into result (resized), headers into the holder", async () => {
  const r = await run(
    { status: 200, headers: "a: 1\r\n", body: b64([0xc3, 0xa9, 1, 255]) },
    `const res = [9, 9, 9, 9, 9, 9]; const h = { value: "old" };
     const st = WebRequest("GET", "https://x.example.com/", "", 100, [], res, h);
     Print(st, " ", JSON.stringify(res), " ", JSON.stringify(h.value), " ", GetLastError());`,
  );
  expect(r.logs).toEqual(['info: 200 [195,169,1,255] "a: 1\\r\\n" 0']);
  expect(r.payloads).toEqual([
    { timeout: 100, method: "GET", url: "https://x.example.com/", headers: "", data: "" },
  ]);
});

test("form 1: a negative data_size sends all of data; signed and out-of-range values as bytes", async () => {
  const r = await run(
    { status: 204, headers: "", body: "" },
    `const res = [1]; const h = { value: "" };
     Print(WebRequest("PUT", "http://x.example.com/", "", "", 5, [-1, 256, 65], -1, res, h), " ", res.length);`,
  );
  expect(r.logs).toEqual(["info: 204 0"]);
  expect(r.payloads[0]).toMatchObject({
    method: "PUT",
    timeout: 5,
    headers: "Content-Type: application/x-www-form-urlencoded\r\n",
    data: b64([255, 0, 65]),
  });
});

test("typed arrays: data read from them, result filled as far as it fits", async () => {
  const r = await run(
    { status: 200, headers: "", body: b64([1, 2, 3]) },
    `const res = new Uint8Array(2); const h = { value: "" };
     WebRequest("POST", "http://x.example.com/", "", 0, new Int8Array([-2, 3]), res, h);
     Print(Array.from(res).join(","));`,
  );
  expect(r.logs).toEqual(["info: 1,2"]);
  expect(r.payloads[0]?.data).toBe(b64([254, 3]));
});

test("failures: the answer's code, or 5203 for a host error; result and headers untouched", async () => {
  const failed = await run(
    { code: 5202, message: "no response within 100 ms" },
    `const res = [7]; const h = { value: "keep" };
     Print(WebRequest("GET", "http://x.example.com/a?token=secret", "", 100, [], res, h), " ",
       GetLastError(), " ", res.length, " ", h.value);`,
  );
  expect(failed.logs).toEqual([
    "warn: WebRequest GET http://x.example.com/a failed (5202): no response within 100 ms",
    "info: -1 5202 1 keep",
  ]);
  const hostError = await run(
    { error: "pool connection closed" },
    `Print(WebRequest("GET", "http://x.example.com/", "", 100, [], [], { value: "" }), " ", GetLastError());`,
  );
  expect(hostError.logs).toEqual([
    "warn: WebRequest GET http://x.example.com/ failed (5203): pool connection closed",
    "info: -1 5203",
  ]);
});
