/**
 * The MQL5 API inside the runtime bundle, driven through the in-process harness: market and
 * account info, time, formatting, errors, series access and ArraySetAsSeries, trade calls and
 * CTrade requests, selections, events and the sandbox contract (bare scope, frozen intrinsics,
 * user-only stacks, log caps).
 */

import { describe, expect, test } from "bun:test";
import vm from "node:vm";
import { acceptAll, barsFromCloses, initEvent, inProcess, runtimeBundle } from "./harness.ts";

const rates = barsFromCloses([1, 2, 3, 4, 5]);

async function run(body: string, extra: Record<string, unknown> = {}) {
  const ea = await inProcess();
  const loaded = ea.load(`function OnTick() {\n${body}\n}`);
  expect(loaded.ok).toBe(true);
  ea.dispatch(initEvent(rates, extra));
  const out = ea.dispatch({ type: "tick" });
  return { ea, out, lines: out.logs.map((l) => l.text) };
}

describe("bundle and sandbox contract", () => {
  test("evaluates in a bare realm with only __host_call, then hides it", async () => {
    const context = vm.createContext({});
    vm.runInContext("this.__host_call = () => '{}'", context);
    vm.runInContext(await runtimeBundle(), context);
    expect(vm.runInContext("typeof __host_call", context)).toBe("undefined");
    expect(vm.runInContext("typeof __tas.load + typeof __tas.dispatch", context)).toBe(
      "functionfunction",
    );
    expect(
      vm.runInContext(
        "Object.isFrozen(Array.prototype) && Object.isFrozen(Object.prototype)",
        context,
      ),
    ).toBe(true);
    expect(vm.runInContext("typeof require + typeof process + typeof fetch", context)).toBe(
      "undefinedundefinedundefined",
    );
  });

  test("user code cannot reach __tas, __host_call or tamper with prototypes", async () => {
    const { lines } = await run(`
Print(typeof __tas, " ", typeof __host_call);
try { Array.prototype.push = null; Print("tampered"); } catch (e) { Print("blocked"); }
try { JSON = null; } catch (e) { Print("json ok"); }
Print(typeof Symbol.iterator, " ", Symbol());`);
    expect(lines).toEqual(["undefined undefined", "blocked", "json ok", "symbol EURUSD"]);
  });

  test("exceptions carry user line numbers and only user frames", async () => {
    const ea = await inProcess();
    ea.load(
      "function helper() {\n  throw new Error('boom');\n}\nfunction OnTick() {\n  helper();\n}",
    );
    ea.dispatch(initEvent(rates));
    const out = ea.dispatch({ type: "tick" });
    expect(out.ok).toBe(false);
    // Columns are the engine's (V8 and JavaScriptCore differ); lines are the user's.
    expect(out.error?.message).toMatch(/^Error: boom \(line 2, column \d+\)$/);
    expect(out.error?.stack).toMatch(
      /^ {4}at helper \(line 2, column \d+\)\n {4}at OnTick \(line 5, column \d+\)$/,
    );
    expect(out.logs.at(-1)?.level).toBe("error");
  });

  test("log lines are capped per event and long lines clipped", async () => {
    const ea = await inProcess();
    ea.load("function OnTick() { for (let i = 0; i < 50; i++) Print('x'.repeat(500)); }", {
      maxLogLines: 10,
      maxLogLineLength: 100,
    });
    ea.dispatch(initEvent(rates));
    const out = ea.dispatch({ type: "tick" });
    expect(out.logsDropped).toBe(40);
    expect(out.logs.length).toBe(11);
    expect(out.logs[0]?.text.length).toBe(101);
  });

  test("load reports handlers; a second load is refused", async () => {
    const ea = await inProcess();
    expect(ea.load("function OnTick(){}\nfunction OnTimer(){}").handlers).toEqual([
      "OnTick",
      "OnTimer",
    ]);
    expect(ea.load("function OnTick(){}").ok).toBe(false);
  });
});

describe("symbol, account, time, output", () => {
  test("Symbol/Period/Point/Digits and the _ variables", async () => {
    const { lines } = await run(
      `Print(Symbol(), " ", Period() === PERIOD_H1, " ", Point(), " ", Digits(), " ", _Symbol, " ", _Point, " ", _Digits, " ", _Period);`,
    );
    expect(lines).toEqual(["EURUSD true 0.00001 5 EURUSD 0.00001 5 16385"]);
  });

  test("SymbolInfoDouble/Integer/String and SymbolInfoTick", async () => {
    const { lines } = await run(`
Print(SymbolInfoDouble(_Symbol, SYMBOL_BID), " ", SymbolInfoDouble(_Symbol, SYMBOL_ASK), " ", SymbolInfoDouble(_Symbol, SYMBOL_POINT));
Print(SymbolInfoDouble(_Symbol, SYMBOL_VOLUME_MIN), " ", SymbolInfoDouble(_Symbol, SYMBOL_VOLUME_MAX), " ", SymbolInfoDouble(_Symbol, SYMBOL_VOLUME_STEP), " ", SymbolInfoDouble(_Symbol, SYMBOL_TRADE_CONTRACT_SIZE));
Print(SymbolInfoInteger(_Symbol, SYMBOL_DIGITS), " ", SymbolInfoInteger(_Symbol, SYMBOL_TRADE_STOPS_LEVEL), " ", SymbolInfoInteger(_Symbol, SYMBOL_SPREAD), " ", SymbolInfoInteger(_Symbol, SYMBOL_FILLING_MODE));
Print(SymbolInfoString(_Symbol, SYMBOL_CURRENCY_BASE), SymbolInfoString(_Symbol, SYMBOL_CURRENCY_PROFIT));
const t = new MqlTick(); Print(SymbolInfoTick(_Symbol, t), " ", t.bid, " ", t.ask, " ", t.flags);
const v = { value: 0 }; Print(SymbolInfoDouble("EURUSD", SYMBOL_BID, v), " ", v.value);
ResetLastError(); Print(SymbolInfoDouble("XXX", SYMBOL_BID), " ", GetLastError());`);
    expect(lines).toEqual([
      "1.1 1.10012 0.00001",
      "0.01 50 0.01 100000",
      "5 10 12 2",
      "EURUSD",
      "true 1.1 1.10012 6",
      "true 1.1",
      "0 4301",
    ]);
  });

  test("AccountInfoDouble/Integer/String", async () => {
    const { lines } = await run(`
Print(AccountInfoDouble(ACCOUNT_BALANCE), " ", AccountInfoDouble(ACCOUNT_EQUITY), " ", AccountInfoDouble(ACCOUNT_MARGIN), " ", AccountInfoDouble(ACCOUNT_MARGIN_FREE), " ", AccountInfoDouble(ACCOUNT_MARGIN_LEVEL));
Print(AccountInfoInteger(ACCOUNT_LOGIN), " ", AccountInfoInteger(ACCOUNT_LEVERAGE), " ", AccountInfoInteger(ACCOUNT_MARGIN_MODE) === ACCOUNT_MARGIN_MODE_RETAIL_HEDGING, " ", AccountInfoInteger(ACCOUNT_TRADE_MODE));
Print(AccountInfoString(ACCOUNT_CURRENCY), " ", AccountInfoString(ACCOUNT_NAME), " ", AccountInfoString(ACCOUNT_SERVER), " ", AccountInfoString(ACCOUNT_COMPANY));
const a = new CAccountInfo(); Print(a.Balance(), " ", a.Leverage(), " ", a.Currency());`);
    expect(lines).toEqual([
      "10000 10050 200 9850 5025",
      "5001 100 true 0",
      "USD Test Trader Demo-1 TAS",
      "10000 100 USD",
    ]);
  });

  test("TimeCurrent/TimeGMT/TimeLocal/TimeToStruct/TimeToString", async () => {
    const { lines } = await run(
      `
const s = new MqlDateTime(); const t = TimeCurrent(s);
Print(t, " ", TimeGMT(), " ", TimeLocal(), " ", s.year, "-", s.mon, "-", s.day, " ", s.hour, ":", s.min, " dow ", s.day_of_week, " doy ", s.day_of_year);
Print(TimeToString(t), " | ", TimeToString(t, TIME_DATE|TIME_SECONDS), " | ", StringToTime("2024.02.29 12:30"));`,
      { gmtOffset: 7200 },
    );
    // last bar 1700014400 + 60 = 1700014460 = 2023-11-15 02:14:20 UTC (Wednesday, day 318)
    expect(lines).toEqual([
      "1700014460 1700007260 1700007260 2023-11 -15 2:14 dow 3 doy 318".replace("-11 -", "-11-"),
      "2023.11.15 02:14 | 2023.11.15 02:14:20 | 1709209800",
    ]);
  });

  test("Print/PrintFormat/StringFormat/NormalizeDouble/DoubleToString/Comment/Alert", async () => {
    const { out, lines } = await run(`
PrintFormat("%d|%5d|%-5d|%05d|%+d|%x|%X|%o", 42, 42, 42, 42, 42, 255, 255, 8);
PrintFormat("%f|%.5f|%.2f|%e|%G|%g|%s|%10s|%-4s|%%", 1.5, 1.123456789, -2.345, 12345.678, 0.0001, 100000000, "abc", "r", "l");
Print(StringFormat("%.3f", 2.0005), " ", NormalizeDouble(1.234567, 4), " ", NormalizeDouble(-1.55, 1), " ", DoubleToString(1.1, 3), " ", true, " ", 0.1 + 0.2);
Comment("hello ", 1); Alert("wake up");`);
    expect(lines).toEqual([
      "42|   42|42   |00042|+42|ff|FF|10",
      "1.500000|1.12346|-2.35|1.234568e+04|0.0001|1e+08|abc|         r|l   |%",
      "2.001 1.2346 -1.6 1.100 true 0.3",
      "wake up",
    ]);
    expect(out.comment).toBe("hello 1");
    expect(out.logs[3]?.level).toBe("alert");
  });

  test("GetLastError/ResetLastError/SetUserError", async () => {
    const { lines } = await run(`
Print(GetLastError()); PositionSelectByTicket(999); Print(GetLastError()); ResetLastError(); Print(GetLastError());
SetUserError(5); Print(GetLastError(), " ", ERR_USER_ERROR_FIRST + 5);`);
    expect(lines).toEqual(["0", "4753", "0", "65541 65541"]);
  });

  test("timers and ExpertRemove go into the outcome", async () => {
    const ea = await inProcess();
    ea.load(
      "function OnInit(){ EventSetTimer(5); }\nfunction OnTick(){ EventKillTimer(); ExpertRemove(); }\nfunction OnTimer(){ Print('t'); }",
    );
    expect(ea.dispatch(initEvent(rates)).timer).toEqual({ seconds: 5 });
    expect(ea.dispatch({ type: "timer" }).logs[0]?.text).toBe("t");
    const out = ea.dispatch({ type: "tick" });
    expect(out.timer).toBeNull();
    expect(out.remove).toBe(true);
  });

  test("OnInit's return value and OnDeinit's reason", async () => {
    const ea = await inProcess();
    ea.load(
      "function OnInit(){ return INIT_PARAMETERS_INCORRECT; }\nfunction OnDeinit(r){ Print('bye ', r, ' ', UninitializeReason()); }\nfunction OnTick(){}",
    );
    expect(ea.dispatch(initEvent(rates)).initResult).toBe(32767);
    expect(ea.dispatch({ type: "deinit", reason: 1 }).logs[0]?.text).toBe("bye 1 1");
  });
});

describe("series access", () => {
  test("CopyClose/CopyRates/CopyTime chronological, and newest-first with ArraySetAsSeries", async () => {
    const { lines } = await run(`
const a = []; Print(CopyClose(_Symbol, PERIOD_CURRENT, 0, 3, a), " ", JSON.stringify(a));
const b = []; ArraySetAsSeries(b, true); CopyClose(_Symbol, _Period, 0, 3, b); Print(JSON.stringify(b), " ", ArrayGetAsSeries(b));
ArraySetAsSeries(b, false); Print(JSON.stringify(b));
const r = []; Print(CopyRates(_Symbol, 0, 1, 2, r), " ", r[0].close, " ", r[1].close, " ", r[1].time);
const o = [], h = [], l = [], t = []; CopyOpen(_Symbol, 0, 0, 1, o); CopyHigh(_Symbol, 0, 0, 1, h); CopyLow(_Symbol, 0, 0, 1, l); CopyTime(_Symbol, 0, 0, 1, t);
Print(o[0], " ", h[0], " ", l[0], " ", t[0]);
const byTime = []; Print(CopyClose(_Symbol, 0, 1700003600, 1700010800, byTime), " ", JSON.stringify(byTime));
const big = []; Print(CopyClose(_Symbol, 0, 3, 10, big), " ", JSON.stringify(big));
Print(CopyClose(_Symbol, 0, 9, 1, big), " ", GetLastError());`);
    expect(lines).toEqual([
      "3 [3,4,5]",
      "[5,4,3] true",
      "[3,4,5]",
      "2 3 4 1700010800",
      "4 5.5 3.5 1700014400",
      "3 [2,3,4]",
      "2 [1,2]",
      "-1 4401",
    ]);
  });

  test("iClose/iOpen/iHigh/iLow/iTime/iBars/Bars/iBarShift/iHighest", async () => {
    const { lines } = await run(`
Print(iClose(_Symbol, 0, 0), " ", iClose(_Symbol, 0, 4), " ", iOpen(_Symbol, 0, 1), " ", iHigh(_Symbol, 0, 0), " ", iLow(_Symbol, 0, 0), " ", iTime(_Symbol, 0, 0));
Print(iBars(_Symbol, 0), " ", Bars(_Symbol, PERIOD_H1), " ", iBarShift(_Symbol, 0, 1700003700), " ", iHighest(_Symbol, 0, MODE_HIGH, 5, 0), " ", iLowest(_Symbol, 0, MODE_LOW, 5, 0));
Print(iClose(_Symbol, 0, 10), " ", GetLastError());`);
    expect(lines).toEqual(["5 1 3 5.5 3.5 1700014400", "5 5 3 0 3", "0 4401"]);
  });
});

describe("trading", () => {
  const position = {
    ticket: 501,
    symbol: "EURUSD",
    type: 0,
    magic: 77,
    identifier: 501,
    volume: 0.3,
    price_open: 1.09,
    sl: 1.08,
    tp: 1.12,
    price_current: 1.1,
    profit: 30,
    time: 1_700_000_000,
    comment: "c1",
  };
  const order = {
    ticket: 601,
    symbol: "EURUSD",
    type: 2,
    state: 1,
    magic: 77,
    volume_initial: 0.2,
    volume_current: 0.2,
    price_open: 1.05,
    comment: "lim",
  };
  const deals = [
    {
      ticket: 701,
      order: 600,
      symbol: "EURUSD",
      type: 0,
      entry: 0,
      magic: 77,
      position_id: 501,
      volume: 0.3,
      price: 1.09,
      profit: 0,
      time: 1_700_000_000,
    },
    {
      ticket: 702,
      order: 599,
      symbol: "EURUSD",
      type: 1,
      entry: 1,
      magic: 77,
      position_id: 400,
      volume: 0.1,
      price: 1.2,
      profit: 12.5,
      time: 1_600_000_000,
    },
  ];

  test("positions, orders and history selection", async () => {
    const { lines } = await run(
      `
Print(PositionsTotal(), " ", PositionGetTicket(0), " ", PositionGetString(POSITION_SYMBOL), " ", PositionGetInteger(POSITION_TYPE) === POSITION_TYPE_BUY, " ", PositionGetDouble(POSITION_VOLUME), " ", PositionGetDouble(POSITION_PRICE_OPEN), " ", PositionGetInteger(POSITION_MAGIC), " ", PositionGetString(POSITION_COMMENT));
Print(PositionSelect("EURUSD"), " ", PositionSelectByTicket(501), " ", PositionSelectByTicket(1), " ", GetLastError());
Print(OrdersTotal(), " ", OrderGetTicket(0), " ", OrderGetInteger(ORDER_TYPE) === ORDER_TYPE_BUY_LIMIT, " ", OrderGetDouble(ORDER_PRICE_OPEN), " ", OrderSelect(601), " ", OrderGetString(ORDER_COMMENT));
Print(HistorySelect(0, TimeCurrent()), " ", HistoryDealsTotal(), " ", HistoryDealGetTicket(0), " ", HistoryDealGetDouble(702, DEAL_PROFIT), " ", HistoryDealGetInteger(702, DEAL_ENTRY) === DEAL_ENTRY_OUT, " ", HistoryDealGetString(701, DEAL_SYMBOL));
Print(HistorySelect(1650000000, TimeCurrent()), " ", HistoryDealsTotal(), " ", HistorySelectByPosition(400), " ", HistoryDealsTotal(), " ", HistoryDealGetTicket(0));
const p = new CPositionInfo(); p.SelectByIndex(0); Print(p.Ticket(), " ", p.Volume(), " ", p.PriceOpen(), " ", p.StopLoss(), " ", p.TakeProfit(), " ", p.Profit(), " ", p.TypeDescription(), " ", p.Magic());
const o = new COrderInfo(); o.Select(601); Print(o.OrderType(), " ", o.VolumeInitial(), " ", o.TypeDescription());
HistorySelect(0, TimeCurrent()); const d = new CDealInfo(); d.SelectByIndex(1); Print(d.Ticket(), " ", d.Profit(), " ", d.Entry(), " ", d.Symbol());`,
      { positions: [position], orders: [order], deals },
    );
    expect(lines).toEqual([
      "1 501 EURUSD true 0.3 1.09 77 c1",
      "true true false 4753",
      "1 601 true 1.05 true lim",
      "true 2 702 12.5 true EURUSD",
      "true 1 true 1 702",
      "501 0.3 1.09 1.08 1.12 30 buy 77",
      "2 0.2 buy limit",
      "701 0 0 EURUSD",
    ]);
  });

  test("OrderSend crosses to the host with an MqlTradeRequest and fills MqlTradeResult", async () => {
    const { ea, lines } = await run(`
const req = new MqlTradeRequest(); const res = new MqlTradeResult();
req.action = TRADE_ACTION_DEAL; req.symbol = _Symbol; req.volume = 0.1; req.type = ORDER_TYPE_BUY; req.price = SymbolInfoDouble(_Symbol, SYMBOL_ASK);
req.deviation = 5; req.type_filling = ORDER_FILLING_IOC; req.magic = 9;
Print(OrderSend(req, res), " ", res.retcode === TRADE_RETCODE_DONE, " ", res.deal, " ", res.order, " ", res.volume, " ", res.price);
const chk = new MqlTradeCheckResult(); Print(OrderCheck(req, chk), " ", chk.margin_free);
Print(OrderSendAsync(req, res), " ", res.retcode);`);
    expect(lines).toEqual(["true true 1001 1001 0.1 1.10012", "true 9900", "true 10009"]);
    expect(ea.calls.map((c) => c.kind)).toEqual(["OrderSend", "OrderCheck", "OrderSendAsync"]);
    expect(ea.calls[0]?.payload).toMatchObject({
      action: 1,
      symbol: "EURUSD",
      volume: 0.1,
      type: 0,
      price: 1.10012,
      deviation: 5,
      type_filling: 1,
      magic: 9,
      sl: 0,
      tp: 0,
      comment: "",
    });
  });

  test("a rejected OrderSend returns false with ERR_TRADE_SEND_FAILED; host snapshots are applied", async () => {
    const ea = await inProcess((kind) =>
      kind === "OrderSend"
        ? {
            result: { retcode: 10019, comment: "no money" },
            snapshot: { positions: [{ ticket: 9, symbol: "EURUSD" }] },
          }
        : {},
    );
    ea.load(
      "function OnTick(){ const r = new MqlTradeResult(); Print(OrderSend({action: TRADE_ACTION_DEAL, volume: 1}, r), ' ', r.retcode, ' ', r.comment, ' ', GetLastError(), ' ', PositionsTotal()); }",
    );
    ea.dispatch(initEvent(rates));
    expect(ea.dispatch({ type: "tick" }).logs[0]?.text).toBe("false 10019 no money 4756 1");
  });

  test("CTrade builds MQL5's requests", async () => {
    const ea = await inProcess(acceptAll());
    ea.load(`const t = new CTrade();
function OnTick() {
  t.SetExpertMagicNumber(42); t.SetDeviationInPoints(7); t.SetTypeFillingBySymbol(_Symbol);
  t.Buy(0.1); t.Sell(0.2, _Symbol, 0, 1.2, 1.0, "s");
  t.PositionModify(501, 1.07, 1.13); t.PositionClose(501); t.PositionClosePartial(501, 0.1);
  t.BuyLimit(0.1, 1.05); t.SellLimit(0.1, 1.15); t.BuyStop(0.1, 1.15); t.SellStop(0.1, 1.05, _Symbol, 1.06, 1.0, ORDER_TIME_GTC, 0, "ss");
  t.OrderModify(601, 1.04, 1.03, 1.1, ORDER_TIME_GTC, 0); t.OrderDelete(601);
  Print(t.ResultRetcode(), " ", t.ResultRetcodeDescription(), " ", t.ResultOrder(), " ", t.RequestAction() === TRADE_ACTION_REMOVE, " ", t.RequestMagic());
}`);
    ea.dispatch(initEvent(rates, { positions: [position], orders: [order] }));
    const out = ea.dispatch({ type: "tick" });
    expect(out.logs[0]?.text).toBe("10009 request completed 1011 true 42");
    const p = ea.calls.map((c) => c.payload);
    expect(p[0]).toMatchObject({
      action: 1,
      type: 0,
      volume: 0.1,
      price: 1.10012,
      magic: 42,
      deviation: 7,
      type_filling: 1,
      symbol: "EURUSD",
    });
    expect(p[1]).toMatchObject({
      action: 1,
      type: 1,
      volume: 0.2,
      price: 1.1,
      sl: 1.2,
      tp: 1.0,
      comment: "s",
    });
    expect(p[2]).toMatchObject({
      action: 6,
      position: 501,
      sl: 1.07,
      tp: 1.13,
      symbol: "EURUSD",
      magic: 42,
    });
    expect(p[3]).toMatchObject({ action: 1, position: 501, type: 1, volume: 0.3, price: 1.1 });
    expect(p[4]).toMatchObject({ action: 1, position: 501, type: 1, volume: 0.1 });
    expect(p[5]).toMatchObject({ action: 5, type: 2, price: 1.05, volume: 0.1 });
    expect(p[6]).toMatchObject({ action: 5, type: 3, price: 1.15 });
    expect(p[7]).toMatchObject({ action: 5, type: 4, price: 1.15 });
    expect(p[8]).toMatchObject({
      action: 5,
      type: 5,
      price: 1.05,
      sl: 1.06,
      tp: 1.0,
      comment: "ss",
    });
    expect(p[9]).toMatchObject({ action: 7, order: 601, price: 1.04, sl: 1.03, tp: 1.1 });
    expect(p[10]).toMatchObject({ action: 8, order: 601, magic: 42 });
  });

  test("OnTradeTransaction receives MqlTradeTransaction/Request/Result", async () => {
    const ea = await inProcess();
    ea.load(
      "function OnTick(){}\nfunction OnTradeTransaction(t, q, r){ Print(t.type === TRADE_TRANSACTION_DEAL_ADD, ' ', t.deal, ' ', t.symbol, ' ', q.action, ' ', r.retcode); }",
    );
    ea.dispatch(initEvent(rates));
    const out = ea.dispatch({
      type: "tradeTransaction",
      transaction: { type: 6, deal: 55, symbol: "EURUSD" },
      request: { action: 1 },
      result: { retcode: 10009 },
    });
    expect(out.logs[0]?.text).toBe("true 55 EURUSD 1 10009");
  });

  test("HistorySelect asks the host when meta.history is 'host'", async () => {
    const ea = await inProcess((kind) =>
      kind === "HistorySelect" ? { deals: [{ ticket: 9, profit: 3 }] } : {},
    );
    ea.load(
      "function OnTick(){ Print(HistorySelect(0, 10), ' ', HistoryDealsTotal(), ' ', HistoryDealGetDouble(9, DEAL_PROFIT)); }",
      { history: "host" },
    );
    ea.dispatch(initEvent(rates));
    expect(ea.dispatch({ type: "tick" }).logs[0]?.text).toBe("true 1 3");
    expect(ea.calls[0]).toEqual({ kind: "HistorySelect", payload: { from: 0, to: 10 } });
  });
});

describe("inputs", () => {
  test("input values from meta, defaults otherwise, coerced to the declared type", async () => {
    const ea = await inProcess();
    ea.load(
      `const A = input.int(1, "A"); const B = input.double(0.5, "B"); const C = input.bool(false, "C");
const D = input.string("x", "D"); const E = input.enum(ENUM_TIMEFRAMES, PERIOD_H1, "E"); const F = input.color(clrRed, "F");
const G = input.datetime("2024.01.02 03:04", "G"); const H = input.int(5, "H");
function OnTick(){ Print(A, " ", B, " ", C, " ", D, " ", E, " ", F, " ", G, " ", H); }`,
      {
        inputs: {
          A: "12",
          B: 1.25,
          C: "true",
          D: "hello",
          E: "PERIOD_M5",
          F: "0,0,255",
          G: "2024.01.01",
        },
      },
    );
    ea.dispatch(initEvent(rates));
    expect(ea.dispatch({ type: "tick" }).logs[0]?.text).toBe(
      "12 1.25 true hello 5 16711680 1704067200 5",
    );
  });
});
