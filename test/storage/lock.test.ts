// The embedded database's lock is an OS file lock (flock): a live holder is refused with its pid,
// and a holder that dies — kill -9, not yet reaped by its parent — releases it at once, so a
// restart right after a crash starts. With a whole service: a second one on the same DATA_DIR is
// refused; after kill -9 of the first, a restart at once (without awaiting the exit) starts.
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { lockEmbeddedDatabase } from "../../src/storage/lock.ts";
import { freePort } from "../support/ports.ts";
import { startServiceProcess } from "../support/service-process.ts";

const LOCK_TS = join(import.meta.dir, "../../src/storage/lock.ts");
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), "tas-lock-"));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) {
    rmSync(dir, { recursive: true, force: true });
  }
});

/** The state letter of a process (R, S, Z…), or null once it is gone. */
function stateOf(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3);
  } catch {
    return null;
  }
}

/** Reads a child's stdout until a line starting with `prefix`; returns that line. */
async function lineStartingWith(stream: ReadableStream<Uint8Array>, prefix: string) {
  const reader = stream.getReader();
  let out = "";
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const line = out.split("\n").find((l) => l.startsWith(prefix));
    if (line) {
      reader.releaseLock();
      return line;
    }
    const { value, done } = await reader.read();
    if (done) {
      break;
    }
    out += new TextDecoder().decode(value);
  }
  throw new Error(`no '${prefix}' line in: ${out}`);
}

describe("lockEmbeddedDatabase", () => {
  test("a second lock of the directory is refused with the holder's pid; release frees it", () => {
    const dir = tempDir();
    const release = lockEmbeddedDatabase(dir);
    expect(() => lockEmbeddedDatabase(dir)).toThrow(
      `the embedded database in ${dir} is in use by process ${process.pid}; stop it first (or use DATABASE_URL)`,
    );
    release();
    release(); // idempotent
    lockEmbeddedDatabase(dir)();
  });

  test("locks are per file: the service's and the standalone broker's do not collide", () => {
    const dir = tempDir();
    const db = lockEmbeddedDatabase(dir);
    const broker = lockEmbeddedDatabase(dir, "broker.lock");
    broker();
    db();
  });

  test.skipIf(process.platform !== "linux")(
    "a holder killed with SIGKILL and left unreaped (a zombie) no longer holds the lock",
    async () => {
      const dir = tempDir();
      // `sh` starts the holder in the background and becomes `sleep`, which never reaps it: the
      // killed holder stays a zombie, which a pid check would take for alive.
      const holderScript = `const { lockEmbeddedDatabase } = await import(${JSON.stringify(LOCK_TS)}); lockEmbeddedDatabase(${JSON.stringify(dir)}); console.log("locked " + process.pid); setInterval(() => {}, 1000);`;
      const parent = Bun.spawn(
        ["sh", "-c", `"${process.execPath}" -e "$HOLDER" & echo "holder $!"; exec sleep 30`],
        { env: { ...process.env, HOLDER: holderScript }, stdout: "pipe", stderr: "inherit" },
      );
      try {
        const locked = await lineStartingWith(parent.stdout, "locked ");
        const holder = Number(locked.split(" ")[1]);
        expect(() => lockEmbeddedDatabase(dir)).toThrow(`in use by process ${holder};`);

        process.kill(holder, "SIGKILL");
        const deadline = Date.now() + 5_000;
        while (stateOf(holder) !== "Z" && Date.now() < deadline) {
          Bun.sleepSync(2);
        }
        expect(stateOf(holder)).toBe("Z"); // dead, not reaped: its pid still "exists"
        const release = lockEmbeddedDatabase(dir);
        expect(readFileSync(join(dir, "db.lock"), "utf8")).toBe(String(process.pid));
        release();
      } finally {
        parent.kill("SIGKILL"); // sleep; the zombie goes with it
        await parent.exited;
      }
    },
    30_000,
  );
});

// The lock concerns the embedded database only: the service runs on PGlite here whatever
// DATABASE_URL says, so this runs once, in the PGlite pass of the suite.
describe.skipIf(Boolean(process.env.DATABASE_URL))("the service on one DATA_DIR", () => {
  test("a second live service is refused; after kill -9 a restart at once starts", async () => {
    const dataDir = tempDir();
    const brokerPort = freePort();
    const first = await startServiceProcess({ dataDir, port: freePort(), brokerPort });
    let restarted: Awaited<ReturnType<typeof startServiceProcess>> | null = null;
    try {
      const refused = await startServiceProcess({
        dataDir,
        port: freePort(),
        brokerPort: freePort(),
      }).then(
        () => null,
        (err: unknown) => String(err),
      );
      expect(refused).toContain(
        `tas: the embedded database in ${dataDir} is in use by process ${first.pid}; stop it first (or use DATABASE_URL)`,
      );

      first.kill(9); // and no `await first.exited`: the restart does not wait for the reaping
      const startedAt = performance.now();
      const port = freePort();
      restarted = await startServiceProcess({ dataDir, port, brokerPort });
      const ms = Math.round(performance.now() - startedAt);
      const health = await fetch(`http://127.0.0.1:${port}/health`);
      expect(health.status).toBe(200);
      console.log(`restart after kill -9: listening in ${ms} ms`);
    } finally {
      first.kill(9);
      await first.exited;
      restarted?.kill("SIGTERM");
      await restarted?.exited;
    }
  }, 120_000);
});
