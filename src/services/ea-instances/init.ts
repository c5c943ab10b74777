// What OnInit needs, read from the account's session: the init snapshot (symbols with tick values,
// account, positions, orders, tick), the bar and deal history, and the state a new instance
// starts from.
import type { DealRecord } from "../../broker/connector.ts";
import { AppError } from "../../domain/errors.ts";
import {
  dealToWire,
  orderToWire,
  positionToWire,
  quoteToWireTick,
  symbolToWire,
  utcToServerMs,
} from "../../ea/trade-translation.ts";
import { serverOffsetMinutes } from "../../mt5/server-time.ts";
import type { Sessions } from "../../sessions/sessions.ts";
import type { EaRow } from "../../storage/schema/index.ts";
import type { ServiceDeps } from "../deps.ts";
import { AccountTickValues } from "../tick-values.ts";
import type { Json, LiveSeed } from "./live.ts";
import type { EaTimeframe } from "./types.ts";
import { barToRates, brokerAccountToWire } from "./wire.ts";

/** The init event's fields and what the new instance starts from. */
export interface PreparedInit extends LiveSeed {
  /** Fields of the init event: `snapshot` and `history`. */
  readonly init: Json;
}

/** How much history OnInit gets and the account's ACCOUNT_LIMIT_ORDERS. */
export interface InitOptions {
  readonly initBars: number;
  readonly limitOrders: number;
}

/** Reads what OnInit needs from the account's session. */
export async function prepareInit(
  deps: Pick<ServiceDeps, "clock" | "logger">,
  sessions: Sessions,
  accountId: string,
  ea: EaRow,
  symbol: string,
  timeframe: EaTimeframe,
  opts: InitOptions,
): Promise<PreparedInit> {
  const s = sessions;
  const specs = await s.call(accountId, "symbols");
  const spec = specs.find((x) => x.name === symbol);
  if (!spec) {
    throw new AppError("SYMBOL_NOT_FOUND", `Symbol '${symbol}' is not offered by this broker`);
  }
  const now = deps.clock.now();
  const [account, positions, orders, quote, bars, deals] = await Promise.all([
    s.call(accountId, "summary"),
    s.call(accountId, "positions"),
    s.call(accountId, "orders"),
    s.call(accountId, "quote", { symbol }),
    s.call(accountId, "bars", { symbol, timeframe, query: { count: opts.initBars } }),
    s
      .call(accountId, "deals", {
        from: now - 30 * 86_400_000,
        to: now + 86_400_000,
      })
      .catch(() => [] as DealRecord[]),
  ]);
  const tickValues = await AccountTickValues.load(specs, account.currency, (leg) =>
    s.call(accountId, "quote", { symbol: leg }),
  );
  const rates = bars.map(barToRates);
  const timeMs = quote?.timeMs ?? now;
  const snapshot: Json = {
    time: utcToServerMs(timeMs),
    gmtOffset: serverOffsetMinutes(timeMs) * 60,
    symbols: specs.map((x) => symbolToWire(x, tickValues.of(x))),
    account: brokerAccountToWire(account, opts.limitOrders),
    positions: positions.map(positionToWire),
    orders: orders.map(orderToWire),
    ...(quote ? { tick: quoteToWireTick(quote) } : {}),
  };
  deps.logger.debug({ ea: ea.id, accountId, bars: rates.length }, "EA init snapshot");
  return {
    init: {
      snapshot,
      history: {
        bars: [{ symbol, timeframe, rates, replace: true }],
        deals: deals.slice(-1000).map(dealToWire),
      },
    },
    login: account.login,
    digits: spec.digits,
    symbolDigits: new Map(specs.map((x) => [x.name, x.digits])),
    positions,
    orders,
    lastBar: bars[bars.length - 1] ?? null,
    quote,
    tickValues,
  };
}
