/**
 * The terminal the runtime presents (terminal.ts: TerminalInfo*, MQLInfo*, MessageBox,
 * notifications, chart functions), EnumToString/printf, OrderCalcMargin and the CAccountInfo
 * checks on top of it (margin.ts, stdlib.ts), CTrade's symbol-form PositionClose/PositionModify
 * on hedging and netting accounts, and indicator handles shared per parameters.
 */

import { describe, expect, test } from "bun:test";
import { ACCOUNT, acceptAll, barsFromCloses, initEvent, inProcess } from "./harness.ts";

const rates = barsFromCloses([1, 2, 3, 4, 5]);

async function run(
  body: string,
  extra: Record<string, unknown> = {},
  meta: Record<string, unknown> = {},
) {
  const ea = await inProcess();
  const loaded = ea.load(`function OnTick() {\n${body}\n}`, meta);
  expect(loaded.ok).toBe(true);
  ea.dispatch(initEvent(rates, extra));
  const out = ea.dispatch({ type: "tick" });
  expect(out.error).toBeUndefined();
  return { ea, out, lines: out.logs.map((l) => l.text) };
}

describe("terminal and program properties", () => {
  test("a live terminal: connected, trading allowed, not the tester; MQL5's property ids", async () => {
    const { lines } = await run(
      `
const T = (p) => TerminalInfoInteger(p), M = (p) => MQLInfoInteger(p);
Print(T(TERMINAL_BUILD), " ", T(TERMINAL_CONNECTED), " ", T(TERMINAL_TRADE_ALLOWED), " ", T(TERMINAL_DLLS_ALLOWED), " ", T(TERMINAL_MAXBARS), " ", T(TERMINAL_CODEPAGE), " ", T(TERMINAL_X64), " ", T(TERMINAL_KEYSTATE_LEFT));
Print(T(TERMINAL_NOTIFICATIONS_ENABLED), " ", T(TERMINAL_EMAIL_ENABLED), " ", T(TERMINAL_FTP_ENABLED), " ", T(TERMINAL_MEMORY_TOTAL), " ", T(TERMINAL_SCREEN_DPI), " ", TerminalInfoDouble(TERMINAL_COMMUNITY_BALANCE));
Print(M(MQL_TESTER), " ", M(MQL_OPTIMIZATION), " ", M(MQL_VISUAL_MODE), " ", M(MQL_TRADE_ALLOWED), " ", M(MQL_PROGRAM_TYPE) === PROGRAM_EXPERT, " ", M(MQL_DLLS_ALLOWED), " ", M(MQL_MEMORY_LIMIT), " ", M(MQL_LICENSE_TYPE) === LICENSE_FREE);
Print(TerminalInfoString(TERMINAL_LANGUAGE), " | ", TerminalInfoString(TERMINAL_COMPANY), " | ", TerminalInfoString(TERMINAL_NAME), " | ", TerminalInfoString(TERMINAL_DATA_PATH));
Print(MQLInfoString(MQL_PROGRAM_NAME), " | ", MQLInfoString(MQL_PROGRAM_PATH));
Print(TERMINAL_COMPANY, " ", TERMINAL_BUILD, " ", TERMINAL_CONNECTED, " ", TERMINAL_TRADE_ALLOWED, " ", TERMINAL_LANGUAGE, " ", MQL_PROGRAM_NAME, " ", MQL_PROGRAM_TYPE, " ", MQL_TESTER, " ", PROGRAM_EXPERT);
ResetLastError(); Print(TerminalInfoInteger(9999), " ", GetLastError(), " ", TerminalInfoInteger(TERMINAL_COMPANY), " ", GetLastError());
ResetLastError(); Print("[", MQLInfoString(77), "] ", GetLastError(), " ", MQLInfoInteger(MQL_PROGRAM_NAME), " ", GetLastError());`,
      {},
      { programName: "Crossover", maxBars: 3000, memoryLimitMb: 128 },
    );
    expect(lines).toEqual([
      "4620 1 1 0 3000 1252 1 0",
      "1 1 0 128 96 0",
      "0 0 0 1 true 0 128 true",
      "English | TAS | TAS Terminal | C:\\TAS\\Terminal\\Data",
      "Crossover | C:\\TAS\\Terminal\\Data\\MQL5\\Experts\\Crossover.ex5",
      "0 5 6 8 13 0 2 6 2",
      "0 4513 0 4513",
      "[] 4512 0 4512",
    ]);
  });

  test('TERMINAL_TRADE_ALLOWED follows the account\'s trade_expert; no programName means ""', async () => {
    const { lines } = await run(
      `Print(TerminalInfoInteger(TERMINAL_TRADE_ALLOWED), " [", MQLInfoString(MQL_PROGRAM_NAME), "] [", MQLInfoString(MQL_PROGRAM_PATH), "]");`,
      { account: { ...ACCOUNT, trade_expert: false } },
    );
    expect(lines).toEqual(["0 [] []"]);
  });

  test("MessageBox answers 0, notifications and mail log alerts, PlaySound fails, charts", async () => {
    const { out, lines } = await run(
      `
Print(MessageBox("Close all?", "Risk", MB_YESNO), " ", IDOK, " ", IDYES);
Print(SendNotification("filled 0.1 EURUSD"), " ", SendNotification(""), " ", GetLastError());
Print(SendMail("Report", "equity 10050"));
ResetLastError(); Print(PlaySound("alert.wav"), " ", GetLastError(), " ", PlaySound(NULL_SOUND()));
Print(Sleep(5000), " ", TesterHideIndicators(true), " ", ChartRedraw());
Print(ChartID(), " ", ChartID() === ChartFirst(), " ", ChartSymbol(), " ", ChartSymbol(0), " ", ChartPeriod(0) === PERIOD_H1, " ", ChartSymbol(ChartID()));
ResetLastError(); Print("[", ChartSymbol(42), "] ", GetLastError(), " ", ChartPeriod(42));
function NULL_SOUND() { return null; }`,
      {},
      { programName: "Crossover" },
    );
    expect(lines).toEqual([
      "MessageBox [Risk]: Close all?",
      "0 1 6",
      "Notification: filled 0.1 EURUSD",
      "true false 4516",
      "Mail: Report | equity 10050",
      "true",
      "false 4511 true",
      "null null null",
      "128968168864101 true EURUSD EURUSD true EURUSD",
      "[] 4101 0",
    ]);
    expect(out.logs.filter((l) => l.level === "alert").map((l) => l.text)).toEqual([
      "MessageBox [Risk]: Close all?",
      "Notification: filled 0.1 EURUSD",
      "Mail: Report | equity 10050",
    ]);
  });

  test("EnumToString by enum name, the number without one; printf is PrintFormat", async () => {
    const { lines } = await run(`
Print(EnumToString(ORDER_TYPE_SELL, "ENUM_ORDER_TYPE"), " ", EnumToString(PERIOD_H1, "ENUM_TIMEFRAMES"), " ", EnumToString(MODE_EMA, "ENUM_MA_METHOD"), " ", EnumToString(AccountInfoInteger(ACCOUNT_MARGIN_MODE), "ENUM_ACCOUNT_MARGIN_MODE"));
Print(EnumToString(7, "ENUM_DAY_OF_WEEK"), " ", EnumToString(1), " ", EnumToString(3, "NO_SUCH_ENUM"));
printf("%s=%.2f", "x", 1.005 + 1);`);
    expect(lines).toEqual([
      "ORDER_TYPE_SELL PERIOD_H1 MODE_EMA ACCOUNT_MARGIN_MODE_RETAIL_HEDGING",
      "ENUM_DAY_OF_WEEK::7 1 NO_SUCH_ENUM::3",
      "x=2.00",
    ]);
  });
});

describe("margin", () => {
  const us500 = {
    name: "US500",
    digits: 1,
    point: 0.1,
    contract_size: 1,
    tick_size: 0.1,
    tick_value: 0.1,
    calc_mode: 2,
    margin_rate: 0.05,
    currency_base: "USD",
    currency_profit: "USD",
    currency_margin: "USD",
    tick: { bid: 5000, ask: 5000.5, time: 1_700_000_000 },
  };
  const ger40 = {
    name: "GER40",
    digits: 1,
    point: 0.1,
    contract_size: 1,
    tick_size: 0.1,
    tick_value: 0.11,
    calc_mode: 4,
    currency_base: "EUR",
    currency_profit: "EUR",
    currency_margin: "EUR",
    tick: { bid: 18000, ask: 18001, time: 1_700_000_000 },
  };
  const withSymbols = (ev: Record<string, unknown>) => {
    const snap = ev.snapshot as Record<string, unknown>;
    snap.symbols = [...(snap.symbols as unknown[]), us500, ger40];
    return ev;
  };

  test("OrderCalcMargin: Forex at leverage 100, a CFD, a leveraged CFD converted from EUR", async () => {
    const ea = await inProcess();
    ea.load(`function OnTick() {
  const m = { value: 0 };
  Print(OrderCalcMargin(ORDER_TYPE_BUY, "EURUSD", 1, SymbolInfoDouble("EURUSD", SYMBOL_ASK), m), " ", m.value);
  OrderCalcMargin(ORDER_TYPE_SELL, _Symbol, 0.5, 1.1, m); Print(m.value);
  OrderCalcMargin(ORDER_TYPE_BUY_LIMIT, "US500", 2, 5000.5, m); Print(m.value);
  OrderCalcMargin(ORDER_TYPE_SELL, "US500", 2, 0, m); Print(m.value);
  OrderCalcMargin(ORDER_TYPE_BUY, "GER40", 1, 18000, m); Print(m.value);
  const rate = { value: 0 }, maint = { value: 0 };
  Print(SymbolInfoMarginRate("US500", ORDER_TYPE_BUY, rate, maint), " ", rate.value, " ", maint.value);
  Print(OrderCalcMargin(ORDER_TYPE_BUY, "NOPE", 1, 1, m), " ", GetLastError());
}`);
    ea.dispatch(withSymbols(initEvent(rates)));
    const lines = ea.dispatch({ type: "tick" }).logs.map((l) => l.text);
    expect(lines).toEqual([
      // 1 lot × 100,000 / 100 = 1,000 EUR at EURUSD bid 1.1
      "true 1100",
      // 0.5 × 100,000 / 100 = 500 EUR
      "550",
      // 2 × 1 × 5000.5 × 0.05
      "500.05",
      // price 0: a sell values at the bid, 2 × 5000 × 0.05
      "500",
      // 1 × 18000 / 100 = 180 EUR at 1.1
      "198",
      "true 0.05 0.05",
      "false 4758",
    ]);
  });

  test("CAccountInfo.MarginCheck/FreeMarginCheck/OrderProfitCheck/MaxLotCheck", async () => {
    const { lines } = await run(`
const a = new CAccountInfo();
Print(a.MarginCheck(_Symbol, ORDER_TYPE_BUY, 1, 1.10012), " ", a.FreeMarginCheck(_Symbol, ORDER_TYPE_BUY, 1, 1.10012));
Print(NormalizeDouble(a.OrderProfitCheck(_Symbol, ORDER_TYPE_BUY, 1, 1.1, 1.101), 2), " ", NormalizeDouble(a.OrderProfitCheck(_Symbol, ORDER_TYPE_SELL, 0.5, 1.1, 1.101), 2));
Print(a.MaxLotCheck(_Symbol, ORDER_TYPE_BUY, 1.10012), " ", a.MaxLotCheck(_Symbol, ORDER_TYPE_BUY, 1.10012, 50), " ", a.MaxLotCheck(_Symbol, ORDER_TYPE_BUY, 0));
Print(a.MarginCheck("NOPE", ORDER_TYPE_BUY, 1, 1) === EMPTY_VALUE, " ", a.FreeMarginCheck("NOPE", ORDER_TYPE_BUY, 1, 1) === EMPTY_VALUE);`);
    // Free margin 9850; one lot needs 1100: 8.95 lots (9850 / 1100 = 8.9545…), half of it 4.48.
    expect(lines).toEqual([
      "1100 8750",
      "100 -50",
      "CAccountInfo::MaxLotCheck invalid parameters",
      "8.95 4.48 0",
      "true true",
    ]);
  });
});

describe("CTrade's symbol-form PositionClose / PositionModify", () => {
  const pos = (ticket: number, symbol: string, magic: number, type: number, volume: number) => ({
    ticket,
    symbol,
    magic,
    type,
    volume,
    identifier: ticket,
    price_open: 1.09,
  });

  test("hedging: the symbol's position with the CTrade's magic number", async () => {
    const ea = await inProcess(acceptAll());
    ea.load(`const t = new CTrade();
function OnTick() {
  t.SetExpertMagicNumber(42);
  Print(t.PositionModify("EURUSD", 1.2, 1.0), " ", t.PositionClose("EURUSD"), " ", t.PositionClose("USDJPY"));
  t.SetExpertMagicNumber(7);
  Print(t.PositionClose("EURUSD"), " ", GetLastError());
}`);
    ea.dispatch(
      initEvent(rates, {
        positions: [
          pos(601, "EURUSD", 1, 0, 0.1),
          pos(603, "GBPUSD", 42, 0, 0.3),
          pos(602, "EURUSD", 42, 1, 0.2),
        ],
      }),
    );
    const out = ea.dispatch({ type: "tick" });
    expect(out.logs.map((l) => l.text)).toEqual(["true true false", "false 0"]);
    const p = ea.calls.map((c) => c.payload);
    expect(p.length).toBe(2);
    expect(p[0]).toMatchObject({ action: 6, position: 602, symbol: "EURUSD", sl: 1.2, tp: 1.0 });
    expect(p[1]).toMatchObject({
      action: 1,
      position: 602,
      type: 0,
      volume: 0.2,
      price: 1.10012,
      magic: 42,
    });
  });

  test("netting: the symbol's position whatever its magic", async () => {
    const ea = await inProcess(acceptAll());
    ea.load(`const t = new CTrade();
function OnTick() { t.SetExpertMagicNumber(42); Print(t.PositionClose("EURUSD"), " ", t.PositionModify("EURUSD", 1.05, 0)); }`);
    ea.dispatch(
      initEvent(rates, {
        account: { ...ACCOUNT, margin_mode: 0 },
        positions: [pos(700, "EURUSD", 1, 0, 0.4)],
      }),
    );
    expect(ea.dispatch({ type: "tick" }).logs.map((l) => l.text)).toEqual(["true true"]);
    expect(ea.calls[0]?.payload).toMatchObject({ action: 1, position: 700, type: 1, volume: 0.4 });
    expect(ea.calls[1]?.payload).toMatchObject({ action: 6, position: 700, sl: 1.05 });
  });
});

describe("indicator handles shared per parameters", () => {
  test("10,000 ticks creating iMA(…14, SMA, CLOSE) keep one handle; as many releases free it", async () => {
    const ea = await inProcess();
    ea.load(`let first = -1, same = true, created = 0;
function OnTick() {
  const h = iMA(_Symbol, PERIOD_CURRENT, 14, 0, MODE_SMA, PRICE_CLOSE);
  if (first < 0) first = h; else if (h !== first) same = false;
  created += 1;
}
function OnTimer() {
  Print(created, " ", same, " ", first, " ", MQLInfoInteger(MQL_HANDLES_USED));
  const other = iMA(_Symbol, PERIOD_CURRENT, 15, 0, MODE_SMA, PRICE_CLOSE);
  Print(other, " ", IndicatorRelease(other));
  let ok = 0; for (let i = 0; i < created - 1; i++) if (IndicatorRelease(first)) ok += 1;
  Print(ok, " ", BarsCalculated(first), " ", MQLInfoInteger(MQL_HANDLES_USED));
}
function OnDeinit() {
  Print(IndicatorRelease(first), " ", MQLInfoInteger(MQL_HANDLES_USED), " ", IndicatorRelease(first), " ", GetLastError());
}`);
    ea.dispatch(initEvent(barsFromCloses(Array.from({ length: 40 }, (_, i) => 1 + i / 100))));
    const firstTick = ea.dispatch({ type: "tick" });
    expect(firstTick.indicatorsInUse?.map((i) => [i.handle, i.name, i.params])).toEqual([
      [10, "iMA", [14, 0, 0, 1]],
    ]);
    for (let i = 1; i < 10_000; i += 1) {
      const out = ea.dispatch({ type: "tick" });
      if (out.indicatorsInUse !== undefined) {
        throw new Error(`tick ${i} changed the handles: ${JSON.stringify(out.indicatorsInUse)}`);
      }
    }
    const timer = ea.dispatch({ type: "timer" });
    expect(timer.logs.map((l) => l.text)).toEqual(["10000 true 10 1", "11 true", "9999 40 1"]);
    const deinit = ea.dispatch({ type: "deinit", reason: 1 });
    expect(deinit.logs.map((l) => l.text)).toEqual(["true 0 false 4807"]);
    expect(deinit.indicatorsInUse).toEqual([]);
  });
});
