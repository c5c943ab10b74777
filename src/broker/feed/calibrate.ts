// CLI: measures the feed calibration from an MT4 minute-bar CSV and prints it, or regenerates
// calibration-data.ts.
//
//   ./node_modules/.bin/bun src/broker/feed/calibrate.ts <csv> [--offset 180] [--pip 0.0001] [--write]
//
// Owns only argument handling and I/O; the measuring lives in calibration.ts. This is the one
// feed module that touches the file system and writes to stdout; the runtime never imports it.

import { basename, join } from "node:path";
import { describeCalibration, measureCalibration, renderCalibrationModule } from "./calibration.ts";
import { parseMt4Csv } from "./mt4-csv.ts";

async function main(argv: readonly string[]): Promise<number> {
  let csv: string | undefined;
  let offset = 180;
  let pip = 0.0001;
  let write = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--write") {
      write = true;
    } else if (arg === "--offset") {
      offset = Number(argv[++i]);
    } else if (arg === "--pip") {
      pip = Number(argv[++i]);
    } else if (arg !== undefined) {
      csv = arg;
    }
  }
  if (csv === undefined || !Number.isFinite(offset) || !(pip > 0)) {
    process.stderr.write(
      "usage: bun src/broker/feed/calibrate.ts <csv> [--offset minutes] [--pip size] [--write]\n",
    );
    return 2;
  }
  const parsed = parseMt4Csv(await Bun.file(csv).text(), offset);
  if (!parsed.ok) {
    process.stderr.write(`${csv}:${parsed.line}: ${parsed.reason}\n`);
    return 1;
  }
  const bars = parsed.bars;
  const first = bars[0];
  const last = bars[bars.length - 1];
  const span =
    first && last
      ? ` (${new Date(first.timeMs).toISOString().slice(0, 16)}Z → ${new Date(last.timeMs)
          .toISOString()
          .slice(0, 16)}Z)`
      : "";
  const calibration = measureCalibration(bars, pip, `${basename(csv)}${span}`);
  const module = renderCalibrationModule(calibration);
  process.stdout.write(`${describeCalibration(calibration)}\n\n`);
  if (write) {
    const target = join(import.meta.dir, "calibration-data.ts");
    await Bun.write(target, module);
    process.stdout.write(`wrote ${target}\n`);
  } else {
    process.stdout.write(module);
  }
  return 0;
}

process.exitCode = await main(process.argv.slice(2));
