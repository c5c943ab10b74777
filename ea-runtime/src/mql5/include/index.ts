/**
 * The MQL5 standard headers the compiler includes: declaration-only MQL5 for the API the EA
 * runtime implements natively, plus the list of declared names the runtime lacks.
 *
 * Owns: `STANDARD_HEADERS` (path relative to the include root, `/`-separated → text),
 * `IMPLICIT_HEADERS` (included before every program, in order), `NATIVE_GAPS` (declared names
 * the runtime does not implement: calls to them are refused at compile time), and the names the
 * runtime really installs (`runtimeGlobals`, `runtimeClassMembers`), computed from the runtime
 * modules themselves so they cannot drift.
 *
 * The header texts are embedded in `headers.generated.ts` (no file I/O at run time): after
 * editing a `.mqh` file run `bun ea-runtime/src/mql5/include/generate.ts`;
 * test/mql5/headers.test.ts fails while the embedded texts differ from the files.
 * Pure: no Node/Bun APIs; imports the generated texts and the runtime's API tables.
 */

import { API_MODULES } from "../../runtime/api-modules.ts";
import { allConstants, MQL5_ENUMS } from "../../runtime/constants.ts";
import { RuntimeContext } from "../../runtime/context.ts";
import { stdlibClasses } from "../../runtime/stdlib.ts";
import * as runtimeStructs from "../../runtime/structs.ts";
import { HEADER_TEXTS } from "./headers.generated.ts";

/** Every standard header by its path relative to the include root (`"Trade/Trade.mqh"`). */
export const STANDARD_HEADERS: ReadonlyMap<string, string> = new Map(Object.entries(HEADER_TEXTS));

/** Headers included before every program, in this order (not MT5 paths). */
export const IMPLICIT_HEADERS: readonly string[] = ["builtins.mqh", "structs.mqh"];

/**
 * Looks up a standard header as MQL5 spells an include: `\` or `/` separators, any letter case
 * (MetaEditor runs on Windows), an optional leading `./`. Returns the canonical path and text.
 */
export function findStandardHeader(path: string): { path: string; text: string } | undefined {
  const hit = BY_NORMALIZED_PATH.get(normalizeIncludePath(path));
  return hit ? { path: hit.path, text: hit.text } : undefined;
}

/**
 * An include name as MetaEditor reads it: `/`-separated, lower case, `.` and `..` segments
 * resolved. The one normalisation of include paths (the compiler's resolver uses it too).
 */
export function normalizeIncludePath(name: string): string {
  const out: string[] = [];
  for (const part of name.replace(/\\/g, "/").toLowerCase().split("/")) {
    if (part === "" || part === ".") {
      continue;
    }
    if (part === "..") {
      out.pop();
    } else {
      out.push(part);
    }
  }
  return out.join("/");
}

const BY_NORMALIZED_PATH: ReadonlyMap<string, { path: string; text: string }> = new Map(
  [...STANDARD_HEADERS].map(([path, text]) => [normalizeIncludePath(path), { path, text }]),
);

/**
 * Names declared in the standard headers that the runtime does not implement today, sorted:
 * global functions, predefined variables, structures and classes by name, class members as
 * `Class::member` (methods and protected fields). The compiler refuses uses of them with
 * "not available in this runtime". test/mql5/headers.test.ts keeps this list exact: when the
 * runtime gains one of these names, remove it here.
 */
export const NATIVE_GAPS: readonly string[] = [
  "CAccountInfo::InfoDouble",
  "CAccountInfo::InfoInteger",
  "CAccountInfo::InfoString",
  "CAccountInfo::MarginCall",
  "CAccountInfo::MarginModeDescription",
  "CAccountInfo::MarginStopOut",
  "CAccountInfo::StopoutMode",
  "CAccountInfo::StopoutModeDescription",
  "CAccountInfo::TradeModeDescription",
  "CDealInfo::EntryDescription",
  "CDealInfo::ExternalId",
  "CDealInfo::FormatAction",
  "CDealInfo::FormatDeal",
  "CDealInfo::FormatEntry",
  "CDealInfo::InfoDouble",
  "CDealInfo::InfoInteger",
  "CDealInfo::InfoString",
  "CDealInfo::TypeDescription",
  "CHistoryOrderInfo",
  "COrderInfo::CheckState",
  "COrderInfo::ExternalId",
  "COrderInfo::FormatOrder",
  "COrderInfo::FormatPrice",
  "COrderInfo::FormatStatus",
  "COrderInfo::FormatType",
  "COrderInfo::FormatTypeFilling",
  "COrderInfo::FormatTypeTime",
  "COrderInfo::InfoDouble",
  "COrderInfo::InfoInteger",
  "COrderInfo::InfoString",
  "COrderInfo::PositionById",
  "COrderInfo::StateDescription",
  "COrderInfo::StoreState",
  "COrderInfo::TimeDoneMsc",
  "COrderInfo::TypeFillingDescription",
  "COrderInfo::TypeTimeDescription",
  "COrderInfo::m_expiration",
  "COrderInfo::m_price_open",
  "COrderInfo::m_state",
  "COrderInfo::m_stop_loss",
  "COrderInfo::m_take_profit",
  "COrderInfo::m_ticket",
  "COrderInfo::m_type",
  "COrderInfo::m_volume_curr",
  "CPositionInfo::CheckState",
  "CPositionInfo::FormatPosition",
  "CPositionInfo::FormatType",
  "CPositionInfo::StoreState",
  "CPositionInfo::TimeUpdateMsc",
  "CPositionInfo::m_price",
  "CPositionInfo::m_stop_loss",
  "CPositionInfo::m_take_profit",
  "CPositionInfo::m_type",
  "CPositionInfo::m_volume",
  "CSymbolInfo::AskHigh",
  "CSymbolInfo::AskLow",
  "CSymbolInfo::Bank",
  "CSymbolInfo::BidHigh",
  "CSymbolInfo::BidLow",
  "CSymbolInfo::CheckMarketWatch",
  "CSymbolInfo::ExpirationTime",
  "CSymbolInfo::InfoDouble",
  "CSymbolInfo::InfoInteger",
  "CSymbolInfo::InfoMarginRate",
  "CSymbolInfo::InfoString",
  "CSymbolInfo::IsSynchronized",
  "CSymbolInfo::LastHigh",
  "CSymbolInfo::LastLow",
  "CSymbolInfo::MarginHedged",
  "CSymbolInfo::MarginHedgedUseLeg",
  "CSymbolInfo::MarginInitial",
  "CSymbolInfo::MarginLimit",
  "CSymbolInfo::MarginLong",
  "CSymbolInfo::MarginMaintenance",
  "CSymbolInfo::MarginShort",
  "CSymbolInfo::MarginStop",
  "CSymbolInfo::MarginStopLimit",
  "CSymbolInfo::OrderMode",
  "CSymbolInfo::Path",
  "CSymbolInfo::SessionAW",
  "CSymbolInfo::SessionBuyOrders",
  "CSymbolInfo::SessionBuyOrdersVolume",
  "CSymbolInfo::SessionClose",
  "CSymbolInfo::SessionDeals",
  "CSymbolInfo::SessionInterest",
  "CSymbolInfo::SessionOpen",
  "CSymbolInfo::SessionPriceLimitMax",
  "CSymbolInfo::SessionPriceLimitMin",
  "CSymbolInfo::SessionPriceSettlement",
  "CSymbolInfo::SessionSellOrders",
  "CSymbolInfo::SessionSellOrdersVolume",
  "CSymbolInfo::SessionTurnover",
  "CSymbolInfo::SpreadFloat",
  "CSymbolInfo::StartTime",
  "CSymbolInfo::SwapLong",
  "CSymbolInfo::SwapMode",
  "CSymbolInfo::SwapModeDescription",
  "CSymbolInfo::SwapRollover3days",
  "CSymbolInfo::SwapRollover3daysDescription",
  "CSymbolInfo::SwapShort",
  "CSymbolInfo::TickValueLoss",
  "CSymbolInfo::TickValueProfit",
  "CSymbolInfo::TicksBookDepth",
  "CSymbolInfo::TradeCalcMode",
  "CSymbolInfo::TradeCalcModeDescription",
  "CSymbolInfo::TradeExecution",
  "CSymbolInfo::TradeExecutionDescription",
  "CSymbolInfo::TradeFillFlags",
  "CSymbolInfo::TradeModeDescription",
  "CSymbolInfo::TradeTimeFlags",
  "CSymbolInfo::Volume",
  "CSymbolInfo::VolumeHigh",
  "CSymbolInfo::VolumeLow",
  "CSymbolInfo::m_contract_size",
  "CSymbolInfo::m_digits",
  "CSymbolInfo::m_lots_limit",
  "CSymbolInfo::m_lots_max",
  "CSymbolInfo::m_lots_min",
  "CSymbolInfo::m_lots_step",
  "CSymbolInfo::m_margin_hedged",
  "CSymbolInfo::m_margin_hedged_use_leg",
  "CSymbolInfo::m_margin_initial",
  "CSymbolInfo::m_margin_maintenance",
  "CSymbolInfo::m_order_mode",
  "CSymbolInfo::m_point",
  "CSymbolInfo::m_swap3",
  "CSymbolInfo::m_swap_long",
  "CSymbolInfo::m_swap_mode",
  "CSymbolInfo::m_swap_short",
  "CSymbolInfo::m_tick",
  "CSymbolInfo::m_tick_size",
  "CSymbolInfo::m_tick_value",
  "CSymbolInfo::m_tick_value_loss",
  "CSymbolInfo::m_tick_value_profit",
  "CSymbolInfo::m_trade_calcmode",
  "CSymbolInfo::m_trade_execution",
  "CSymbolInfo::m_trade_fill_flags",
  "CSymbolInfo::m_trade_mode",
  "CSymbolInfo::m_trade_time_flags",
  "CTrade::CheckResult",
  "CTrade::CheckResultBalance",
  "CTrade::CheckResultEquity",
  "CTrade::CheckResultMarginLevel",
  "CTrade::CheckResultProfit",
  "CTrade::CheckResultRetcodeDescription",
  "CTrade::CheckVolume",
  "CTrade::ClearStructures",
  "CTrade::ExpirationCheck",
  "CTrade::FillingCheck",
  "CTrade::FormatOrderPrice",
  "CTrade::FormatOrderStatus",
  "CTrade::FormatOrderType",
  "CTrade::FormatOrderTypeFilling",
  "CTrade::FormatOrderTypeTime",
  "CTrade::FormatPositionType",
  "CTrade::FormatRequest",
  "CTrade::FormatRequestResult",
  "CTrade::IsHedging",
  "CTrade::IsStopped",
  "CTrade::OrderSend",
  "CTrade::OrderTypeCheck",
  "CTrade::PrintRequest",
  "CTrade::PrintResult",
  "CTrade::RequestActionDescription",
  "CTrade::RequestTypeDescription",
  "CTrade::RequestTypeFillingDescription",
  "CTrade::RequestTypeTimeDescription",
  "CTrade::SelectPosition",
  "CTrade::m_margin_mode",
  "CharArrayToStruct",
  "ChartApplyTemplate",
  "ChartClose",
  "ChartIndicatorAdd",
  "ChartIndicatorDelete",
  "ChartIndicatorGet",
  "ChartIndicatorName",
  "ChartIndicatorsTotal",
  "ChartNavigate",
  "ChartOpen",
  "ChartPriceOnDropped",
  "ChartSaveTemplate",
  "ChartScreenShot",
  "ChartSetSymbolPeriod",
  "ChartTimeOnDropped",
  "ChartTimePriceToXY",
  "ChartWindowFind",
  "ChartWindowOnDropped",
  "ChartXOnDropped",
  "ChartXYToTimePrice",
  "ChartYOnDropped",
  "CheckPointer",
  "CryptDecode",
  "CryptEncode",
  "DebugBreak",
  "EventChartCustom",
  "FileReadStruct",
  "FileWriteStruct",
  "GetPointer",
  "IndicatorCreate",
  "IndicatorParameters",
  "MQL5InfoInteger",
  "MQL5InfoString",
  "MarketBookAdd",
  "MarketBookGet",
  "MarketBookRelease",
  "MqlBookInfo",
  "MqlParam",
  "ResourceCreate",
  "ResourceFree",
  "ResourceReadImage",
  "ResourceSave",
  "SendFTP",
  "StructToCharArray",
  "SymbolInfoSessionQuote",
  "SymbolInfoSessionTrade",
  "TerminalClose",
  "TesterDeposit",
  "TesterStatistics",
  "TesterStop",
  "TesterWithdrawal",
  "TextGetSize",
  "TextOut",
  "TextSetFont",
  "TranslateKey",
];

/** Predefined variables the runtime installs as getters (ea-runtime/src/runtime/index.ts). */
const RUNTIME_VARIABLES = [
  "_Symbol",
  "_Period",
  "_Point",
  "_Digits",
  "_LastError",
  "_StopFlag",
  "_UninitReason",
  "_RandomSeed",
  "_IsX64",
];

interface RuntimeTables {
  readonly functions: readonly string[];
  readonly classes: Readonly<Record<string, unknown>>;
  readonly structs: readonly string[];
}

let tables: RuntimeTables | undefined;

/** The runtime's API tables, built once against a throw-away context (no host, no state). */
function runtimeTables(): RuntimeTables {
  if (!tables) {
    const ctx = new RuntimeContext({ symbol: "", timeframe: 0, inputs: {} }, () => "{}");
    const api: Record<string, unknown> = {};
    for (const build of API_MODULES) {
      Object.assign(api, build(ctx));
    }
    const structs = Object.entries(runtimeStructs)
      .filter(([name, value]) => /^Mql[A-Z]/.test(name) && typeof value === "function")
      .map(([name]) => name);
    tables = { functions: Object.keys(api), classes: stdlibClasses(api), structs };
  }
  return tables;
}

let globals: ReadonlySet<string> | undefined;

/**
 * Every global name the runtime installs for programs: API functions, Standard Library classes,
 * structure classes, predefined variables, constants, enum tables and `input`. Names starting
 * with `__` (the host and compiler plumbing) are not included.
 */
export function runtimeGlobals(): ReadonlySet<string> {
  if (!globals) {
    const t = runtimeTables();
    globals = new Set([
      ...t.functions,
      ...Object.keys(t.classes),
      ...t.structs,
      ...RUNTIME_VARIABLES,
      ...Object.keys(allConstants()),
      ...Object.keys(MQL5_ENUMS),
      "input",
    ]);
  }
  return globals;
}

let members: ReadonlyMap<string, ReadonlySet<string>> | undefined;

/** Names on an instance of `cls` (own fields) and its prototype chain (methods), minus Object's. */
function memberNames(cls: unknown): Set<string> {
  const out = new Set<string>();
  if (typeof cls !== "function") {
    return out;
  }
  const instance: unknown = Reflect.construct(cls, []);
  for (
    let o: unknown = instance;
    typeof o === "object" && o !== null && o !== Object.prototype;
    o = Object.getPrototypeOf(o)
  ) {
    for (const key of Object.getOwnPropertyNames(o)) {
      if (key !== "constructor") {
        out.add(key);
      }
    }
  }
  return out;
}

/**
 * Members (methods and fields) of each runtime Standard Library class, by class name. Includes
 * the JS-only helpers (lower-case names such as `send`), which no MQL5 declaration names.
 */
export function runtimeClassMembers(): ReadonlyMap<string, ReadonlySet<string>> {
  if (!members) {
    members = new Map(
      Object.entries(runtimeTables().classes).map(([name, cls]) => [name, memberNames(cls)]),
    );
  }
  return members;
}
