// `npm run bench [name…]`: runs each benchmark in its own Bun process and prints one JSON report.
// Figures are ratios against a baseline measured in the same run (these machines are noisy), or
// absolute figures reported beside their goals; nothing here is a pass/fail test.
const BENCHES: Record<string, string> = {
  http: "bench/http/index.ts",
  reads: "bench/reads/index.ts",
  broker_engine: "bench/broker/engine.ts",
  broker_protocol: "bench/broker/protocol.ts",
  trading: "bench/trading/index.ts",
  ws: "bench/ws/index.ts",
  ea: "bench/ea/index.ts",
  mql5: "bench/mql5/index.ts",
  cluster: "bench/cluster/index.ts",
};

const wanted = process.argv.slice(2);
const report: Record<string, unknown> = { at: new Date().toISOString(), results: {} };
for (const [name, script] of Object.entries(BENCHES)) {
  if (wanted.length > 0 && !wanted.includes(name)) {
    continue;
  }
  process.stderr.write(`running ${name}…\n`);
  const proc = Bun.spawn([process.execPath, script], { stdout: "pipe", stderr: "inherit" });
  const out = await new Response(proc.stdout).text();
  const code = await proc.exited;
  const json = out.slice(out.indexOf("{"), out.lastIndexOf("}") + 1);
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    parsed = { error: `exit ${code}`, output: out.slice(-2000) };
  }
  (report.results as Record<string, unknown>)[name] = parsed;
}
process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
