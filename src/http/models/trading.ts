// Wire shapes of an account's trading, history and market data (spec §2.2–2.8 and ARCHITECTURE
// §5), as the routes of src/http/modules/{trading,history,market,sessions} answer them. Each is
// named (components.schemas of the OpenAPI document) and checked at compile time against the
// type of the code that produces it: a field added there and not here fails `tsc`.
//
// Plain TypeBox integers (`Int`), not Elysia's `t.Integer` (which also accepts numeric strings):
// where a route validates its answer, a number must be a number.
import { type Static, Type } from "@sinclair/typebox";
import type { Quote } from "../../broker/engine/types.ts";
import type { PerformanceMetrics } from "../../domain/performance.ts";
import type { AccountSummaryView } from "../../domain/trading/account.ts";
import type { CloseAllResult } from "../../domain/trading/close-all.ts";
import type { OrderHistoryPage, OrderHistoryResult } from "../../domain/trading/history.ts";
import {
  type MarketStatusItem,
  type ServerTimezonePayload,
  type TradeSessionPayload,
  type toApiBar,
  WEEKDAY_NAMES,
} from "../../domain/trading/market.ts";
import type {
  ApiDeal,
  ApiHistoryOrder,
  ApiPositionDetail,
  ApiPositionRecord,
} from "../../domain/trading/records.ts";
import { TIMEFRAMES } from "../../mt5/vocabulary.ts";
import type { AccountSymbolSpec } from "../../services/tick-values.ts";
import type { TradingService } from "../../services/trading.ts";
import type { SessionHealth } from "../../sessions/session.ts";
import { named } from "../openapi/schema.ts";
import { assertType, Int, type Same, SessionStatusSchema } from "./common.ts";

/** Compile-time: every value the schema allows is a value of the producing code's type. */
type Within<A, B> = [A] extends [B] ? true : false;

const ServerTime = (description = "Broker server time, `YYYY-MM-DDTHH:mm:ss`") =>
  Type.String({ description });
const UtcMs = (description = "UTC timestamp, milliseconds") =>
  Int({ format: "int64", description });
const Ticket = (description?: string) =>
  Int({ format: "int64", ...(description ? { description } : {}) });
const Literals = <T extends string>(values: readonly T[], description?: string) =>
  Type.Union(
    values.map((v) => Type.Literal(v)),
    description ? { description } : {},
  );

// --- records (spec §2.2, §2.4) -----------------------------------------------------------------

/** Spec §2.2 Deal: one execution leg. */
export const DealSchema = named(
  "Deal",
  Type.Object(
    {
      ticket: Ticket("Deal ticket"),
      positionTicket: Ticket(
        "Ticket of the position the deal belongs to; 0 for balance operations",
      ),
      type: Type.String({
        description:
          "DealBuy, DealSell (trading legs), DealBalance, DealCredit, DealCorrection, DealBonus, DealCharge",
      }),
      entry: Type.String({
        description: "DealEntryIn (opened), DealEntryOut (closed), DealEntryInOut, DealEntryOutBy",
      }),
      symbol: Type.String({ description: '"" for balance operations' }),
      lots: Type.Number(),
      openPrice: Type.Number({ description: "Execution price of this deal" }),
      profit: Type.Number(),
      swap: Type.Number(),
      commission: Type.Number(),
      fee: Type.Number(),
      comment: Type.String({
        description:
          "The order's comment; the broker's for its own closes (`[sl 1.10426]`, `[so 42.10%]`)",
      }),
      placedType: Type.String({
        description:
          "Why the deal was made (MT5 deal reason): Manually, ByExpert, OnSL, OnTP, OnStopOut (the broker closed the position), ByDealer (balance operations), …",
      }),
      time: ServerTime("Execution time, broker server time `YYYY-MM-DDTHH:mm:ss`"),
      timestampUTC: UtcMs("Execution time, UTC milliseconds"),
    },
    { description: "One execution leg (spec §2.2); pair a position's legs by positionTicket" },
  ),
);
assertType<Same<Static<typeof DealSchema>, ApiDeal>>();

/** Spec §2.4: every field of a position / pending order record. */
const positionFields = {
  ticket: Ticket("Position ticket (the pending order's ticket for an order)"),
  symbol: Type.String(),
  orderType: Type.String({
    description: "Buy, Sell, BuyLimit, SellLimit, BuyStop, SellStop, BuyStopLimit, SellStopLimit",
  }),
  lots: Type.Number({
    description: "Open volume in lots; the remaining volume of a pending order",
  }),
  openPrice: Type.Number({ description: "Average open price; the order price when pending" }),
  stopLoss: Type.Number({ description: "0 when unset" }),
  takeProfit: Type.Number({ description: "0 when unset" }),
  profit: Type.Number({
    description: "Floating (open) or realised (closed) profit in the deposit currency; 0 pending",
  }),
  swap: Type.Number(),
  commission: Type.Number(),
  comment: Type.String(),
  openTime: ServerTime("Open (or order setup) time, broker server time `YYYY-MM-DDTHH:mm:ss`"),
  closePrice: Type.Number({ description: "0 while open" }),
  closeTime: Type.String({ description: 'Broker server time; "" while open' }),
  dealType: Type.String({ description: "DealBuy or DealSell: the direction of the opening deal" }),
  digits: Int({ description: "Price decimal digits" }),
  contractSize: Type.Number({ description: "Units of the base asset per lot" }),
  volume: Type.Number({ description: "lots × contractSize" }),
  state: Type.String({
    description: "Filled for positions; the order state (Placed) when pending",
  }),
  fillPolicy: Type.String({ description: "FillOrKill, ImmediateOrCancel or FlashFill" }),
  expirationType: Type.String({ description: "GTC, Today, Specified or SpecifiedDay" }),
  expertId: Int({
    format: "int64",
    description: "Magic number of the EA that placed it; 0 manual",
  }),
  dealInternalIn: Ticket("Opening deal ticket; 0 for pending orders"),
  dealInternalOut: Ticket("Last exit deal ticket; 0 if none"),
  orderInternal: Ticket("Ticket of the order that opened the position / of the pending order"),
  partialCloseDeals: Type.Array(DealSchema, {
    description: "Exit deals (DealEntryOut, DealEntryOutBy), by time",
  }),
  partialFillDeals: Type.Array(DealSchema, {
    description: "Entry deals (DealEntryIn, DealEntryInOut), by time",
  }),
  placedType: Type.String({
    description:
      "Open position / pending order: why it was placed (Manually, ByExpert, …). Closed position: how it was closed, the placedType of its final exit deal (OnSL, OnTP, OnStopOut when the broker closed it; Manually, ByExpert, … otherwise)",
  }),
  profitRate: Type.Number({ description: "Profit currency → deposit currency rate" }),
  requestId: Int({ format: "int64" }),
  stopLimitPrice: Type.Number({ description: "Stop-limit orders: the limit price; else 0" }),
  fee: Type.Number(),
  closeComment: Type.String({
    description:
      'Closed position: the comment of its final exit deal (`[sl 1.10426]`, `[tp …]`, `[so 42.10%]` or the close request\'s); "" while open',
  }),
  closeLots: Type.Number({ description: "Lots closed so far" }),
  closeVolume: Type.Number({ description: "closeLots × contractSize" }),
  openTimestampUTC: UtcMs("Open time, UTC milliseconds"),
  closeTimestampUTC: UtcMs("Close time, UTC milliseconds; 0 while open"),
  expirationTime: Type.String({ description: 'Broker server time; "" when none' }),
};

/** Spec §2.4 position / order record. */
export const PositionRecordSchema = named(
  "PositionRecord",
  Type.Object(positionFields, {
    description:
      "An open position, a pending order or a closed position (spec §2.4); a non-zero closeTimestampUTC marks a closed one",
  }),
);
assertType<Same<Static<typeof PositionRecordSchema>, ApiPositionRecord>>();

/** Position detail: the record with netProfit (spec §4 rule 2). */
export const PositionDetailSchema = named(
  "PositionDetail",
  Type.Object(
    {
      ...positionFields,
      netProfit: Type.Number({ description: "profit + swap + commission" }),
    },
    { description: "One open position with netProfit (spec §2.4)" },
  ),
);
assertType<Same<Static<typeof PositionDetailSchema>, ApiPositionDetail>>();

const retcode = Int({ description: "MT5 trade server return code (10009 done, 10008 placed)" });

/** What placing an order answers: the position it opened (market) or the pending order. */
export const OrderResultSchema = named(
  "OrderResult",
  Type.Object(
    {
      ...positionFields,
      retcode,
      clientOrderId: Type.String({
        description: "The order's client order id (yours, or a generated `tas-…`)",
      }),
    },
    {
      description:
        "The record of what the order placed: the position a market order opened (its ticket is the position ticket), or the pending order",
    },
  ),
);
assertType<
  Same<Static<typeof OrderResultSchema>, Awaited<ReturnType<TradingService["placeOrder"]>>>
>();

/** What closing a position or cancelling a pending order answers. */
export const CloseResultSchema = named(
  "CloseResult",
  Type.Object(
    {
      ...positionFields,
      retcode,
      deals: Type.Array(DealSchema, { description: "The deals of this close (none for a cancel)" }),
    },
    {
      description:
        "The position after the close (closed, or open with the rest after a partial close), or the cancelled order",
    },
  ),
);
assertType<
  Within<Static<typeof CloseResultSchema>, Awaited<ReturnType<TradingService["closeOrCancel"]>>>
>();

export const CloseByResultSchema = named(
  "CloseByResult",
  Type.Object({ retcode, deals: Type.Array(DealSchema) }),
);
assertType<
  Same<Static<typeof CloseByResultSchema>, Awaited<ReturnType<TradingService["closeBy"]>>>
>();

const closeAllItem = <T extends ReturnType<typeof Type.Object>>(result: T) =>
  Type.Object({ ticket: Ticket(), symbol: Type.String(), result });

/** Spec §2.8 close-all result. */
export const CloseAllResultSchema = named(
  "CloseAllResult",
  Type.Object(
    {
      closed: Type.Array(
        closeAllItem(
          Type.Object({
            retcode,
            deals: Type.Array(Ticket(), { description: "Deal tickets of the close" }),
            lots: Type.Number({ description: "Lots closed" }),
            price: Type.Number({ description: "Volume-weighted close price; 0 without deals" }),
            profit: Type.Number({ description: "Realised profit, 2 decimals" }),
          }),
        ),
      ),
      failed: Type.Array(
        closeAllItem(
          Type.Object({
            code: Type.String({
              description:
                "Why: a broker rejection code (MARKET_CLOSED…) or the service's (SESSION_NOT_CONNECTED…)",
            }),
            message: Type.String(),
            retcode: Int({ description: "The broker's retcode; 0 without a broker answer" }),
          }),
        ),
      ),
      total_closed: Int(),
      total_failed: Int(),
    },
    { description: "Each open position's ticket is in closed or in failed (spec §2.8)" },
  ),
);
assertType<Same<Static<typeof CloseAllResultSchema>, CloseAllResult>>();

/** An order intent of the journal (`GET …/orders/intents/{clientOrderId}`). */
export const OrderIntentSchema = named(
  "OrderIntent",
  Type.Object({
    client_order_id: Type.String(),
    state: Type.String({
      description:
        "sent (not answered yet), done, rejected, unknown (the link broke: 504), reconciled_filled (found at the broker after reconnecting), reconciled_absent (proved not executed)",
    }),
    ticket: Type.Union([Ticket(), Type.Null()], { description: "Order ticket, once known" }),
    note: Type.String({ description: "Rejection reason or reconciliation note" }),
    request: Type.Unknown({ description: "The order request as sent to the broker" }),
    created_at: Type.String({ description: "date-time (ISO 8601, UTC)" }),
    updated_at: Type.String({ description: "date-time (ISO 8601, UTC)" }),
  }),
);
assertType<Same<Static<typeof OrderIntentSchema>, Awaited<ReturnType<TradingService["intent"]>>>>();

// --- account (ARCHITECTURE §5) ---------------------------------------------------------------

export const AccountSummarySchema = named(
  "AccountSummary",
  Type.Object(
    {
      login: Int({ format: "int64" }),
      name: Type.String(),
      server: Type.String(),
      company: Type.String(),
      currency: Type.String({ description: "Deposit currency (ISO 4217)" }),
      leverage: Int(),
      balance: Type.Number(),
      credit: Type.Number(),
      equity: Type.Number(),
      margin: Type.Number(),
      free_margin: Type.Number(),
      margin_level: Type.Number({ description: "equity / margin in percent; 0 without margin" }),
      profit: Type.Number({ description: "Floating profit of the open positions" }),
      margin_mode: Literals(["hedging", "netting"] as const),
      trade_allowed: Type.Boolean(),
    },
    { description: "The account's balance, equity and margin" },
  ),
);
assertType<Same<Static<typeof AccountSummarySchema>, AccountSummaryView>>();

/** Spec §2.5 portfolio. */
export const PortfolioSchema = named(
  "Portfolio",
  Type.Object(
    {
      account: AccountSummarySchema,
      positions: Type.Array(PositionRecordSchema, { description: "All open positions" }),
      position_count: Int(),
      total_profit: Type.Number({ description: "Σ profit over positions" }),
      total_swap: Type.Number({ description: "Σ swap over positions" }),
      total_commission: Type.Number({ description: "Σ commission over positions" }),
    },
    { description: "The account summary with its open positions and their totals (spec §2.5)" },
  ),
);

export const SessionHealthSchema = named(
  "SessionHealth",
  Type.Object(
    {
      status: SessionStatusSchema,
      connected_since: Type.Union([Type.String({ description: "date-time (UTC)" }), Type.Null()]),
      last_error: Type.Union([Type.String(), Type.Null()]),
      reconnects: Int({ minimum: 0 }),
      last_quote_at: Type.Union([Type.String({ description: "date-time (UTC)" }), Type.Null()]),
      node_id: Type.Union([Type.String(), Type.Null()], {
        description:
          "The node running the session (cluster mode: the holder of the account's lease; null while it has none)",
      }),
    },
    { description: "Health of the account's broker session" },
  ),
);
assertType<Same<Static<typeof SessionHealthSchema>, SessionHealth & { node_id: string | null }>>();

// --- history (spec §2.3, §2.6) -------------------------------------------------------------

/** Spec §2.3 OrderHistoryResult, with the page it is. */
export const OrderHistoryResultSchema = named(
  "OrderHistoryResult",
  Type.Object(
    {
      action: Int({
        description:
          "Informational action code: 0 = this page is complete (every deal of the page is in internalDeals); the service always answers 0",
      }),
      internalDeals: Type.Array(DealSchema, {
        description:
          "One entry per execution leg, ordered by timestampUTC then ticket; pair by positionTicket",
      }),
      page: Int({ minimum: 0, description: "This page's number, 0-based" }),
      per_page: Int({ minimum: 1, maximum: 1000 }),
      total: Int({ minimum: 0, description: "Deals in the range over all pages" }),
      total_pages: Int({ minimum: 0, description: "ceil(total / per_page)" }),
    },
    { description: "A page of the deals between from and to (spec §2.3)" },
  ),
);
assertType<
  Same<
    Static<typeof OrderHistoryResultSchema>,
    OrderHistoryResult & { page: number; per_page: number; total: number; total_pages: number }
  >
>();

/** An order of the order history (`GET …/history/orders`). */
export const HistoryOrderSchema = named(
  "HistoryOrder",
  Type.Object(
    {
      ticket: Ticket("Order ticket"),
      symbol: Type.String(),
      orderType: Type.String({
        description:
          "Buy, Sell, BuyLimit, SellLimit, BuyStop, SellStop, BuyStopLimit, SellStopLimit, CloseBy",
      }),
      state: Type.String({ description: "Final state: Filled, Cancelled, Expired or Rejected" }),
      lots: Type.Number({ description: "Requested volume, lots" }),
      filledLots: Type.Number({
        description:
          "Volume filled before the order left the book, lots (a cancelled order may be partly filled)",
      }),
      openPrice: Type.Number({
        description: "Order price; for a market order the price the client saw, 0 when none",
      }),
      stopLimitPrice: Type.Number({ description: "Stop-limit orders: the limit price; else 0" }),
      stopLoss: Type.Number({ description: "0 when unset" }),
      takeProfit: Type.Number({ description: "0 when unset" }),
      digits: Int({ description: "Price decimal digits" }),
      fillPolicy: Type.String({ description: "FillOrKill, ImmediateOrCancel or FlashFill" }),
      expirationType: Type.String({ description: "GTC, Today, Specified or SpecifiedDay" }),
      expirationTime: Type.String({ description: 'Broker server time; "" when none' }),
      positionTicket: Ticket("Position the order opened, changed or closed; 0 if none"),
      positionByTicket: Ticket("Close-by orders: the opposite position; else 0"),
      expertId: Int({ format: "int64", description: "Magic number of the EA; 0 manual" }),
      comment: Type.String(),
      placedType: Type.String({
        description:
          "Why it was placed: Manually, ByExpert, OnSL, OnTP, OnStopOut (the broker's closing orders), …",
      }),
      clientOrderId: Type.String({ description: 'The client order id; "" for the broker\'s own' }),
      setupTime: ServerTime("When the order was placed, broker server time"),
      setupTimestampUTC: UtcMs("When the order was placed, UTC milliseconds"),
      doneTime: ServerTime("When it reached its final state, broker server time"),
      doneTimestampUTC: UtcMs("When it reached its final state, UTC milliseconds"),
    },
    { description: "An order in a final state (filled, cancelled, expired or rejected)" },
  ),
);
assertType<Same<Static<typeof HistoryOrderSchema>, ApiHistoryOrder>>();

/** A page of the order history. */
export const OrderHistoryPageSchema = named(
  "OrderHistoryPage",
  Type.Object(
    {
      action: Int({
        description: "Informational action code: 0 = this page is complete; always 0",
      }),
      orders: Type.Array(HistoryOrderSchema, {
        description: "Ordered by setupTimestampUTC then ticket",
      }),
      page: Int({ minimum: 0, description: "This page's number, 0-based" }),
      per_page: Int({ minimum: 1, maximum: 1000 }),
      total: Int({ minimum: 0, description: "Orders in the range over all pages" }),
      total_pages: Int({ minimum: 0, description: "ceil(total / per_page)" }),
    },
    { description: "A page of the orders placed between from and to that are in a final state" },
  ),
);
assertType<Same<Static<typeof OrderHistoryPageSchema>, OrderHistoryPage>>();

/** Spec §2.6 performance metrics. */
export const PerformanceSchema = named(
  "Performance",
  Type.Object(
    {
      total_trades: Int(),
      winning_trades: Int({ description: "Trades with a result > 0" }),
      losing_trades: Int({ description: "Trades with a result < 0" }),
      win_rate: Type.Number({ description: "winning_trades / total_trades in percent, 0–100" }),
      total_profit: Type.Number({ description: "Σ results of winning trades (≥ 0)" }),
      total_loss: Type.Number({ description: "Σ results of losing trades (≤ 0)" }),
      net_profit: Type.Number({ description: "total_profit + total_loss" }),
      profit_factor: Type.Union([Type.Number(), Type.Null()], {
        description: "total_profit / |total_loss|; null when there is no loss",
      }),
      avg_win: Type.Number(),
      avg_loss: Type.Number({ description: "Negative; 0 when none" }),
      best_trade: Type.Number(),
      worst_trade: Type.Number({ description: "Negative for a loss" }),
      avg_trade_duration_secs: Type.Number({ description: "Seconds" }),
    },
    {
      description:
        "Metrics over the trades (positions) closed in the window, money in the deposit currency (spec §2.6)",
    },
  ),
);
assertType<Same<Static<typeof PerformanceSchema>, PerformanceMetrics>>();

// --- market data (spec §2.7, ARCHITECTURE §5) ------------------------------------------------

export const QuoteSchema = named(
  "Quote",
  Type.Object({
    symbol: Type.String(),
    bid: Type.Number(),
    ask: Type.Number(),
    timeMs: UtcMs("Time of the tick, UTC milliseconds"),
  }),
);
assertType<Same<Static<typeof QuoteSchema>, Quote>>();

/** Spec §2.7 market status item. */
export const MarketStatusItemSchema = named(
  "MarketStatusItem",
  Type.Object({
    symbol: Type.String(),
    tradeable: Type.Boolean({ description: "Trading is open for the symbol now" }),
    bid: Type.Number({ description: "0 without a quote" }),
    ask: Type.Number({ description: "0 without a quote" }),
    spread_points: Type.Number(),
    spread_pips: Type.Number({ description: "spread_points / 10 on 3- and 5-digit symbols" }),
    digits: Int(),
  }),
);
assertType<Same<Static<typeof MarketStatusItemSchema>, MarketStatusItem>>();

export const BarSchema = named(
  "Bar",
  Type.Object({
    time: ServerTime("Open time of the bar, broker server time"),
    timestampUTC: UtcMs("Open time of the bar, UTC milliseconds"),
    open: Type.Number(),
    high: Type.Number(),
    low: Type.Number(),
    close: Type.Number(),
    tick_volume: Int({ minimum: 0, description: "Ticks folded into the bar" }),
    spread: Int({ description: "Smallest spread seen in the bar, points" }),
  }),
);
assertType<Same<Static<typeof BarSchema>, ReturnType<typeof toApiBar>>>();

const Windows = (what: string) =>
  Type.Array(Type.String({ pattern: "^\\d{2}:\\d{2}-\\d{2}:\\d{2}$" }), {
    description: `${what} windows "HH:MM-HH:MM" in server time, end exclusive (24:00 = midnight)`,
  });
const DaySessions = named(
  "DaySessions",
  Type.Object({ trade: Windows("Trade"), quote: Windows("Quote") }),
);

export const TradeSessionSchema = named(
  "TradeSession",
  Type.Object(
    {
      symbol: Type.String(),
      open: Type.Boolean({ description: "The market is open for trading now" }),
      server_time: ServerTime("Now, broker server time"),
      sessions: Type.Object(
        Object.fromEntries(WEEKDAY_NAMES.map((day) => [day, DaySessions])) as Record<
          (typeof WEEKDAY_NAMES)[number],
          typeof DaySessions
        >,
        { description: "The weekly sessions by server weekday" },
      ),
    },
    { description: "Whether the market is open now for the symbol, and its weekly sessions" },
  ),
);
assertType<Same<Static<typeof TradeSessionSchema>, TradeSessionPayload>>();

export const ServerTimezoneSchema = named(
  "ServerTimezone",
  Type.Object(
    {
      timezone: Type.String({ description: "IANA fixed-offset zone, e.g. Etc/GMT-2 (= UTC+2)" }),
      offset_minutes: Int({ description: "Server time − UTC, minutes" }),
      dst: Type.Boolean({ description: "The server is on its summer offset" }),
      server_time: ServerTime("Now, broker server time"),
      utc_time: Type.String({ description: "Now, ISO 8601 UTC" }),
    },
    { description: "The broker server's timezone and current time" },
  ),
);
assertType<Same<Static<typeof ServerTimezoneSchema>, ServerTimezonePayload>>();

const SessionWindows = Type.Array(
  Type.Array(
    Type.Object({
      from: Int({ description: "Minutes since 00:00 server time" }),
      to: Int({ description: "Minutes since 00:00 server time, exclusive" }),
    }),
  ),
  { description: "Windows per server weekday, index 0 = Sunday … 6 = Saturday" },
);
const FILL_POLICIES = ["FillOrKill", "ImmediateOrCancel", "FlashFill"] as const;
const EXPIRATION_TYPES = ["GTC", "Today", "Specified", "SpecifiedDay"] as const;

/** A tick value in the deposit currency; null while a conversion quote is unavailable. */
const DepositTickValue = (description: string) =>
  Type.Union([Type.Number(), Type.Null()], {
    description: `${description}; null while a conversion quote is unavailable`,
  });

/** A symbol's full specification as the account sees it (tick values in its deposit currency). */
export const SymbolSpecSchema = named(
  "SymbolSpec",
  Type.Object(
    {
      name: Type.String(),
      description: Type.String(),
      category: Literals(["forex", "metal", "index", "crypto"] as const),
      digits: Int({ description: "Price decimals" }),
      point: Type.Number({ description: "10^-digits" }),
      contractSize: Type.Number({ description: "Units of the base asset per lot" }),
      tickSize: Type.Number({ description: "Minimal price change (SYMBOL_TRADE_TICK_SIZE)" }),
      tickValue: DepositTickValue(
        "Value of one tick for one lot in the account's deposit currency at the current quotes " +
          "(SYMBOL_TRADE_TICK_VALUE, equal to tickValueProfit as in MT5)",
      ),
      tickValueProfit: DepositTickValue(
        "Deposit-currency value of one tick in the position's favour, one lot: the profit " +
          "currency converted at the side of the conversion pair MT5 books a profit at " +
          "(SYMBOL_TRADE_TICK_VALUE_PROFIT)",
      ),
      tickValueLoss: DepositTickValue(
        "Deposit-currency value of one tick against the position, one lot: converted at the " +
          "other side of the conversion pair (SYMBOL_TRADE_TICK_VALUE_LOSS, ≥ tickValueProfit)",
      ),
      tickValueProfitCurrency: Type.Number({
        description:
          "Value of one tick for one lot in the profit currency (e.g. 100 JPY on USDJPY)",
      }),
      volumeMin: Type.Number(),
      volumeMax: Type.Number(),
      volumeStep: Type.Number(),
      stopsLevel: Type.Number({ description: "Min distance of SL/TP and pending prices, points" }),
      freezeLevel: Type.Number({ description: "Distance within which orders are frozen, points" }),
      marginMode: Literals(["forex", "forexNoLeverage", "cfd", "cfdIndex", "cfdLeverage"] as const),
      marginRate: Type.Number(),
      marginHedged: Type.Number(),
      baseCurrency: Type.String(),
      profitCurrency: Type.String(),
      marginCurrency: Type.String(),
      swapMode: Literals([
        "disabled",
        "points",
        "currencySymbol",
        "currencyMargin",
        "currencyDeposit",
        "interestCurrent",
        "interestOpen",
      ] as const),
      swapLong: Type.Number(),
      swapShort: Type.Number(),
      tripleSwapDay: Type.Union([Int({ minimum: 0, maximum: 6 }), Type.Null()], {
        description: "Server weekday whose rollover charges three days; null for none",
      }),
      swapDays: Type.Array(Int({ minimum: 0, maximum: 6 }), {
        description: "Server weekdays whose rollover charges swap",
      }),
      commissionPerLot: Type.Number({
        description:
          "Deposit currency per lot per side charged by the symbol itself. 0 on the demo broker, " +
          "which charges by account group: 'demo-raw' 3.50 USD (or its schedule's amount in the deposit currency) on FX and metals, 'demo' none (its " +
          "spread carries a markup instead)",
      }),
      tradeMode: Literals(["disabled", "longOnly", "shortOnly", "closeOnly", "full"] as const),
      executionMode: Literals(["request", "instant", "market", "exchange"] as const),
      fillingModes: Type.Array(Literals(FILL_POLICIES)),
      expirationModes: Type.Array(Literals(EXPIRATION_TYPES)),
      tradeSessions: SessionWindows,
      quoteSessions: SessionWindows,
      liquidity: Type.Number({ description: "Lots available at the quote for one fill" }),
      slippageLotsPerPoint: Type.Number({
        description: "Market orders slip one point per this many lots filled",
      }),
    },
    { description: "A symbol's specification (MT5 SYMBOL_* properties)" },
  ),
);
// The catalog's arrays are readonly: the same fields, and every value the schema allows is one.
assertType<Same<keyof Static<typeof SymbolSpecSchema>, keyof AccountSymbolSpec>>();
assertType<Within<Static<typeof SymbolSpecSchema>, AccountSymbolSpec>>();

/** The OHLC timeframes. */
export const TimeframeSchema = named("Timeframe", Literals(TIMEFRAMES, "Bar timeframe"));
