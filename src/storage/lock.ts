// An exclusive lock on the embedded database: PGlite is single-process, so the CLI must not open
// DATA_DIR/db while a running service holds it (nor two services at once).
//
// The lock is an OS file lock, flock(2) on DATA_DIR/db.lock, called through bun:ffi (Node and
// Bun have no flock in core; the service and the CLI run on Bun, see bin/tas). The kernel
// releases it when the holder's last descriptor closes, so at once when the holder dies, even
// by kill -9 and before its parent reaps it (a pid check would still see the unreaped zombie, and
// refused restarts for a second or so after a crash). The descriptor is opened close-on-exec, so
// child processes (EA hosts) never hold it. The holder writes its pid into the file; the pid only
// names the holder in the refusal, and lets a restart wait out a holder that is already dying:
// a multi-threaded process killed with -9 shows as a zombie a few milliseconds before its last
// thread has exited and its descriptors are closed, so while the named holder is dead or a zombie
// the lock is retried for up to EXIT_GRACE_MS; a live holder is refused at once.
import { dlopen, FFIType } from "bun:ffi";
import {
  closeSync,
  constants,
  ftruncateSync,
  mkdirSync,
  openSync,
  readFileSync,
  writeSync,
} from "node:fs";
import { join } from "node:path";

/** flock(2) operations: the same values on Linux and the BSDs (macOS). */
const LOCK_EX = 2;
const LOCK_NB = 4;
const LOCK_UN = 8;

type Flock = (fd: number, operation: number) => number;

let flockFn: Flock | null = null;

/** libc's flock, loaded on first use. */
function flock(): Flock {
  if (flockFn) {
    return flockFn;
  }
  const names =
    process.platform === "darwin" ? ["libc.dylib", "/usr/lib/libSystem.B.dylib"] : ["libc.so.6"];
  let lastError: unknown = null;
  for (const name of names) {
    try {
      const lib = dlopen(name, {
        flock: { args: [FFIType.i32, FFIType.i32], returns: FFIType.i32 },
      });
      const fn = lib.symbols.flock;
      flockFn = (fd, operation) => fn(fd, operation);
      return flockFn;
    } catch (err) {
      lastError = err;
    }
  }
  throw new Error(
    `cannot lock the embedded database: flock(2) is not available on this system (${String(lastError)}); use DATABASE_URL`,
  );
}

/** How long a lock held by a dead or zombie holder is retried (its thread group is exiting). */
const EXIT_GRACE_MS = 5_000;

/** Whether `pid` is gone or a zombie (dead, descriptors closing): its lock is about to go. */
function isExiting(pid: number): boolean {
  if (process.platform === "linux") {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const state = stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3);
      return state === "Z" || state === "X";
    } catch {
      return true;
    }
  }
  try {
    process.kill(pid, 0);
    return false;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "ESRCH";
  }
}

function holderOf(file: string): number | null {
  try {
    const pid = Number(readFileSync(file, "utf8").trim());
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/**
 * Takes the lock or throws (naming the holder's pid when the file has it); returns a release
 * function. Within one process, a second lock of the same directory is refused too.
 */
export function lockEmbeddedDatabase(dataDir: string, name = "db.lock"): () => void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = join(dataDir, name);
  const lockFn = flock();
  const fd = openSync(file, constants.O_RDWR | constants.O_CREAT, 0o600);
  let locked = lockFn(fd, LOCK_EX | LOCK_NB) === 0;
  const deadline = Date.now() + EXIT_GRACE_MS;
  while (!locked && Date.now() < deadline) {
    const pid = holderOf(file);
    if (pid === null || pid === process.pid || !isExiting(pid)) {
      break;
    }
    Bun.sleepSync(5);
    locked = lockFn(fd, LOCK_EX | LOCK_NB) === 0;
  }
  if (!locked) {
    closeSync(fd);
    const pid = holderOf(file);
    throw new Error(
      pid !== null
        ? `the embedded database in ${dataDir} is in use by process ${pid}; stop it first (or use DATABASE_URL)`
        : `the embedded database in ${dataDir} is in use by another process; stop it first (or use DATABASE_URL)`,
    );
  }
  ftruncateSync(fd, 0);
  writeSync(fd, String(process.pid), 0);
  let released = false;
  return () => {
    if (released) {
      return;
    }
    released = true;
    try {
      ftruncateSync(fd, 0);
      lockFn(fd, LOCK_UN);
    } finally {
      closeSync(fd);
    }
  };
}
