import { TestCluster } from "../../test/support/cluster.ts";
const N = Number(process.env.N ?? 2000);
const c = await TestCluster.start({ nodes: 3, leaseTtlMs: null, adminUrl: "postgres://postgres@127.0.0.1:5432/test" });
try {
  await c.seed();
  await c.cli(["admin", "update", "root", "--max-accounts", String(N + 100)]);
  const key = (await c.createKey({ name: "bench", max_accounts: N + 50 })).key;
  const ids: string[] = [];
  while (ids.length < N) ids.push(...(await c.demoAccounts(key, Math.min(500, N - ids.length), { deposit: 10000, concurrency: 8, retries: 5 })));
  console.error("created");
  await Bun.sleep(20000);
  const stat = async () => new Map((await c.sql<any[]>`select relname, n_tup_ins::int ins, n_tup_upd::int upd, n_tup_del::int del, seq_scan::int seq, coalesce(idx_scan,0)::int idx, seq_tup_read::bigint::text seqread from pg_stat_user_tables`).map((r) => [r.relname, r]));
  const a = await stat();
  const queries = new Map<string, number>();
  const t0 = Date.now();
  while (Date.now() - t0 < 10000) {
    for (const r of await c.sql<any[]>`select left(regexp_replace(query, '\s+', ' ', 'g'), 140) q from pg_stat_activity where datname = current_database() and state = 'active' and pid <> pg_backend_pid()`) queries.set(r.q, (queries.get(r.q) ?? 0) + 1);
    await Bun.sleep(20);
  }
  await Bun.sleep(100);
  const b = await stat();
  for (const [k, r] of b) { const o = a.get(k); const d = { ins: r.ins - o.ins, upd: r.upd - o.upd, del: r.del - o.del, seq: r.seq - o.seq, idx: r.idx - o.idx, seqread: Number(r.seqread) - Number(o.seqread) }; if (Object.values(d).some((v) => v > 0)) console.log(k, JSON.stringify(d)); }
  console.log([...queries].sort((x, y) => y[1] - x[1]).slice(0, 15));
} finally { await c.close(); }
