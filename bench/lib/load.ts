// A small closed-loop HTTP load generator: `concurrency` loops each send a request, wait for the
// answer and send the next, for `seconds`. Records per-request latency. Used by the benchmarks
// to compare targets measured the same way in the same run.

export interface LoadResult {
  readonly requests: number;
  readonly errors: number;
  readonly rps: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
}

export function percentile(sorted: Float64Array | number[], p: number): number {
  if (sorted.length === 0) {
    return Number.NaN;
  }
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i] as number;
}

export interface LoadTarget {
  url: string;
  headers?: Record<string, string>;
  method?: string;
  body?: string;
}

interface Sample {
  latencies: number[];
  errors: number;
  elapsed: number;
}

function summarize(samples: readonly Sample[]): LoadResult {
  const latencies = samples.flatMap((s) => s.latencies);
  const elapsed = samples.reduce((sum, s) => sum + s.elapsed, 0);
  const sorted = Float64Array.from(latencies).sort();
  return {
    requests: latencies.length,
    errors: samples.reduce((sum, s) => sum + s.errors, 0),
    rps: Math.round(latencies.length / elapsed),
    p50Ms: Math.round(percentile(sorted, 50) * 1000) / 1000,
    p99Ms: Math.round(percentile(sorted, 99) * 1000) / 1000,
  };
}

/**
 * Measures `app` against `bare` in alternating windows (warm-up first), so that a machine whose
 * speed drifts during the run slows both alike; the ratio is of the summed throughputs.
 */
export async function compareLoads(opts: {
  app: LoadTarget;
  bare: LoadTarget;
  concurrency: number;
  seconds: number;
  rounds?: number;
}): Promise<{ app: LoadResult; bare: LoadResult; ratio: number }> {
  const rounds = opts.rounds ?? 4;
  const window = opts.seconds / rounds;
  const { concurrency } = opts;
  await sample({ ...opts.app, concurrency, seconds: 1 });
  await sample({ ...opts.bare, concurrency, seconds: 1 });
  const app: Sample[] = [];
  const bare: Sample[] = [];
  for (let i = 0; i < rounds; i++) {
    bare.push(await sample({ ...opts.bare, concurrency, seconds: window }));
    app.push(await sample({ ...opts.app, concurrency, seconds: window }));
  }
  const a = summarize(app);
  const b = summarize(bare);
  return { app: a, bare: b, ratio: Math.round((a.rps / b.rps) * 1000) / 1000 };
}

async function sample(
  opts: LoadTarget & { concurrency: number; seconds: number },
): Promise<Sample> {
  const latencies: number[] = [];
  let errors = 0;
  const deadline = performance.now() + opts.seconds * 1000;
  const loop = async () => {
    while (performance.now() < deadline) {
      const start = performance.now();
      try {
        const res = await fetch(opts.url, {
          method: opts.method ?? "GET",
          headers: opts.headers ?? {},
          ...(opts.body !== undefined ? { body: opts.body } : {}),
        });
        await res.arrayBuffer();
        if (!res.ok) {
          errors += 1;
        }
      } catch {
        errors += 1;
      }
      latencies.push(performance.now() - start);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: opts.concurrency }, loop));
  return { latencies, errors, elapsed: (performance.now() - started) / 1000 };
}
