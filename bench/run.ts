// `npm run bench`: runs every benchmark and prints one JSON report. Figures are ratios against a
// baseline measured in the same run (these machines are noisy); nothing here is a pass/fail test.
import { benchHttp } from "./http/index.ts";

const only = process.argv[2];
const benches: Record<string, () => Promise<unknown>> = {
  http: () => benchHttp(),
};
const report: Record<string, unknown> = { at: new Date().toISOString(), results: {} };
for (const [name, run] of Object.entries(benches)) {
  if (only && only !== name) {
    continue;
  }
  process.stderr.write(`running ${name}…\n`);
  (report.results as Record<string, unknown>)[name] = await run();
}
process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
