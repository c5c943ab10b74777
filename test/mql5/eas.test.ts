// The MQL5 EA suite in process: every EA of test/mql5/eas compiles with its exact analysis
// (input names, MQL5 types and defaults as written, event handlers), then runs in the real EA
// runtime against a small paper market (eas-support.ts: a deterministic wave of H1 quotes, fills,
// pending orders, SL/TP) without a runtime error, printing what its logic prints and sending the
// trade requests its rules call for. The generated large EA is the compile-time measure.
import { describe, expect, test } from "bun:test";
import {
  EAS,
  type EaSpec,
  eaHeaders,
  eaSpec,
  generateLargeEa,
  PaperMarket,
  readEa,
} from "./eas-support.ts";
import { compile, run } from "./support.ts";

interface Drive {
  readonly printed: string[];
  readonly market: PaperMarket;
  readonly timer: unknown;
}

/**
 * Runs an EA for `ticks` quarter-hours of the paper market: OnInit, a tick per step (and a timer
 * event when the EA has OnTimer; each fill's DEAL_ADD for OnTradeTransaction), OnDeinit. Fails on
 * any unsuccessful outcome.
 */
async function drive(
  spec: EaSpec,
  inputs: Record<string, unknown>,
  ticks: number,
  setup?: (m: PaperMarket) => void,
): Promise<Drive> {
  const market = new PaperMarket();
  setup?.(market);
  const r = await run(readEa(spec.file), inputs, {
    headers: eaHeaders(spec),
    name: spec.file,
    init: market.initEvent(),
    host: market.host,
  });
  expect(r.init.ok).toBe(true);
  expect(r.init.initResult).toBe(0);
  const failures: string[] = [];
  const check = (what: string, o: { ok: boolean; error?: { message: string } }) => {
    if (!o.ok) {
      failures.push(`${what}: ${o.error?.message}`);
    }
  };
  const timer = spec.eventHandlers.includes("OnTimer");
  const transactions = spec.eventHandlers.includes("OnTradeTransaction");
  for (let i = 0; i < ticks; i += 1) {
    check(`tick ${i}`, r.tick(market.advance()));
    if (timer) {
      check(`timer ${i}`, r.dispatch({ type: "timer" }));
    }
    for (const transaction of market.takeTransactions()) {
      if (transactions) {
        check(
          "transaction",
          r.dispatch({ type: "tradeTransaction", transaction, request: {}, result: {} }),
        );
      }
    }
  }
  check("deinit", r.dispatch({ type: "deinit", reason: 1 }));
  expect(failures).toEqual([]);
  // nothing logged as an error, warning or alert
  expect(r.printed.filter((l) => /^\[(error|warn|alert)\] /.test(l))).toEqual([]);
  return { printed: r.printed, market, timer: r.init.timer };
}

const matching = (lines: string[], re: RegExp) => lines.filter((l) => re.test(l));

describe("every EA compiles with its exact analysis", () => {
  for (const spec of EAS) {
    test(spec.file, () => {
      const r = compile(readEa(spec.file), eaHeaders(spec), spec.file);
      if (!r.ok) {
        throw new Error(r.error);
      }
      expect(r.inputParams).toEqual([...spec.inputParams]);
      expect(r.eventHandlers).toEqual([...spec.eventHandlers]);
    });
  }

  test("#property values are read", () => {
    const r = compile(readEa("macd-trend.mq5"), {}, "macd-trend.mq5");
    expect(r.ok && r.properties).toMatchObject({
      copyright: "Trading Account Service tests",
      version: "1.10",
    });
  });
});

describe("every EA runs in process", () => {
  test("ma-cross: a cross on closed bars opens a position with a stop", async () => {
    const { printed, market } = await drive(eaSpec("ma-cross"), {}, 120);
    expect(printed[0]).toBe("ready EURUSD fast=5 slow=12");
    const deals = market.requests.filter((x) => x.request.action === 1);
    expect(deals.length).toBeGreaterThan(0);
    for (const { request, retcode } of deals) {
      expect(retcode).toBe(10009);
      expect(request).toMatchObject({ symbol: "EURUSD", volume: 0.1, magic: 20240101 });
      expect(["ma up", "ma down", ""]).toContain(request.comment as string);
    }
  });

  test("macd-trend: the class opens on MACD crosses with the EMA filter and trails its stop", async () => {
    const { printed, market } = await drive(
      eaSpec("macd-trend"),
      {
        InpMacdFast: 4,
        InpMacdSlow: 9,
        InpMacdSignal: 2,
        InpTrendPeriod: 3,
        InpMacdOpenLevel: 0,
        InpMacdCloseLevel: 0,
        InpTrailingStop: 50,
        InpTakeProfit: 300,
      },
      120,
    );
    expect(printed[0]).toBe(
      "MACD trend on EURUSD: balance 10000.00 USD, leverage 1:100, adjusted point 0.00010",
    );
    const opened = matching(printed, /^(Long|Short) opened at 1\.\d{5}, tp 1\.\d{5}$/);
    const trailed = matching(printed, /^(Long|Short) stop trailed to 1\.\d{5}$/);
    expect(opened.length).toBeGreaterThan(0);
    expect(trailed.length).toBeGreaterThan(0);
    expect(printed.at(-1)).toBe(
      `MACD trend stopped (reason 1): opened ${opened.length}, closed ${matching(printed, / closed on a /).length}, trailed ${trailed.length}`,
    );
    // PositionOpen with a take profit, PositionModify with the trailed stop.
    const actions = market.requests.map((x) => x.request.action);
    expect(actions.filter((a) => a === 6)).toHaveLength(trailed.length);
    expect(market.requests.every((x) => x.request.magic === 120001)).toBe(true);
  });

  test("atr-breakout: channel breaks trade risk-sized volumes with ATR stops", async () => {
    const { printed, market } = await drive(eaSpec("atr-breakout"), {}, 120);
    expect(printed[0]).toBe("breakout EA: 20-bar channel, ATR(14) x 2.0 on EURUSD PERIOD_CURRENT");
    const entries = matching(
      printed,
      /^(BUY|SELL) \d\.\d\d at 1\.\d{5} (above|below) 1\.\d{5}, sl 1\.\d{5} tp 1\.\d{5}$/,
    );
    expect(entries.length).toBeGreaterThan(1);
    expect(printed.at(-1)).toBe(`breakout EA removed after ${entries.length} breakouts`);
    for (const [i, line] of entries.entries()) {
      const [, side, lots, price, , , sl, tp] =
        /^(\w+) ([\d.]+) at ([\d.]+) (\w+) ([\d.]+), sl ([\d.]+) tp ([\d.]+)$/.exec(line) ?? [];
      const req = market.requests[i]?.request;
      expect(req).toMatchObject({
        type: side === "BUY" ? 0 : 1,
        volume: Number(lots),
        price: Number(price),
        sl: Number(sl),
        tp: Number(tp),
        deviation: 30,
        magic: 310001,
      });
      // take profit = 1.5 x the stop distance
      const stop = Math.abs(Number(price) - Number(sl));
      expect(Math.abs(Number(tp) - Number(price))).toBeCloseTo(stop * 1.5, 4);
    }
  });

  test("rsi-scalper: raw OrderSend with ZeroMemory'd requests, FOK filling, exits by ticket", async () => {
    const { printed, market } = await drive(eaSpec("rsi-scalper"), {}, 120);
    expect(printed[0]).toBe("RSI scalper ready, filling ORDER_FILLING_FOK");
    const sends = matching(
      printed,
      /^rsi (long|short|exit) 0\.05 ORDER_TYPE_(BUY|SELL): retcode=10009 deal=\d+ order=\d+ price=1\.\d{5}$/,
    );
    expect(sends.length).toBeGreaterThan(2);
    expect(matching(printed, /^closing #\d+ at RSI \d+\.\d, profit -?\d+\.\d\d$/).length).toBe(
      matching(sends, /^rsi exit/).length,
    );
    expect(printed.at(-1)).toBe(`RSI scalper: ${sends.length} requests, 0 failed`);
    const opens = market.requests.filter((x) => x.request.position === 0);
    const closes = market.requests.filter((x) => (x.request.position as number) > 0);
    expect(opens.length).toBeGreaterThan(0);
    for (const { request } of opens) {
      expect(request).toMatchObject({ action: 1, type_filling: 0, deviation: 20, magic: 4401 });
      expect(Math.abs((request.tp as number) - (request.price as number))).toBeCloseTo(0.0012, 6);
      expect(Math.abs((request.sl as number) - (request.price as number))).toBeCloseTo(0.0009, 6);
    }
    for (const { request } of closes) {
      expect(request).toMatchObject({ sl: 0, tp: 0, comment: "rsi exit" });
    }
  });

  test("multi-grid: limit-order grids on two symbols, filled levels re-armed", async () => {
    const { printed, market } = await drive(eaSpec("multi-grid"), {}, 120);
    expect(printed.slice(0, 3)).toEqual([
      "grid EA on 2 symbol(s)",
      "EURUSD grid around 1.10062: 6 levels, step 150 points",
      "GBPUSD grid around 1.30492: 6 levels, step 150 points",
    ]);
    const pending = market.requests.filter((x) => x.request.action === 5);
    expect(new Set(pending.map((x) => x.request.symbol))).toEqual(new Set(["EURUSD", "GBPUSD"]));
    expect(pending.filter((x) => x.request.symbol === "EURUSD")[0]?.request).toMatchObject({
      type: 2, // ORDER_TYPE_BUY_LIMIT
      price: 1.09912,
      tp: 1.10062,
      volume: 0.01,
      magic: 550000,
      comment: "grid -1",
    });
    expect(pending.filter((x) => x.request.symbol === "GBPUSD")[0]?.request).toMatchObject({
      magic: 550001,
    });
    const fills = matching(printed, /^(EURUSD|GBPUSD) level -?\d filled \(#\d+\)$/);
    expect(fills.length).toBeGreaterThan(3);
    // a level filled twice was re-armed in between
    expect(pending.length).toBeGreaterThan(12);
    expect(matching(printed, /^(EURUSD|GBPUSD): \d pending, \d fills$/)).toHaveLength(2);
  });

  test("news-straddle: the timer arms a stop-order bracket, a fill deletes the other side", async () => {
    const { printed, market, timer } = await drive(
      eaSpec("news-straddle"),
      { NewsTime: "2025.11.24 09:00", DistancePoints: 30, WindowMinutes: 240 },
      60,
    );
    expect(timer).toEqual({ seconds: 1 });
    expect(printed[0]).toBe("straddle for 2025.11.24 09:00, armed from 2025.11.24 08:58");
    expect(printed[1]).toMatch(
      /^armed: buy stop #\d+ at 1\.\d{5}, sell stop #\d+ at 1\.\d{5}, expiring 2025\.11\.24 13:00$/,
    );
    const [buy, sell] = market.requests.map((x) => x.request);
    expect(buy).toMatchObject({ action: 5, type: 4, type_time: 2, magic: 660066 });
    expect(sell).toMatchObject({ action: 5, type: 5, type_time: 2, magic: 660066 });
    expect(buy?.expiration).toBe(Date.UTC(2025, 10, 24, 13, 0) / 1000);
    expect(printed).toContain("buy side filled, deleting #5002");
    expect(market.requests[2]?.request).toMatchObject({ action: 8, order: 5002 });
    expect(printed).toContain("deal #5003 from order #5001: DEAL_TYPE_BUY 0.10 at 1.10228");
    expect(printed.at(-1)).toBe("straddle stopped in state STATE_DONE after 60 timer calls");
    expect(market.orders).toEqual([]);
  });

  test("trailing-manager: adds missing stops, moves to break-even, trails; honours the magic filter", async () => {
    const open = (m: PaperMarket) => {
      m.openManual("EURUSD", 0, 0.1);
      m.openManual("EURUSD", 1, 0.2, 77);
    };
    const all = await drive(eaSpec("trailing-manager"), {}, 120, open);
    expect(all.printed[0]).toBe("managing all positions of EURUSD, adding missing stops");
    expect(all.printed).toContain("#5003 EURUSD sell: stop 0.00000 -> 1.10300");
    expect(all.printed).toContain("#5001 EURUSD buy: stop 0.00000 -> 1.09710");
    const buyStops = matching(all.printed, /^#5001 EURUSD buy: stop /).map((l) =>
      Number(l.split(" -> ")[1]),
    );
    expect(buyStops.length).toBeGreaterThan(3);
    expect([...buyStops].sort()).toEqual(buyStops); // a long's stop only moves up
    expect(all.printed.at(-1)).toBe(
      `trailing manager made ${matching(all.printed, /: stop /).length} modifications`,
    );
    expect(all.market.requests.every((x) => x.request.action === 6)).toBe(true);

    const one = await drive(eaSpec("trailing-manager"), { ManagedMagic: 77 }, 120, open);
    expect(one.printed[0]).toBe("managing magic 77 positions of EURUSD, adding missing stops");
    expect(matching(one.printed, /: stop /).every((l) => l.startsWith("#5003 "))).toBe(true);
  });

  test("bollinger-reversion: its own enum inputs choose the entry and exit rules", async () => {
    const touch = await drive(
      eaSpec("bollinger-reversion"),
      { BandsDeviation: 1.0, EntryMode: "ENTRY_ON_TOUCH" },
      120,
    );
    expect(touch.printed[0]).toBe(
      "bands 20/1.0, entry ENTRY_ON_TOUCH, exit EXIT_MIDDLE_BAND, lots LOTS_FIXED",
    );
    expect(matching(touch.printed, /^(long below|short above) 1\.\d{5} at 1\.\d{5}$/).length).toBe(
      touch.market.requests.filter((x) => x.request.position === 0).length,
    );
    expect(touch.printed).toContain("exit short at 1.10342 (EXIT_MIDDLE_BAND)");
    expect(touch.market.requests[0]?.request).toMatchObject({ comment: "bb-revert", magic: 808 });

    const sized = await drive(
      eaSpec("bollinger-reversion"),
      {
        BandsDeviation: 1.0,
        EntryMode: "ENTRY_ON_RETURN_INSIDE",
        ExitTarget: "EXIT_NONE",
        LotMode: "LOTS_PER_10K",
        LotValue: 0.25,
      },
      120,
    );
    expect(sized.printed[0]).toBe(
      "bands 20/1.0, entry ENTRY_ON_RETURN_INSIDE, exit EXIT_NONE, lots LOTS_PER_10K",
    );
    expect(matching(sized.printed, /^exit /)).toEqual([]);
    const volumes = sized.market.requests.map((x) => x.request.volume);
    expect(volumes.length).toBeGreaterThan(0);
    expect(volumes.every((v) => (v as number) >= 0.24 && (v as number) <= 0.26)).toBe(true);
  });

  test("martingale: doubles after a loss, resets after a win; 64-bit magic and datetime window", async () => {
    const { printed, market } = await drive(
      eaSpec("martingale"),
      { MagicNumber: 7700000000123 },
      60,
    );
    expect(printed[0]).toBe(
      "martingale magic 7700000000123, window 2020.01.01 00:00 .. 2030.12.31 23:59",
    );
    expect(printed.slice(1, 8)).toEqual([
      "buy 0.01 lots (step 0)",
      "win 0.87, sequence reset",
      "sell 0.01 lots (step 0)",
      "loss -0.63, streak 1",
      "buy 0.02 lots (step 1)",
      "win 1.26, sequence reset",
      "sell 0.01 lots (step 0)",
    ]);
    expect(printed).toContain("sell 0.04 lots (step 2)");
    expect(market.requests.every((x) => x.request.magic === 7700000000123)).toBe(true);

    // outside the window: no trade
    const closed = await drive(
      eaSpec("martingale"),
      { StartDate: "2026.01.01 00:00", EndDate: "2026.12.31 00:00" },
      8,
    );
    expect(closed.market.requests).toEqual([]);
  });

  test("candle-patterns: structs, a static counter, switches and StringFormat reports", async () => {
    const { printed, market } = await drive(eaSpec("candle-patterns"), {}, 120);
    expect(printed[0]).toBe(
      "candle patterns: momentum 0.60, pin 2.0, doji 0.10, min strength 0.50",
    );
    const reports = matching(
      printed,
      /^#\d{3} (engulfing |pin bar {3}|inside bar|doji {6}|momentum {2}) (BUY |SELL|- {3}) strength \d\.\d\d bar 2025\.11\.\d\d \d\d:00 O=1\.\d{5} C=1\.\d{5} \((week start, midweek|midweek|friday|weekend)\)$/,
    );
    expect(reports.length).toBeGreaterThan(20);
    // the static counter numbers the signals 1, 2, 3…
    expect(reports.map((l) => Number(l.slice(1, 4)))).toEqual(reports.map((_, i) => i + 1));
    const traded = matching(
      printed,
      /^traded [\w ]+: (buy|sell) 0\.10 at 1\.\d{5}, retcode 10009$/,
    );
    expect(traded).toHaveLength(market.requests.length);
    expect(printed.at(-1)).toMatch(
      new RegExp(
        `^bars 31, signals ${reports.length}, buys \\d, sells \\d, best \\w+ \\(1\\.00\\)(; [\\w ]+ \\d+/\\d+ avg \\d\\.\\d\\d)+$`,
      ),
    );
  });

  test("momentum-macros: object-like, function-like and conditional macros from an uploaded header", async () => {
    const { printed, market } = await drive(eaSpec("momentum-macros"), {}, 120);
    expect(printed.slice(0, 2)).toEqual([
      "trace 48: momentum EURUSD period 10",
      "[OnInit] momentum-macros on MQL5 (kit 1.3), magic 7001, at most 2 trades",
    ]);
    expect(printed[2]).toBe("trace 89: momentum 69.0 avg 69.0 up");
    const opened = matching(printed, /^\[OnTick\] (up|down) momentum -?\d+\.\d points: opened$/);
    expect(opened.length).toBeGreaterThan(1);
    expect(market.requests[0]?.request).toMatchObject({
      magic: 7001,
      comment: "momentum-macros",
      volume: 0.1,
    });
    const r = market.requests[0]?.request as { price: number; sl: number; tp: number };
    expect(r.price - r.sl).toBeCloseTo(0.0025, 6);
    expect(r.tp - r.price).toBeCloseTo(0.004, 6);
    // without KIT_TRACE the trace macro expands to nothing
    const quiet = readEa("momentum-macros.mq5").replace("#define KIT_TRACE", "// no trace");
    const c = compile(quiet, eaHeaders(eaSpec("momentum-macros")), "momentum-macros.mq5");
    expect(c.ok).toBe(true);
    const q = await run(quiet, {}, { headers: eaHeaders(eaSpec("momentum-macros")) });
    expect(q.printed).toEqual([
      "[OnInit] momentum-macros on MQL5 (kit 1.3), magic 7001, at most 2 trades",
    ]);
  });
});

describe("the large generated EA", () => {
  test("≥ 5,000 lines compile with the exact analysis and run", async () => {
    const g = generateLargeEa(84);
    expect(g.lines).toBeGreaterThanOrEqual(5000);
    expect(generateLargeEa(84).source).toBe(g.source); // deterministic
    const t0 = performance.now();
    const r = compile(g.source, {}, "consensus-84.mq5");
    const ms = performance.now() - t0;
    console.log(
      `compile of the generated EA: ${g.lines} lines, ${g.source.length} bytes in ${ms.toFixed(0)} ms`,
    );
    if (!r.ok) {
      throw new Error(r.error);
    }
    expect(r.inputParams).toEqual(g.inputParams);
    expect(r.eventHandlers).toEqual(g.eventHandlers);
    const market = new PaperMarket();
    const rt = await run(g.source, {}, { init: market.initEvent(), host: market.host });
    expect(rt.printed).toEqual(["consensus of 72 filters"]);
    for (let i = 0; i < 40; i += 1) {
      expect(rt.tick(market.advance()).ok).toBe(true);
    }
    expect(rt.dispatch({ type: "deinit", reason: 1 }).ok).toBe(true);
    expect(matching(rt.printed, /^consensus -?\d\.\d{3}$/).length).toBe(11);
    expect(rt.printed.at(-1)).toMatch(/^consensus EA: \d+ votes cast$/);
    expect(market.requests.length).toBeGreaterThan(0);
  });
});
