/**
 * The terminal an EA believes it runs in: TerminalInfo*, MQLInfo* and the user-interaction and
 * chart functions of MQL5's common group (Sleep, MessageBox, PlaySound, TesterHideIndicators,
 * ChartID, ChartSymbol, ChartPeriod). Alert/SendNotification/SendMail are notify.ts', the chart's
 * objects and properties (ChartSet…, ChartGet…, ChartRedraw, Comment) chart.ts'.
 *
 * Exists because EAs branch on these answers (refuse to run in the tester, check that trading
 * is allowed, size buffers by TERMINAL_MAXBARS…), so each property has one documented answer:
 * a LIVE terminal (not the tester, not optimising, not visual), connected, running one Expert
 * Advisor on one chart, without a user in front of it. The values:
 *
 * | property | answer |
 * |---|---|
 * | TERMINAL_BUILD | 4620 (a fixed build number) |
 * | TERMINAL_CONNECTED, TERMINAL_X64 | 1 |
 * | TERMINAL_TRADE_ALLOWED | the account's `trade_expert` (1 unless the host says otherwise) |
 * | TERMINAL_DLLS_ALLOWED, _FTP_ENABLED, _COMMUNITY_*, _OPENCL_SUPPORT, _VPS, _PING_LAST, KEYSTATE_* | 0 |
 * | TERMINAL_EMAIL_ENABLED, _NOTIFICATIONS_ENABLED, _MQID | 1 (SendMail/SendNotification log and succeed) |
 * | TERMINAL_MAXBARS | the bars kept per series (LoadMeta.maxBars) |
 * | TERMINAL_CODEPAGE | 1252 (English Windows ANSI page) |
 * | TERMINAL_CPU_CORES | 1; TERMINAL_SCREEN_DPI 96; screen/window 0,0–1920×1080 |
 * | TERMINAL_MEMORY_* | the isolate's limit (LoadMeta.memoryLimitMb) as total and available, 0 used |
 * | TERMINAL_DISK_SPACE | MB left in the EA's file folder under its quota (files.ts) |
 * | TERMINAL_COMMUNITY_BALANCE, TERMINAL_RETRANSMISSION | 0.0 |
 * | TERMINAL_LANGUAGE | "English" |
 * | TERMINAL_COMPANY | the account's company; TERMINAL_NAME "TAS Terminal" |
 * | TERMINAL_PATH / _DATA_PATH / _COMMONDATA_PATH | virtual Windows paths under C:\TAS (no files exist) |
 * | MQL_PROGRAM_TYPE | PROGRAM_EXPERT; MQL_LICENSE_TYPE LICENSE_FREE |
 * | MQL_TRADE_ALLOWED | 1; MQL_DLLS_ALLOWED, _SIGNALS_ALLOWED, _DEBUG, _PROFILER, _TESTER, _FORWARD, _OPTIMIZATION, _VISUAL_MODE, _FRAME_MODE, _STARTED_FROM_CONFIG 0 |
 * | MQL_MEMORY_LIMIT | LoadMeta.memoryLimitMb (0 unknown); MQL_MEMORY_USED 0; MQL_HANDLES_USED the live indicator handles |
 * | MQL_PROGRAM_NAME | LoadMeta.programName ("" without); MQL_PROGRAM_PATH its .ex5 path under the data folder |
 *
 * An unknown property id answers 0 / 0.0 / "" and sets ERR_TERMINAL_WRONG_PROPERTY (4513) for
 * TerminalInfo*, ERR_MQL5_WRONG_PROPERTY (4512) for MQLInfo*, as MT5 does.
 *
 * Interaction without a user: MessageBox cannot be answered, so it answers 0 (no button; what the
 * tester returns) and logs the text at level "alert"; an EA waiting for IDYES/IDOK does not act.
 * SendNotification/SendMail (notify.ts) log an "alert" line, return true and are published on
 * the `ea` channel. PlaySound has no sound device: false with ERR_PLAY_SOUND_FAILED
 * (PlaySound(NULL) stops sounds and returns true). Sleep is, for now, a no-op that returns at
 * once (the real suspension belongs to the host). TesterHideIndicators does nothing. The EA's
 * chart has the
 * fixed id CHART_ID (ChartID, ChartFirst); ChartSymbol/ChartPeriod answer for it (0 = this
 * chart) and fail with ERR_CHART_WRONG_ID for any other id.
 * Must not import anything outside ea-runtime/src/runtime.
 */

import {
  ENUM_LICENSE_TYPE,
  ENUM_PROGRAM_TYPE,
  ERR,
  ENUM_MQL_INFO_INTEGER as MI,
  ENUM_MQL_INFO_STRING as MS,
  ENUM_TERMINAL_INFO_DOUBLE as TD,
  ENUM_TERMINAL_INFO_INTEGER as TI,
  ENUM_TERMINAL_INFO_STRING as TS,
} from "./constants.ts";
import type { RuntimeContext } from "./context.ts";
import { printValue } from "./format.ts";
import { storageOf } from "./storage.ts";

const E = (name: string): number => ERR[name] ?? 4001;

/** The terminal's build as TerminalInfoInteger(TERMINAL_BUILD) reports it. */
export const TERMINAL_BUILD = 4620;
/** The id of the EA's chart (ChartID()). */
export const CHART_ID = 128968168864101;
const TERMINAL_PATH = "C:\\TAS\\Terminal";
const DATA_PATH = "C:\\TAS\\Terminal\\Data";
const COMMONDATA_PATH = "C:\\TAS\\Common";

export function terminalApi(ctx: RuntimeContext): Record<string, unknown> {
  const id = (t: Readonly<Record<string, number>>, name: string): number => t[name] ?? -1;

  const diskSpaceMb = (): number => {
    const own = storageOf(ctx).local;
    return Math.floor(Math.max(0, own.quota - own.used) / 1_048_576);
  };

  const terminalInteger = (): Map<number, number> => {
    const a = ctx.state.account;
    const mem = ctx.memoryLimitMb;
    const table = new Map<number, number>([
      [id(TI, "TERMINAL_BUILD"), TERMINAL_BUILD],
      [id(TI, "TERMINAL_CONNECTED"), 1],
      [id(TI, "TERMINAL_DLLS_ALLOWED"), 0],
      [id(TI, "TERMINAL_TRADE_ALLOWED"), a.trade_expert ? 1 : 0],
      [id(TI, "TERMINAL_EMAIL_ENABLED"), 1],
      [id(TI, "TERMINAL_FTP_ENABLED"), 0],
      [id(TI, "TERMINAL_MAXBARS"), ctx.maxBars],
      [id(TI, "TERMINAL_CODEPAGE"), 1252],
      [id(TI, "TERMINAL_MEMORY_PHYSICAL"), mem],
      [id(TI, "TERMINAL_MEMORY_TOTAL"), mem],
      [id(TI, "TERMINAL_MEMORY_AVAILABLE"), mem],
      [id(TI, "TERMINAL_MEMORY_USED"), 0],
      [id(TI, "TERMINAL_X64"), 1],
      [id(TI, "TERMINAL_OPENCL_SUPPORT"), 0],
      [id(TI, "TERMINAL_DISK_SPACE"), diskSpaceMb()],
      [id(TI, "TERMINAL_CPU_CORES"), 1],
      [id(TI, "TERMINAL_MQID"), 1],
      [id(TI, "TERMINAL_COMMUNITY_ACCOUNT"), 0],
      [id(TI, "TERMINAL_COMMUNITY_CONNECTION"), 0],
      [id(TI, "TERMINAL_NOTIFICATIONS_ENABLED"), 1],
      [id(TI, "TERMINAL_SCREEN_DPI"), 96],
      [id(TI, "TERMINAL_PING_LAST"), 0],
      [id(TI, "TERMINAL_VPS"), 0],
      [id(TI, "TERMINAL_SCREEN_LEFT"), 0],
      [id(TI, "TERMINAL_SCREEN_TOP"), 0],
      [id(TI, "TERMINAL_SCREEN_WIDTH"), 1920],
      [id(TI, "TERMINAL_SCREEN_HEIGHT"), 1080],
      [id(TI, "TERMINAL_LEFT"), 0],
      [id(TI, "TERMINAL_TOP"), 0],
      [id(TI, "TERMINAL_RIGHT"), 1920],
      [id(TI, "TERMINAL_BOTTOM"), 1080],
    ]);
    for (const [name, value] of Object.entries(TI)) {
      if (name.startsWith("TERMINAL_KEYSTATE_")) {
        table.set(value, 0);
      }
    }
    return table;
  };

  const terminalString = (): Map<number, string> =>
    new Map([
      [id(TS, "TERMINAL_COMPANY"), ctx.state.account.company],
      [id(TS, "TERMINAL_NAME"), "TAS Terminal"],
      [id(TS, "TERMINAL_PATH"), TERMINAL_PATH],
      [id(TS, "TERMINAL_DATA_PATH"), DATA_PATH],
      [id(TS, "TERMINAL_COMMONDATA_PATH"), COMMONDATA_PATH],
      [id(TS, "TERMINAL_LANGUAGE"), "English"],
    ]);

  const terminalDouble = (): Map<number, number> =>
    new Map([
      [id(TD, "TERMINAL_COMMUNITY_BALANCE"), 0],
      [id(TD, "TERMINAL_RETRANSMISSION"), 0],
    ]);

  const mqlInteger = (): Map<number, number> =>
    new Map([
      [id(MI, "MQL_PROGRAM_TYPE"), ENUM_PROGRAM_TYPE.PROGRAM_EXPERT ?? 2],
      [id(MI, "MQL_DLLS_ALLOWED"), 0],
      [id(MI, "MQL_TRADE_ALLOWED"), 1],
      [id(MI, "MQL_DEBUG"), 0],
      [id(MI, "MQL_TESTER"), 0],
      [id(MI, "MQL_OPTIMIZATION"), 0],
      [id(MI, "MQL_VISUAL_MODE"), 0],
      [id(MI, "MQL_LICENSE_TYPE"), ENUM_LICENSE_TYPE.LICENSE_FREE ?? 0],
      [id(MI, "MQL_PROFILER"), 0],
      [id(MI, "MQL_MEMORY_USED"), 0],
      [id(MI, "MQL_FRAME_MODE"), 0],
      [id(MI, "MQL_MEMORY_LIMIT"), ctx.memoryLimitMb],
      [id(MI, "MQL_SIGNALS_ALLOWED"), 0],
      [id(MI, "MQL_CODEPAGE"), 1252],
      [id(MI, "MQL_FORWARD"), 0],
      [id(MI, "MQL_HANDLES_USED"), ctx.indicators.size],
      [id(MI, "MQL_STARTED_FROM_CONFIG"), 0],
    ]);

  const mqlString = (): Map<number, string> =>
    new Map([
      [id(MS, "MQL_PROGRAM_NAME"), ctx.programName],
      [
        id(MS, "MQL_PROGRAM_PATH"),
        ctx.programName === "" ? "" : `${DATA_PATH}\\MQL5\\Experts\\${ctx.programName}.ex5`,
      ],
    ]);

  const getter =
    <T>(table: () => Map<number, T>, zero: T, err: string) =>
    (prop: unknown): T => {
      const v = table().get(Math.trunc(Number(prop)));
      if (v === undefined) {
        ctx.setError(E(err));
        return zero;
      }
      return v;
    };

  const alert = (text: string): void => ctx.scratch.log("alert", text, ctx.state.timeMs);
  const isThisChart = (chartId: unknown): boolean => {
    const c = Number(chartId ?? 0);
    return c === 0 || c === CHART_ID;
  };

  return {
    TerminalInfoInteger: getter(terminalInteger, 0, "ERR_TERMINAL_WRONG_PROPERTY"),
    TerminalInfoDouble: getter(terminalDouble, 0, "ERR_TERMINAL_WRONG_PROPERTY"),
    TerminalInfoString: getter(terminalString, "", "ERR_TERMINAL_WRONG_PROPERTY"),
    MQLInfoInteger: getter(mqlInteger, 0, "ERR_MQL5_WRONG_PROPERTY"),
    MQLInfoString: getter(mqlString, "", "ERR_MQL5_WRONG_PROPERTY"),
    Sleep: (_ms: unknown): void => {},
    MessageBox: (text: unknown, caption?: unknown, _flags?: unknown): number => {
      const title = typeof caption === "string" && caption !== "" ? caption : ctx.programName;
      alert(`MessageBox${title === "" ? "" : ` [${title}]`}: ${printValue(text ?? "")}`);
      return 0;
    },
    PlaySound: (file: unknown): boolean => {
      if (file === null || file === undefined || file === "") {
        return true;
      }
      ctx.setError(E("ERR_PLAY_SOUND_FAILED"));
      return false;
    },
    TesterHideIndicators: (_hide: unknown): void => {},
    ChartID: (): number => CHART_ID,
    ChartFirst: (): number => CHART_ID,
    ChartNext: (_chartId: unknown): number => -1,
    ChartSymbol: (chartId: unknown = 0): string => {
      if (!isThisChart(chartId)) {
        ctx.setError(E("ERR_CHART_WRONG_ID"));
        return "";
      }
      return ctx.chartSymbol;
    },
    ChartPeriod: (chartId: unknown = 0): number => {
      if (!isThisChart(chartId)) {
        ctx.setError(E("ERR_CHART_WRONG_ID"));
        return 0;
      }
      return ctx.chartTimeframe;
    },
  };
}
