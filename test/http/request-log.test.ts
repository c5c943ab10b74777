// Per-request log lines: written at debug level only, with the request id the client got back
// and the `apiKey` query parameter redacted.
import { describe, expect, test } from "bun:test";
import { createTestApp } from "../support/app.ts";

async function linesFor(level: string, path: string) {
  const lines: Array<Record<string, unknown>> = [];
  const t = await createTestApp(
    { LOG_LEVEL: level },
    { logDestination: { write: (line) => void lines.push(JSON.parse(line)) } },
  );
  try {
    const res = await t.app.handle(new Request(`http://localhost${path}`));
    await res.arrayBuffer();
    // The line is written once the response has gone out.
    for (let i = 0; i < 50 && !lines.some((l) => l.msg === "request"); i++) {
      await Bun.sleep(2);
    }
    return { res, requests: lines.filter((l) => l.msg === "request") };
  } finally {
    await t.close();
  }
}

describe("request log", () => {
  test("debug: one line per request, with its id and status, the apiKey redacted", async () => {
    const { res, requests } = await linesFor("debug", "/health?apiKey=tas_secret_value&x=1");
    expect(res.status).toBe(200);
    expect(requests).toHaveLength(1);
    const line = requests[0] as Record<string, unknown>;
    expect(line.requestId).toBe(res.headers.get("x-request-id"));
    expect(line.method).toBe("GET");
    expect(line.status).toBe(200);
    expect(line.url).toBe("/health?apiKey=[redacted]&x=1");
    expect(JSON.stringify(line)).not.toContain("tas_secret_value");
    expect(typeof line.ms).toBe("number");
  }, 30_000);

  test("info (the default): no per-request lines", async () => {
    const { res, requests } = await linesFor("info", "/health");
    expect(res.status).toBe(200);
    expect(requests).toHaveLength(0);
  }, 30_000);
});
