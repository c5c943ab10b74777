// A pid lock on the embedded database: PGlite is single-process, so the CLI must not open
// DATA_DIR/db while a running service holds it (nor two services at once).
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Takes the lock or throws with the holder's pid; returns a release function. */
export function lockEmbeddedDatabase(dataDir: string, name = "db.lock"): () => void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = join(dataDir, name);
  if (existsSync(file)) {
    const pid = Number(readFileSync(file, "utf8").trim());
    if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && alive(pid)) {
      throw new Error(
        `the embedded database in ${dataDir} is in use by process ${pid}; stop it first (or use DATABASE_URL)`,
      );
    }
  }
  writeFileSync(file, String(process.pid), { mode: 0o600 });
  return () => {
    try {
      if (readFileSync(file, "utf8").trim() === String(process.pid)) {
        rmSync(file);
      }
    } catch {
      // already gone
    }
  };
}
