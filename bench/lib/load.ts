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

export async function runLoad(opts: {
  url: string;
  headers?: Record<string, string>;
  concurrency: number;
  seconds: number;
  method?: string;
  body?: string;
}): Promise<LoadResult> {
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
  const elapsed = (performance.now() - started) / 1000;
  const sorted = Float64Array.from(latencies).sort();
  return {
    requests: latencies.length,
    errors,
    rps: Math.round(latencies.length / elapsed),
    p50Ms: Math.round(percentile(sorted, 50) * 1000) / 1000,
    p99Ms: Math.round(percentile(sorted, 99) * 1000) / 1000,
  };
}
