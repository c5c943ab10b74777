/**
 * The API modules whose functions the runtime installs as globals, in one list: the bundle entry
 * installs them and the MQL5 compiler's header index reads their names from the same list, so
 * the two cannot drift. Must not import anything outside ea-runtime/src/runtime.
 */
import { arrayApi } from "./arrays.ts";
import { calendarApi } from "./calendar.ts";
import { chartApi } from "./chart.ts";
import { commonApi } from "./common.ts";
import type { RuntimeContext } from "./context.ts";
import { customIndicatorApi } from "./custom-indicators.ts";
import { filesApi } from "./files.ts";
import { globalsApi } from "./globals.ts";
import { marketApi } from "./market.ts";
import { mathApi } from "./math.ts";
import { notifyApi } from "./notify.ts";
import { stringApi } from "./strings.ts";
import { terminalApi } from "./terminal.ts";
import { ticksApi } from "./ticks.ts";
import { tradeApi } from "./trade.ts";
import { webRequestApi } from "./web-request.ts";

export type ApiModule = (ctx: RuntimeContext) => Record<string, unknown>;

export const API_MODULES: readonly ApiModule[] = [
  marketApi,
  tradeApi,
  mathApi,
  stringApi,
  arrayApi,
  terminalApi,
  chartApi,
  notifyApi,
  globalsApi,
  filesApi,
  calendarApi,
  commonApi,
  ticksApi,
  webRequestApi,
  customIndicatorApi,
];
