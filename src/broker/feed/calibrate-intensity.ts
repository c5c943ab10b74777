// CLI: measures the feed's tick intensity from MT4 minute-bar CSVs and prints it, or regenerates
// intensity-data.ts.
//
//   ./node_modules/.bin/bun src/broker/feed/calibrate-intensity.ts <reference csv> [SYMBOL=csv…]
//       [--symbol EURUSD] [--offset 180] [--write]
//
// The first file is the reference (its hourly tick volumes are the feed's absolute level; its
// symbol is taken from the file name's leading letters unless --symbol says otherwise); every
// SYMBOL=csv after it is measured against the reference on their common minutes. The shipped
// table comes from
//   bun src/broker/feed/calibrate-intensity.ts --write \
//     ../shared/data/EURUSD_M1_2022-08-15_2022-10-25.csv \
//     CADJPY=test/fixtures/market/CADJPY_M1_2022-09-29_2022-09-30.csv
// then `npx biome check --write src/broker/feed/intensity-data.ts`.
//
// Owns only argument handling and I/O; the measuring lives in intensity.ts. Like calibrate.ts,
// the runtime never imports it.

import { basename, join } from "node:path";
import {
  describeTickIntensity,
  measureTickIntensity,
  type RecordedSeries,
  renderTickIntensityModule,
} from "./intensity.ts";
import { parseMt4Csv } from "./mt4-csv.ts";

async function load(symbol: string, path: string, offset: number): Promise<RecordedSeries> {
  const parsed = parseMt4Csv(await Bun.file(path).text(), offset);
  if (!parsed.ok) {
    throw new Error(`${path}:${parsed.line}: ${parsed.reason}`);
  }
  const bars = parsed.bars;
  const first = bars[0];
  const last = bars[bars.length - 1];
  const iso = (t: number) => `${new Date(t).toISOString().slice(0, 16)}Z`;
  const span = first && last ? ` (${iso(first.timeMs)} → ${iso(last.timeMs)})` : "";
  return { symbol, bars, source: `${basename(path)}${span}` };
}

async function main(argv: readonly string[]): Promise<number> {
  let reference: string | undefined;
  let symbol: string | undefined;
  let offset = 180;
  let write = false;
  const others: { symbol: string; path: string }[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--write") {
      write = true;
    } else if (arg === "--offset") {
      offset = Number(argv[++i]);
    } else if (arg === "--symbol") {
      symbol = argv[++i];
    } else if (arg !== undefined) {
      const m = /^([A-Za-z0-9.]+)=(.+)$/.exec(arg);
      if (m?.[1] !== undefined && m[2] !== undefined) {
        others.push({ symbol: m[1].toUpperCase(), path: m[2] });
      } else {
        reference = arg;
      }
    }
  }
  if (reference === undefined || !Number.isFinite(offset)) {
    process.stderr.write(
      "usage: bun src/broker/feed/calibrate-intensity.ts <reference csv> [SYMBOL=csv…] [--symbol S] [--offset minutes] [--write]\n",
    );
    return 2;
  }
  const refSymbol = (symbol ?? /^[A-Za-z]+/.exec(basename(reference))?.[0] ?? "REF").toUpperCase();
  try {
    const ref = await load(refSymbol, reference, offset);
    const rest = await Promise.all(others.map((o) => load(o.symbol, o.path, offset)));
    const measured = measureTickIntensity(ref, rest);
    const module = renderTickIntensityModule(measured);
    process.stdout.write(`${describeTickIntensity(measured)}\n\n`);
    if (write) {
      const target = join(import.meta.dir, "intensity-data.ts");
      await Bun.write(target, module);
      process.stdout.write(`wrote ${target}\n`);
    } else {
      process.stdout.write(module);
    }
  } catch (err) {
    process.stderr.write(`${(err as Error).message}\n`);
    return 1;
  }
  return 0;
}

process.exitCode = await main(process.argv.slice(2));
