// The README's "First steps with curl" run as pasted: the block is read from the README (not
// copied here) and run by bash against the service started as `npm start` starts it (a child
// `tas serve` with its embedded demo broker). Every step must answer as the README says.
import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freshDatabase, type TestDatabase } from "../support/db.ts";
import { freePort } from "../support/ports.ts";
import { startServiceProcess } from "../support/service-process.ts";

const README = join(import.meta.dir, "../../README.md");
const dataDir = mkdtempSync(join(tmpdir(), "tas-readme-"));
let pg: TestDatabase | null = null;

afterAll(async () => {
  await pg?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The first ```sh block after the "First steps with curl" heading. */
function quickstart(): string {
  const text = readFileSync(README, "utf8");
  const from = text.indexOf("### First steps with curl");
  expect(from).toBeGreaterThan(0);
  const block = /```sh\n([\s\S]*?)```/.exec(text.slice(from));
  expect(block).not.toBeNull();
  return block![1]!;
}

test("the README quickstart runs as pasted, in order", async () => {
  const script = quickstart();
  const port = freePort();
  pg = process.env.DATABASE_URL ? await freshDatabase() : null;
  const proc = await startServiceProcess({
    dataDir,
    port,
    brokerPort: freePort(),
    databaseUrl: pg?.url ?? null,
  });
  try {
    const run = Bun.spawn(["bash", "-c", script], {
      env: { PATH: process.env.PATH ?? "", B: `http://127.0.0.1:${port}` },
      stdout: "pipe",
      stderr: "pipe",
    });
    const [out, err, code] = await Promise.all([
      new Response(run.stdout).text(),
      new Response(run.stderr).text(),
      run.exited,
    ]);
    expect(err).toBe("");
    expect(code).toBe(0);
    // Each step that prints writes one JSON answer per line.
    const answers = out
      .split("\n")
      .filter((l) => l.startsWith("{"))
      .map((l) => JSON.parse(l));
    expect(answers).toHaveLength(4); // seed, connect, order, portfolio
    const [seed, connect, order, portfolio] = answers;
    expect(seed).toMatchObject({ ok: true, data: { username: "root", role: "superadmin" } });
    expect(connect).toMatchObject({ ok: true, data: { status: "connected" } });
    expect(order).toMatchObject({ ok: true, data: { symbol: "BTCUSD", lots: 0.01 } });
    expect(portfolio.ok).toBe(true);
    expect(portfolio.data.positions.map((p: any) => p.ticket)).toEqual([order.data.ticket]);
  } finally {
    proc.kill("SIGTERM");
    await proc.exited;
  }
}, 120_000);
