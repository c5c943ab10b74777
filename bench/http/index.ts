// bench/http: authenticated `GET /api/accounts` against a bare Bun.serve JSON handler serving the
// same body, in the same run and the same way (servers in one child process, load from this one).
import { compareLoads } from "../lib/load.ts";

export async function benchHttp(opts: { seconds?: number; concurrency?: number } = {}) {
  const seconds = opts.seconds ?? 5;
  const concurrency = opts.concurrency ?? 32;
  const child = Bun.spawn([process.execPath, `${import.meta.dir}/servers.ts`], {
    stdout: "pipe",
    stderr: "inherit",
  });
  const reader = child.stdout.getReader();
  let text = "";
  while (!text.includes("\n")) {
    const { value, done } = await reader.read();
    if (done) {
      throw new Error("bench server exited early");
    }
    text += new TextDecoder().decode(value);
  }
  const ports = JSON.parse(text.split("\n")[0] as string) as {
    app: number;
    bare: number;
    key: string;
  };
  try {
    const appUrl = `http://127.0.0.1:${ports.app}/api/accounts`;
    const bareUrl = `http://127.0.0.1:${ports.bare}/api/accounts`;
    const headers = { "x-api-key": ports.key };
    // Warm both (JIT, caches), then measure in alternating windows.
    const { app, bare, ratio } = await compareLoads({
      app: { url: appUrl, headers },
      bare: { url: bareUrl },
      concurrency,
      seconds,
    });
    return {
      name: "http: GET /api/accounts vs bare Bun.serve",
      concurrency,
      seconds,
      app,
      bare,
      ratio,
      goal: "ratio >= 0.5",
    };
  } finally {
    child.kill();
  }
}

if (import.meta.main) {
  process.stdout.write(`${JSON.stringify(await benchHttp(), null, 2)}\n`);
}
