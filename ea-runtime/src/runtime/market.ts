/**
 * Read-side MQL5 API: symbol, account and time information, bar series access (Copy*, i*),
 * indicators (handles + CopyBuffer), output (Print, PrintFormat), errors and events. Alert is
 * notify.ts', Comment chart.ts'.
 * Strings, math, arrays, the terminal and ZeroMemory/EnumToString live in their own modules
 * (strings.ts, math.ts, arrays.ts, terminal.ts, common.ts).
 *
 * Owns: the global functions listed in `marketApi`; all of them answer from the snapshot held in
 * the RuntimeContext, never from the host. Reference parameters follow one convention: arrays
 * and struct objects passed by the EA are filled in place; scalar references are `{ value }`
 * holders whose `value` is set.
 * Must not import anything outside ea-runtime/src/runtime.
 */

import { fillArray } from "./arrays.ts";
import {
  ACCOUNT_DOUBLE_PROPS as AD,
  ACCOUNT_INTEGER_PROPS as AI,
  ACCOUNT_STRING_PROPS as AS,
  ERR,
  SYMBOL_DOUBLE_PROPS as SD,
  SYMBOL_INTEGER_PROPS as SI,
  SYMBOL_STRING_PROPS as SS,
  timeframeSeconds,
} from "./constants.ts";
import type { RuntimeContext } from "./context.ts";
import { customEngine, indicatorKey } from "./custom-indicators.ts";
import {
  dateParts,
  doubleToString,
  formatString,
  normalizeDouble,
  partsToTime,
  printValue,
  stringToTime,
  timeToString,
} from "./format.ts";
import {
  createEngine,
  type Engine,
  INDICATOR_PARAMS,
  IndicatorInstance,
  type IndicatorName,
} from "./indicators.ts";
import { isRecord } from "./protocol.ts";
import { resolveRange, type Series } from "./series.ts";
import type { SymbolState } from "./state.ts";
import { assignFields, MqlRates } from "./structs.ts";

const E = (name: string): number => ERR[name] ?? 4001;

/** Sets `holder.value` when the EA passed a `{ value }` reference holder. */
export function setRef(holder: unknown, value: unknown): void {
  if (isRecord(holder)) {
    holder.value = value;
  }
}

export function marketApi(ctx: RuntimeContext): Record<string, unknown> {
  const sym = (name: unknown): SymbolState | undefined => {
    const s = ctx.state.symbol(ctx.resolveSymbol(name));
    if (!s) {
      ctx.setError(E("ERR_MARKET_UNKNOWN_SYMBOL"));
    }
    return s;
  };

  const symbolDouble = (s: SymbolState, prop: number): number | undefined => {
    const spec = s.spec;
    const t = s.tick;
    const table: Record<number, number> = {
      [SD.SYMBOL_BID ?? -1]: t.bid,
      [SD.SYMBOL_BIDHIGH ?? -1]: s.bidHigh,
      [SD.SYMBOL_BIDLOW ?? -1]: s.bidLow,
      [SD.SYMBOL_ASK ?? -1]: t.ask,
      [SD.SYMBOL_ASKHIGH ?? -1]: s.askHigh,
      [SD.SYMBOL_ASKLOW ?? -1]: s.askLow,
      [SD.SYMBOL_LAST ?? -1]: t.last,
      [SD.SYMBOL_LASTHIGH ?? -1]: t.last,
      [SD.SYMBOL_LASTLOW ?? -1]: t.last,
      [SD.SYMBOL_POINT ?? -1]: spec.point,
      [SD.SYMBOL_TRADE_TICK_VALUE ?? -1]: spec.tick_value,
      [SD.SYMBOL_TRADE_TICK_VALUE_PROFIT ?? -1]: spec.tick_value_profit || spec.tick_value,
      [SD.SYMBOL_TRADE_TICK_VALUE_LOSS ?? -1]: spec.tick_value_loss || spec.tick_value,
      [SD.SYMBOL_TRADE_TICK_SIZE ?? -1]: spec.tick_size,
      [SD.SYMBOL_TRADE_CONTRACT_SIZE ?? -1]: spec.contract_size,
      [SD.SYMBOL_VOLUME_MIN ?? -1]: spec.volume_min,
      [SD.SYMBOL_VOLUME_MAX ?? -1]: spec.volume_max,
      [SD.SYMBOL_VOLUME_STEP ?? -1]: spec.volume_step,
      [SD.SYMBOL_VOLUME_LIMIT ?? -1]: spec.volume_limit,
      [SD.SYMBOL_SWAP_LONG ?? -1]: spec.swap_long,
      [SD.SYMBOL_SWAP_SHORT ?? -1]: spec.swap_short,
      [SD.SYMBOL_MARGIN_INITIAL ?? -1]: spec.margin_initial,
      [SD.SYMBOL_MARGIN_MAINTENANCE ?? -1]: spec.margin_maintenance,
      [SD.SYMBOL_VOLUME_REAL ?? -1]: t.volume_real,
    };
    return table[prop];
  };

  const symbolInteger = (s: SymbolState, prop: number): number | undefined => {
    const spec = s.spec;
    const t = s.tick;
    const spread =
      spec.spread > 0 ? spec.spread : spec.point > 0 ? Math.round((t.ask - t.bid) / spec.point) : 0;
    const table: Record<number, number> = {
      [SI.SYMBOL_SELECT ?? -1]: 1,
      [SI.SYMBOL_VISIBLE ?? -1]: 1,
      [SI.SYMBOL_VOLUME ?? -1]: t.volume,
      [SI.SYMBOL_TIME ?? -1]: t.time,
      [SI.SYMBOL_TIME_MSC ?? -1]: t.time_msc,
      [SI.SYMBOL_DIGITS ?? -1]: spec.digits,
      [SI.SYMBOL_SPREAD ?? -1]: spread,
      [SI.SYMBOL_SPREAD_FLOAT ?? -1]: spec.spread > 0 ? 0 : 1,
      [SI.SYMBOL_TRADE_STOPS_LEVEL ?? -1]: spec.stops_level,
      [SI.SYMBOL_TRADE_FREEZE_LEVEL ?? -1]: spec.freeze_level,
      [SI.SYMBOL_TRADE_MODE ?? -1]: spec.trade_mode,
      [SI.SYMBOL_TRADE_CALC_MODE ?? -1]: spec.calc_mode,
      [SI.SYMBOL_TRADE_EXEMODE ?? -1]: spec.execution_mode,
      [SI.SYMBOL_FILLING_MODE ?? -1]: spec.filling_mode,
      [SI.SYMBOL_EXPIRATION_MODE ?? -1]: spec.expiration_mode,
      [SI.SYMBOL_ORDER_MODE ?? -1]: spec.order_mode,
      [SI.SYMBOL_EXIST ?? -1]: 1,
      [SI.SYMBOL_CUSTOM ?? -1]: 0,
    };
    return table[prop];
  };

  const symbolString = (s: SymbolState, prop: number): string | undefined => {
    const spec = s.spec;
    const table: Record<number, string> = {
      [SS.SYMBOL_NAME ?? -1]: spec.name,
      [SS.SYMBOL_CURRENCY_BASE ?? -1]: spec.currency_base,
      [SS.SYMBOL_CURRENCY_PROFIT ?? -1]: spec.currency_profit,
      [SS.SYMBOL_CURRENCY_MARGIN ?? -1]: spec.currency_margin,
      [SS.SYMBOL_DESCRIPTION ?? -1]: spec.description,
      [SS.SYMBOL_PATH ?? -1]: spec.path,
    };
    return table[prop];
  };

  /** MQL5's two call forms: value-returning, or bool with a `{ value }` holder as 3rd arg. */
  const infoGetter =
    <T>(
      lookup: (s: SymbolState, prop: number) => T | undefined,
      zero: T,
    ): ((name: unknown, prop: unknown, holder?: unknown) => T | boolean) =>
    (name, prop, holder) => {
      const s = sym(name);
      const v = s ? lookup(s, Number(prop)) : undefined;
      if (s && v === undefined) {
        ctx.setError(E("ERR_MARKET_WRONG_PROPERTY"));
      }
      if (holder !== undefined) {
        if (v !== undefined) {
          setRef(holder, v);
        }
        return v !== undefined;
      }
      return v ?? zero;
    };

  const accountDouble = (prop: number): number | undefined => {
    const a = ctx.state.account;
    const table: Record<number, number> = {
      [AD.ACCOUNT_BALANCE ?? -1]: a.balance,
      [AD.ACCOUNT_CREDIT ?? -1]: a.credit,
      [AD.ACCOUNT_PROFIT ?? -1]: a.profit,
      [AD.ACCOUNT_EQUITY ?? -1]: a.equity,
      [AD.ACCOUNT_MARGIN ?? -1]: a.margin,
      [AD.ACCOUNT_MARGIN_FREE ?? -1]: a.margin_free,
      [AD.ACCOUNT_MARGIN_LEVEL ?? -1]: a.margin_level,
      [AD.ACCOUNT_MARGIN_SO_CALL ?? -1]: a.margin_so_call,
      [AD.ACCOUNT_MARGIN_SO_SO ?? -1]: a.margin_so_so,
    };
    return table[prop];
  };
  const accountInteger = (prop: number): number | undefined => {
    const a = ctx.state.account;
    const table: Record<number, number> = {
      [AI.ACCOUNT_LOGIN ?? -1]: a.login,
      [AI.ACCOUNT_TRADE_MODE ?? -1]: a.trade_mode,
      [AI.ACCOUNT_LEVERAGE ?? -1]: a.leverage,
      [AI.ACCOUNT_LIMIT_ORDERS ?? -1]: a.limit_orders,
      [AI.ACCOUNT_MARGIN_SO_MODE ?? -1]: a.margin_so_mode,
      [AI.ACCOUNT_TRADE_ALLOWED ?? -1]: a.trade_allowed ? 1 : 0,
      [AI.ACCOUNT_TRADE_EXPERT ?? -1]: a.trade_expert ? 1 : 0,
      [AI.ACCOUNT_MARGIN_MODE ?? -1]: a.margin_mode,
      [AI.ACCOUNT_CURRENCY_DIGITS ?? -1]: a.currency_digits,
      [AI.ACCOUNT_FIFO_CLOSE ?? -1]: a.fifo_close ? 1 : 0,
    };
    return table[prop];
  };
  const accountString = (prop: number): string | undefined => {
    const a = ctx.state.account;
    const table: Record<number, string> = {
      [AS.ACCOUNT_NAME ?? -1]: a.name,
      [AS.ACCOUNT_SERVER ?? -1]: a.server,
      [AS.ACCOUNT_CURRENCY ?? -1]: a.currency,
      [AS.ACCOUNT_COMPANY ?? -1]: a.company,
    };
    return table[prop];
  };
  const accountGetter =
    <T>(lookup: (prop: number) => T | undefined, zero: T): ((prop: unknown) => T) =>
    (prop) => {
      const v = lookup(Number(prop));
      if (v === undefined) {
        ctx.setError(E("ERR_ACCOUNT_WRONG_PROPERTY"));
        return zero;
      }
      return v;
    };

  const print = (level: "info" | "alert", args: readonly unknown[]): void => {
    ctx.scratch.log(level, args.map(printValue).join(""), ctx.state.timeMs);
  };
  const printFormat = (fmt: unknown, ...args: unknown[]): void =>
    ctx.scratch.log("info", formatString(fmt, args), ctx.state.timeMs);

  // ---- series ----------------------------------------------------------------------------

  const seriesOf = (symbol: unknown, tf: unknown): Series =>
    ctx.seriesFor(ctx.resolveSymbol(symbol), ctx.resolveTimeframe(tf));

  const copyField =
    (pick: (s: Series) => readonly number[]) =>
    (
      symbol: unknown,
      tf: unknown,
      start: unknown,
      countOrStop: unknown,
      target: unknown,
    ): number => {
      const s = seriesOf(symbol, tf);
      if (!Array.isArray(target)) {
        ctx.setError(E("ERR_INVALID_ARRAY"));
        return -1;
      }
      const range = resolveRange(s.length, s.time, Number(start), Number(countOrStop));
      if (!range) {
        ctx.setError(E("ERR_HISTORY_NOT_FOUND"));
        return -1;
      }
      fillArray(target, pick(s).slice(range.from, range.to));
      return range.to - range.from;
    };

  const copyRates = (
    symbol: unknown,
    tf: unknown,
    start: unknown,
    countOrStop: unknown,
    target: unknown,
  ): number => {
    const s = seriesOf(symbol, tf);
    if (!Array.isArray(target)) {
      ctx.setError(E("ERR_INVALID_ARRAY"));
      return -1;
    }
    const range = resolveRange(s.length, s.time, Number(start), Number(countOrStop));
    if (!range) {
      ctx.setError(E("ERR_HISTORY_NOT_FOUND"));
      return -1;
    }
    const rows: MqlRates[] = [];
    for (let i = range.from; i < range.to; i += 1) {
      const r = new MqlRates();
      r.time = s.time[i] ?? 0;
      r.open = s.open[i] ?? 0;
      r.high = s.high[i] ?? 0;
      r.low = s.low[i] ?? 0;
      r.close = s.close[i] ?? 0;
      r.tick_volume = s.tickVolume[i] ?? 0;
      r.spread = s.spread[i] ?? 0;
      r.real_volume = s.realVolume[i] ?? 0;
      rows.push(r);
    }
    fillArray(target, rows);
    return rows.length;
  };

  /** iClose & co: value at `shift` bars back (0 = current bar), 0 on error. */
  const barValue =
    (pick: (s: Series) => readonly number[]) =>
    (symbol: unknown, tf: unknown, shift: unknown): number => {
      const s = seriesOf(symbol, tf);
      const i = s.length - 1 - Math.trunc(Number(shift) || 0);
      if (i < 0 || i >= s.length) {
        ctx.setError(E("ERR_HISTORY_NOT_FOUND"));
        return 0;
      }
      return pick(s)[i] ?? 0;
    };

  const bars = (symbol: unknown, tf: unknown, start?: unknown, stop?: unknown): number => {
    const s = seriesOf(symbol, tf);
    if (start === undefined || stop === undefined) {
      return s.length;
    }
    const lo = Math.min(Number(start), Number(stop));
    const hi = Math.max(Number(start), Number(stop));
    return s.time.filter((t) => t >= lo && t <= hi).length;
  };

  const extremeIndex =
    (max: boolean) =>
    (symbol: unknown, tf: unknown, mode: unknown, count: unknown, start: unknown): number => {
      const s = seriesOf(symbol, tf);
      const pickers: Record<number, readonly number[]> = {
        0: s.open,
        1: s.low,
        2: s.high,
        3: s.close,
        4: s.tickVolume,
        5: s.realVolume,
      };
      const arr = pickers[Number(mode)] ?? s.close;
      const st = Math.max(0, Math.trunc(Number(start ?? 0)));
      const n = Number(count ?? -1) < 0 ? s.length - st : Math.trunc(Number(count));
      let best = -1;
      let bestValue = 0;
      for (let shift = st; shift < Math.min(s.length, st + n); shift += 1) {
        const v = arr[s.length - 1 - shift] ?? 0;
        if (best < 0 || (max ? v > bestValue : v < bestValue)) {
          best = shift;
          bestValue = v;
        }
      }
      return best;
    };

  // ---- indicators ------------------------------------------------------------------------

  const createIndicator = (
    name: IndicatorName,
    symbol: unknown,
    tf: unknown,
    params: number[],
    custom?: { key: string; make: () => Engine | undefined },
  ): number => {
    if (symbol !== null && symbol !== undefined && typeof symbol !== "string") {
      ctx.setError(E("ERR_INDICATOR_UNKNOWN_SYMBOL"));
      return -1;
    }
    const series = seriesOf(symbol, tf);
    // MT5 hands out the existing handle for identical parameters and counts the references.
    const key = custom
      ? `iCustom|${series.symbol}|${series.timeframe}|${custom.key}`
      : `${name}|${series.symbol}|${series.timeframe}|${params.join(",")}`;
    const shared = ctx.indicatorKeys.get(key);
    const existing = shared === undefined ? undefined : ctx.indicators.get(shared);
    if (existing) {
      existing.refs += 1;
      return existing.handle;
    }
    let engine: Engine | undefined;
    try {
      engine = custom ? custom.make() : createEngine(name, params);
    } catch (e) {
      // A custom indicator's OnInit failed (or threw): no handle, as MT5.
      ctx.scratch.log(
        "error",
        `iCustom: ${e instanceof Error ? e.message : String(e)}`,
        ctx.state.timeMs,
      );
      ctx.setError(E("ERR_INDICATOR_CANNOT_CREATE"));
      return -1;
    }
    if (!engine) {
      ctx.setError(E(custom ? "ERR_INDICATOR_CANNOT_CREATE" : "ERR_INDICATOR_WRONG_PARAMETERS"));
      return -1;
    }
    const handle = ctx.nextHandle;
    ctx.nextHandle += 1;
    const env = () => ({
      point: ctx.state.symbol(series.symbol)?.spec.point ?? 0,
      now: ctx.now(),
      periodSeconds: timeframeSeconds(series.timeframe),
    });
    ctx.indicators.set(
      handle,
      new IndicatorInstance(handle, name, series, engine, params, key, env),
    );
    ctx.indicatorKeys.set(key, handle);
    ctx.indicatorsChanged = true;
    return handle;
  };

  /** iCustom(symbol, period, name, parameters…): an indicator uploaded with the EA. */
  const iCustom = (symbol: unknown, tf: unknown, name: unknown, ...params: unknown[]): number =>
    createIndicator(
      "iCustom" as IndicatorName,
      symbol,
      tf,
      params.filter((p) => typeof p === "number") as number[],
      {
        key: `${indicatorKey(String(name ?? ""))}|${JSON.stringify(params, (_k, v) => (typeof v === "bigint" ? String(v) : v))}`,
        make: () => customEngine(ctx, String(name ?? ""), params),
      },
    );

  /** iMA, iRSI… iVolumes: (symbol, period, parameters…), exactly INDICATOR_PARAMS[name] of them. */
  const indicatorFunctions = (): Record<string, unknown> => {
    const out: Record<string, unknown> = {};
    for (const [name, count] of Object.entries(INDICATOR_PARAMS)) {
      out[name] = (symbol: unknown, tf: unknown, ...args: unknown[]): number => {
        const params: number[] = [];
        for (let i = 0; i < count; i += 1) {
          params.push(Number(args[i] ?? 0));
        }
        return createIndicator(name as IndicatorName, symbol, tf, params);
      };
    }
    return out;
  };

  const copyBuffer = (
    handle: unknown,
    buffer: unknown,
    start: unknown,
    countOrStop: unknown,
    target: unknown,
  ): number => {
    const ind = ctx.indicators.get(Number(handle));
    if (!ind) {
      ctx.setError(E("ERR_INDICATOR_WRONG_HANDLE"));
      return -1;
    }
    if (!Array.isArray(target)) {
      ctx.setError(E("ERR_INVALID_ARRAY"));
      return -1;
    }
    const b = Math.trunc(Number(buffer));
    if (b < 0 || b >= ind.engine.buffers.length) {
      ctx.setError(E("ERR_INDICATOR_WRONG_INDEX"));
      return -1;
    }
    const calculated = ind.update();
    const s = ind.series;
    const startPos = Number(start);
    let range: { from: number; to: number } | undefined;
    if (calculated > 0 && startPos < 0) {
      // A buffer plotted `shift` bars ahead has values at positions −1…−shift (MT5 numbers the
      // bars right of the current one negatively); nothing lies further right.
      const count = Math.trunc(Number(countOrStop));
      const first = Math.trunc(startPos);
      if (-first <= Math.max(0, ind.shiftOf(b)) && count > 0) {
        const to = calculated - first;
        range = { from: Math.max(0, to - count), to };
      }
    } else if (calculated > 0) {
      range = resolveRange(calculated, s.time, startPos, Number(countOrStop));
    }
    if (!range) {
      ctx.setError(E("ERR_INDICATOR_DATA_NOT_FOUND"));
      return -1;
    }
    const values: number[] = [];
    for (let i = range.from; i < range.to; i += 1) {
      values.push(ind.value(b, i));
    }
    fillArray(target, values);
    return values.length;
  };

  const timeToStruct = (t: unknown, target: unknown): boolean => {
    const p = dateParts(Number(t) || 0);
    if (isRecord(target)) {
      Object.assign(target, p);
    }
    return true;
  };

  const structToTime = (src: unknown): number => {
    if (!isRecord(src)) {
      return 0;
    }
    const n = (k: string, d: number): number => (typeof src[k] === "number" ? Number(src[k]) : d);
    return partsToTime({
      year: n("year", 1970),
      mon: n("mon", 1),
      day: n("day", 1),
      hour: n("hour", 0),
      min: n("min", 0),
      sec: n("sec", 0),
    });
  };

  /** TimeCurrent() or TimeCurrent(dt_struct). */
  const timeFn =
    (get: () => number) =>
    (target?: unknown): number => {
      const t = get();
      if (target !== undefined) {
        timeToStruct(t, target);
      }
      return t;
    };

  const api: Record<string, unknown> = {
    Symbol: () => ctx.chartSymbol,
    Period: () => ctx.chartTimeframe,
    Point: () => ctx.state.symbol(ctx.chartSymbol)?.spec.point ?? 0,
    Digits: () => ctx.state.symbol(ctx.chartSymbol)?.spec.digits ?? 0,
    SymbolInfoDouble: infoGetter(symbolDouble, 0),
    SymbolInfoInteger: infoGetter(symbolInteger, 0),
    SymbolInfoString: infoGetter(symbolString, ""),
    SymbolInfoTick: (name: unknown, target: unknown): boolean => {
      const s = sym(name);
      if (!s || s.tick.time_msc === 0) {
        if (s) {
          ctx.setError(E("ERR_MARKET_LASTTIME_UNKNOWN"));
        }
        return false;
      }
      assignFields(target, s.tick, Object.keys(s.tick));
      return true;
    },
    SymbolInfoMarginRate: (
      name: unknown,
      _orderType: unknown,
      initial: unknown,
      maintenance: unknown,
    ): boolean => {
      const s = sym(name);
      if (!s) {
        return false;
      }
      // One rate for every order type; MT5's maintenance rate defaults to the initial one.
      setRef(initial, s.spec.margin_rate);
      setRef(maintenance, s.spec.margin_rate);
      return true;
    },
    SymbolSelect: (name: unknown): boolean => ctx.state.symbol(String(name)) !== undefined,
    SymbolExist: (name: unknown, custom?: unknown): boolean => {
      setRef(custom, false);
      return ctx.state.symbol(String(name)) !== undefined;
    },
    SymbolsTotal: (): number => ctx.state.symbols.size,
    SymbolName: (pos: unknown): string =>
      [...ctx.state.symbols.keys()][Math.trunc(Number(pos))] ?? "",
    SymbolIsSynchronized: (name: unknown): boolean => ctx.state.symbol(String(name)) !== undefined,
    AccountInfoDouble: accountGetter(accountDouble, 0),
    AccountInfoInteger: accountGetter(accountInteger, 0),
    AccountInfoString: accountGetter(accountString, ""),
    TimeCurrent: timeFn(() => ctx.now()),
    TimeTradeServer: timeFn(() => ctx.now()),
    TimeGMT: timeFn(() => ctx.now() - ctx.state.gmtOffset),
    TimeLocal: timeFn(() => ctx.now() - ctx.state.gmtOffset + ctx.localOffset),
    TimeGMTOffset: (): number => -ctx.localOffset,
    TimeDaylightSavings: (): number => 0,
    TimeToStruct: timeToStruct,
    StructToTime: structToTime,
    TimeToString: timeToString,
    StringToTime: (s: unknown): number => {
      const t = stringToTime(s);
      if (Number.isNaN(t)) {
        ctx.setError(E("ERR_INVALID_DATETIME"));
        return 0;
      }
      return t;
    },
    GetTickCount: (): number => ctx.state.timeMs % 4294967296,
    GetTickCount64: (): number => ctx.state.timeMs,
    GetMicrosecondCount: (): number => ctx.state.timeMs * 1000,
    Print: (...args: unknown[]): void => print("info", args),
    PrintFormat: printFormat,
    printf: printFormat,
    GetLastError: (): number => ctx.lastError,
    ResetLastError: (): void => {
      ctx.lastError = 0;
    },
    SetUserError: (code: unknown): void => {
      ctx.lastError = (ERR.ERR_USER_ERROR_FIRST ?? 65536) + (Math.trunc(Number(code)) & 0xffff);
    },
    NormalizeDouble: normalizeDouble,
    DoubleToString: doubleToString,
    CopyRates: copyRates,
    CopyTime: copyField((s) => s.time),
    CopyOpen: copyField((s) => s.open),
    CopyHigh: copyField((s) => s.high),
    CopyLow: copyField((s) => s.low),
    CopyClose: copyField((s) => s.close),
    CopyTickVolume: copyField((s) => s.tickVolume),
    CopyRealVolume: copyField((s) => s.realVolume),
    CopySpread: copyField((s) => s.spread),
    iTime: barValue((s) => s.time),
    iOpen: barValue((s) => s.open),
    iHigh: barValue((s) => s.high),
    iLow: barValue((s) => s.low),
    iClose: barValue((s) => s.close),
    iVolume: barValue((s) => s.tickVolume),
    iTickVolume: barValue((s) => s.tickVolume),
    iRealVolume: barValue((s) => s.realVolume),
    iSpread: barValue((s) => s.spread),
    iBars: (symbol: unknown, tf: unknown): number => seriesOf(symbol, tf).length,
    Bars: bars,
    iBarShift: (symbol: unknown, tf: unknown, time: unknown, exact: unknown = false): number => {
      const s = seriesOf(symbol, tf);
      const i = s.indexAtOrBefore(Number(time));
      if (i < 0) {
        return -1;
      }
      if (exact === true && s.time[i] !== Number(time)) {
        return -1;
      }
      return s.length - 1 - i;
    },
    iHighest: extremeIndex(true),
    iLowest: extremeIndex(false),
    SeriesInfoInteger: (symbol: unknown, tf: unknown, _prop: unknown): number =>
      seriesOf(symbol, tf).length,
    PeriodSeconds: (tf: unknown = 0): number => timeframeSeconds(ctx.resolveTimeframe(tf)),
    ...indicatorFunctions(),
    iCustom,
    CopyBuffer: copyBuffer,
    BarsCalculated: (handle: unknown): number => {
      const ind = ctx.indicators.get(Number(handle));
      if (!ind) {
        ctx.setError(E("ERR_INDICATOR_WRONG_HANDLE"));
        return -1;
      }
      return ind.series.loaded ? ind.update() : -1;
    },
    IndicatorRelease: (handle: unknown): boolean => {
      const ind = ctx.indicators.get(Number(handle));
      if (!ind) {
        ctx.setError(E("ERR_INDICATOR_WRONG_HANDLE"));
        return false;
      }
      ind.refs -= 1;
      if (ind.refs > 0) {
        return true;
      }
      ind.release();
      ctx.indicators.delete(ind.handle);
      ctx.indicatorKeys.delete(ind.key);
      ctx.indicatorsChanged = true;
      return true;
    },
    EventSetTimer: (seconds: unknown): boolean => {
      const s = Math.trunc(Number(seconds));
      if (!(s > 0)) {
        ctx.setError(E("ERR_INVALID_PARAMETER"));
        return false;
      }
      ctx.scratch.timer = { seconds: s };
      return true;
    },
    EventSetMillisecondTimer: (ms: unknown): boolean => {
      const m = Math.trunc(Number(ms));
      if (!(m > 0)) {
        ctx.setError(E("ERR_INVALID_PARAMETER"));
        return false;
      }
      ctx.scratch.timer = { seconds: m / 1000 };
      return true;
    },
    EventKillTimer: (): void => {
      ctx.scratch.timer = null;
    },
    ExpertRemove: (): void => {
      ctx.scratch.remove = true;
    },
    UninitializeReason: (): number => ctx.uninitReason,
    IsStopped: (): boolean => ctx.stopped,
  };
  return api;
}
