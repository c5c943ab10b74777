// Demo account groups over HTTP: `group` in POST /api/brokers/demo picks a standard account
// (`demo`: raw spread + 1.0 pip, no commission) or a raw one (`demo-raw`: raw spread, 3.5 per
// lot per side); an unknown group is a 400. The broker clock is frozen, so the raw quote does not
// move and the two accounts' quotes and round-trip costs can be compared exactly.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTestApp, type TestApp, WEDNESDAY_14_UTC } from "../../support/app.ts";
import { TestClock } from "../../support/clock.ts";

let t: TestApp;
let key: string;
let standard: string;
let raw: string;

beforeAll(async () => {
  t = await createTestApp(
    {},
    { broker: true, brokerClock: new TestClock().freeze(WEDNESDAY_14_UTC) },
  );
  key = (await t.createKey(await t.superToken(), { max_accounts: 10 })).key;
  standard = (await t.connectDemoAccount(key, { deposit: 10_000 })).id;
  raw = (await t.connectDemoAccount(key, { deposit: 10_000, group: "demo-raw" })).id;
}, 180_000);
afterAll(() => t.close());

/** Spread of a EURUSD quote in points (0.1 pip). */
const points = (q: { bid: number; ask: number }) => Math.round((q.ask - q.bid) * 1e5);

const quote = async (id: string) =>
  (await t.request("GET", `/api/accounts/${id}/quote/EURUSD`, { key })).body.data;

describe("demo groups", () => {
  test("an unknown group is refused with a 400 naming the field", async () => {
    const res = await t.request("POST", "/api/brokers/demo", {
      key,
      body: { company: "TAS Markets", group: "vip" },
    });
    expect(res.status).toBe(400);
    expect(res.body.ok).toBe(false);
    expect(res.body.error.code).toBe("VALIDATION_ERROR");
    expect(res.body.error.details).toEqual({ field: "group" });
    expect(res.body.error.message).toContain("unknown demo group 'vip'");
  });

  test("the answer names the group; the default is the standard one", async () => {
    const res = await t.request("POST", "/api/brokers/demo", {
      key,
      body: { company: "TAS Markets" },
    });
    expect(res.status).toBe(201);
    expect(res.body.data.group).toBe("demo");
    const rawRes = await t.request("POST", "/api/brokers/demo", {
      key,
      body: { company: "TAS Markets", group: "demo-raw", server: "TAS-Demo-Netting" },
    });
    expect(rawRes.status).toBe(201);
    expect(rawRes.body.data.group).toBe("demo-raw");
  });

  test("quotes: the standard account's is the raw one with 5 points more on each side", async () => {
    const r = await quote(raw);
    const s = await quote(standard);
    expect(s.bid).toBeCloseTo(r.bid - 0.00005, 8);
    expect(s.ask).toBeCloseTo(r.ask + 0.00005, 8);
    expect(points(s)).toBe(points(r) + 10);
    // A raw EURUSD spread (≈ 0.2 pip in the liquid hours), and a standard one ≈ 1.0–1.5 pips.
    expect(points(r)).toBeLessThanOrEqual(5);
    expect(points(s)).toBeGreaterThanOrEqual(10);
    expect(points(s)).toBeLessThanOrEqual(15);
  });

  test("1-lot EURUSD round trip: spread only on standard, raw spread + 2 × 3.50 on raw", async () => {
    for (const [id, commissionPerSide, markup] of [
      [standard, 0, 10],
      [raw, 3.5, 0],
    ] as const) {
      const q = await quote(id);
      const open = await t.request("POST", `/api/accounts/${id}/orders`, {
        key,
        body: { symbol: "EURUSD", side: "buy", type: "market", volume: 1 },
      });
      expect(open.status).toBe(201);
      const ticket = open.body.data.ticket;
      expect(
        (await t.request("DELETE", `/api/accounts/${id}/orders/${ticket}`, { key })).status,
      ).toBe(200);
      const fills = (
        await t.request("GET", `/api/accounts/${id}/positions/${ticket}/fills`, { key })
      ).body.data;
      expect(fills.map((d: { commission: number }) => d.commission + 0)).toEqual([
        0 - commissionPerSide || 0,
        0 - commissionPerSide || 0,
      ]);
      // Bought at the account's ask, sold at its bid: the spread in points × 1 USD per point.
      expect(fills[0].openPrice).toBeCloseTo(q.ask, 8);
      expect(fills[1].openPrice).toBeCloseTo(q.bid, 8);
      const rawSpreadPoints = points(q) - markup;
      const cost = -(fills[1].profit + fills[0].commission + fills[1].commission);
      expect(cost).toBeCloseTo(rawSpreadPoints + markup + 2 * commissionPerSide, 2);
      const summary = (await t.request("GET", `/api/accounts/${id}/summary`, { key })).body.data;
      expect(summary.balance).toBeCloseTo(10_000 - cost, 2);
    }
  });
});
