// Broker records → the wire records of the trading API: spec §2.4 position / order record
// (open positions, resting pending orders, closed positions), spec §2.2 Deal, and the position
// detail's netProfit.
//
// Owns: the field-by-field mapping and its conventions. Pure: no I/O, no clock reads; imports only
// broker types, the server-time formatter and the performance maths. Must not import http/storage.
//
// Conventions (ARCHITECTURE §5):
// - Times: `openTime`/`closeTime`/`expirationTime`/deal `time` are `YYYY-MM-DDTHH:mm:ss` in broker
//   server time (formatServerTime); `openTimestampUTC`/`closeTimestampUTC`/deal `timestampUTC`
//   are UTC epoch milliseconds. A time that is not set is "" (strings) or 0 (timestamps).
// - `lots` is the volume in lots; `volume` is the same volume in units of the base asset:
//   lots × contractSize (0.1 lot EURUSD = 10 000 units). `closeLots` / `closeVolume` likewise for
//   the volume closed so far. Units are rounded to 1e-8 to drop float noise.
// - Open position: state `Filled`, closePrice 0, closeTime "", closeTimestampUTC 0, closeComment
//   "" (even after a partial close, whose price/time appear in partialCloseDeals), expirationType
//   `GTC`, expirationTime "", orderInternal = the position ticket (= its opening order's ticket),
//   dealType = the opening deal direction (DealBuy / DealSell).
// - Closed position: as open, plus closePrice / closeTime / closeTimestampUTC / closeComment of
//   the final exit; lots = the closed volume (the engine's open volume is 0 by then); state stays
//   `Filled` — the state enum has no "Closed"; a non-zero closeTimestampUTC marks a closed record.
//   Its placedType says how it was closed: the placedType of the final exit deal (OnSL, OnTP,
//   OnStopOut when the broker closed it; Manually, ByExpert… otherwise); closeComment is that
//   deal's comment (`[sl 1.10426]`, `[so 42.10%]`, or the close request's comment).
// - Deal: placedType is the deal's reason (MT5 DEAL_REASON) in the placedType vocabulary.
// - History order (order history): an order in a final state (Filled, Cancelled, Expired,
//   Rejected) with its setup and done times; lots = the requested volume, filledLots = what was
//   filled before it left the book.
// - Pending order: state = the order's state (`Placed` while resting), lots = the remaining
//   volume (volumeCurrent), openPrice = the order price (the trigger for stop-limit orders, whose
//   limit is stopLimitPrice), openTime = setup time, money fields 0, deal tickets 0, deal arrays
//   empty, dealType = the direction of the deal it would make.
// - partialFillDeals = the position's entry deals (DealEntryIn, and DealEntryInOut, which opens
//   its current volume after a netting reversal), partialCloseDeals = its exit deals
//   (DealEntryOut, DealEntryOutBy), each a spec §2.2 Deal, ordered by time then ticket. Only the
//   given deals whose positionTicket is this position are used; without deals both are empty.
// - fillPolicy / requestId / profitRate are not kept on a position by the engine; the caller may
//   pass them from the opening order (`PositionExtras`), else FillOrKill (what "Any" resolves to
//   first on every symbol), 0 and 1.

import { formatServerTime } from "../../mt5/server-time.ts";
import type {
  DealRecord,
  ExpirationType,
  FillPolicy,
  OrderRecord,
  PlacedType,
  PositionRecord,
} from "../../mt5/vocabulary.ts";
import { netProfit } from "../performance.ts";

/** The symbol fields a record needs. */
export interface RecordSymbol {
  /** Price decimals. */
  digits: number;
  /** Units of the base asset per lot. */
  contractSize: number;
}

/**
 * What a record assumes of a symbol missing from the broker's catalog (a record is still shown):
 * FX defaults, 5 digits and 100,000 units per lot.
 */
export const UNKNOWN_SYMBOL: RecordSymbol = { digits: 5, contractSize: 100_000 };

/** Spec §2.2 Deal: one execution leg. */
export interface ApiDeal {
  ticket: number;
  /** Position the deal belongs to (0 for balance operations). */
  positionTicket: number;
  /** DealBuy, DealSell, DealBalance, … */
  type: string;
  /** DealEntryIn, DealEntryOut, DealEntryInOut, DealEntryOutBy. */
  entry: string;
  /** "" for balance operations. */
  symbol: string;
  lots: number;
  /** Execution price of this deal. */
  openPrice: number;
  profit: number;
  swap: number;
  commission: number;
  fee: number;
  comment: string;
  /**
   * Why the deal was made (MT5 DEAL_REASON, the placedType vocabulary): Manually, ByExpert,
   * OnSL, OnTP, OnStopOut, ByDealer (balance operations), …
   */
  placedType: string;
  /** Execution time, server time `YYYY-MM-DDTHH:mm:ss`. */
  time: string;
  /** Execution time, UTC ms. */
  timestampUTC: number;
}

/** Spec §2.4 position / order record (every field). */
export interface ApiPositionRecord {
  ticket: number;
  symbol: string;
  /** Buy, Sell, BuyLimit, SellLimit, BuyStop, SellStop, BuyStopLimit, SellStopLimit. */
  orderType: string;
  /** Volume in lots (open volume; remaining volume for a pending order). */
  lots: number;
  /** Average open price; the order price for a pending order. */
  openPrice: number;
  /** 0 when unset. */
  stopLoss: number;
  /** 0 when unset. */
  takeProfit: number;
  /** Floating profit (open), realised profit (closed), 0 (pending); deposit currency. */
  profit: number;
  swap: number;
  commission: number;
  comment: string;
  /** Server time `YYYY-MM-DDTHH:mm:ss`. */
  openTime: string;
  /** 0 while open. */
  closePrice: number;
  /** "" while open. */
  closeTime: string;
  /** DealBuy / DealSell: the direction of the (opening) deal. */
  dealType: string;
  digits: number;
  contractSize: number;
  /** lots × contractSize (units of the base asset). */
  volume: number;
  /** Filled for positions, the order state (Placed) for pending orders. */
  state: string;
  fillPolicy: string;
  expirationType: string;
  expertId: number;
  /** Opening deal ticket; 0 for pending orders. */
  dealInternalIn: number;
  /** Last exit deal ticket; 0 if none. */
  dealInternalOut: number;
  /** Ticket of the order that opened the position / the pending order's ticket. */
  orderInternal: number;
  partialCloseDeals: ApiDeal[];
  partialFillDeals: ApiDeal[];
  placedType: string;
  /** Profit currency → deposit currency rate. */
  profitRate: number;
  requestId: number;
  /** Stop-limit orders: the limit price; else 0. */
  stopLimitPrice: number;
  fee: number;
  closeComment: string;
  /** Lots closed so far. */
  closeLots: number;
  /** closeLots × contractSize. */
  closeVolume: number;
  /** UTC ms. */
  openTimestampUTC: number;
  /** UTC ms; 0 while open. */
  closeTimestampUTC: number;
  /** Server time `YYYY-MM-DDTHH:mm:ss`; "" when none. */
  expirationTime: string;
}

/** Position detail (spec §4 rule 2). */
export type ApiPositionDetail = ApiPositionRecord & { netProfit: number };

/** What the engine does not keep on a position; the caller may know it from the opening order. */
export interface PositionExtras {
  fillPolicy?: FillPolicy;
  requestId?: number;
  /** Profit currency → deposit currency rate at the record's time. */
  profitRate?: number;
  /**
   * Closed positions: the placedType of the final exit deal (OnSL, OnTP, OnStopOut, …) when the
   * caller knows it and `deals` do not hold that deal.
   */
  closePlacedType?: PlacedType;
}

const DEFAULT_FILL_POLICY: FillPolicy = "FillOrKill";
const DEFAULT_EXPIRATION: ExpirationType = "GTC";
const UNIT_SCALE = 1e8;

/** lots × contractSize, rounded to 1e-8 so 0.1 × 100 000 is 10 000, not 10 000.000000000002. */
export function lotsToUnits(lots: number, contractSize: number): number {
  const units = Math.round(lots * contractSize * UNIT_SCALE) / UNIT_SCALE;
  return units === 0 ? 0 : units;
}

/** Server time string of `ms`, or "" when `ms` is 0 (not set). */
function serverTimeOrEmpty(ms: number): string {
  return ms > 0 ? formatServerTime(ms) : "";
}

/** Spec §2.2 Deal of a broker deal. */
export function toDeal(d: DealRecord): ApiDeal {
  return {
    ticket: d.ticket,
    positionTicket: d.positionTicket,
    type: d.type,
    entry: d.entry,
    symbol: d.symbol,
    lots: d.volume,
    openPrice: d.price,
    profit: d.profit,
    swap: d.swap,
    commission: d.commission,
    fee: d.fee,
    comment: d.comment,
    placedType: d.placedType,
    time: formatServerTime(d.timeMs),
    timestampUTC: d.timeMs,
  };
}

function byTimeThenTicket(a: DealRecord, b: DealRecord): number {
  return a.timeMs - b.timeMs || a.ticket - b.ticket;
}

/** The position's fill and close legs among `deals` (see header). */
function dealLegs(
  positionTicket: number,
  deals: readonly DealRecord[] | undefined,
): { fills: ApiDeal[]; closes: ApiDeal[] } {
  const fills: ApiDeal[] = [];
  const closes: ApiDeal[] = [];
  if (deals === undefined) {
    return { fills, closes };
  }
  const own = deals.filter((d) => d.positionTicket === positionTicket).sort(byTimeThenTicket);
  for (const d of own) {
    if (d.entry === "DealEntryIn" || d.entry === "DealEntryInOut") {
      fills.push(toDeal(d));
    } else {
      closes.push(toDeal(d));
    }
  }
  return { fills, closes };
}

function sideDealType(side: string): string {
  return side.startsWith("Buy") ? "DealBuy" : "DealSell";
}

/** The fields shared by open and closed positions. */
function positionBase(
  p: PositionRecord,
  spec: RecordSymbol,
  deals: readonly DealRecord[] | undefined,
  extras: PositionExtras,
  lots: number,
): ApiPositionRecord {
  const { fills, closes } = dealLegs(p.ticket, deals);
  return {
    ticket: p.ticket,
    symbol: p.symbol,
    orderType: p.orderType,
    lots,
    openPrice: p.openPrice,
    stopLoss: p.stopLoss,
    takeProfit: p.takeProfit,
    profit: p.profit,
    swap: p.swap,
    commission: p.commission,
    comment: p.comment,
    openTime: formatServerTime(p.openMs),
    closePrice: 0,
    closeTime: "",
    dealType: sideDealType(p.orderType),
    digits: spec.digits,
    contractSize: spec.contractSize,
    volume: lotsToUnits(lots, spec.contractSize),
    state: "Filled",
    fillPolicy: extras.fillPolicy ?? DEFAULT_FILL_POLICY,
    expirationType: DEFAULT_EXPIRATION,
    expertId: p.expertId,
    dealInternalIn: p.dealInTicket,
    dealInternalOut: p.dealOutTicket,
    orderInternal: p.ticket,
    partialCloseDeals: closes,
    partialFillDeals: fills,
    placedType: p.placedType,
    profitRate: extras.profitRate ?? 1,
    requestId: extras.requestId ?? 0,
    stopLimitPrice: 0,
    fee: p.fee,
    closeComment: "",
    closeLots: p.closedVolume,
    closeVolume: lotsToUnits(p.closedVolume, spec.contractSize),
    openTimestampUTC: p.openMs,
    closeTimestampUTC: 0,
    expirationTime: "",
  };
}

/** Spec §2.4 record of an open position (close fields empty while open; see header). */
export function toPositionRecord(
  p: PositionRecord,
  spec: RecordSymbol,
  deals?: readonly DealRecord[],
  extras: PositionExtras = {},
): ApiPositionRecord {
  return positionBase(p, spec, deals, extras, p.volume);
}

/**
 * Spec §2.4 record of a closed position (closed-session list): close price, time and comment of
 * the final exit; lots = the closed volume; placedType = how it was closed, the placedType of the
 * final exit deal (among `deals`, else `extras.closePlacedType`, else the position's own).
 */
export function toClosedPositionRecord(
  p: PositionRecord,
  spec: RecordSymbol,
  deals?: readonly DealRecord[],
  extras: PositionExtras = {},
): ApiPositionRecord {
  const lots = p.volume > 0 ? p.volume : p.closedVolume;
  const exit = deals?.find((d) => d.ticket === p.dealOutTicket && p.dealOutTicket !== 0);
  return {
    ...positionBase(p, spec, deals, extras, lots),
    placedType: exit?.placedType ?? extras.closePlacedType ?? p.placedType,
    closePrice: p.closePrice,
    closeTime: serverTimeOrEmpty(p.closeMs),
    closeComment: p.closeComment,
    closeTimestampUTC: p.closeMs,
  };
}

/** Spec §2.4 record of a resting pending order (see header). */
export function toPendingOrderRecord(
  o: OrderRecord,
  spec: RecordSymbol,
  extras: Pick<PositionExtras, "profitRate"> = {},
): ApiPositionRecord {
  return {
    ticket: o.ticket,
    symbol: o.symbol,
    orderType: o.orderType,
    lots: o.volumeCurrent,
    openPrice: o.price,
    stopLoss: o.stopLoss,
    takeProfit: o.takeProfit,
    profit: 0,
    swap: 0,
    commission: 0,
    comment: o.comment,
    openTime: formatServerTime(o.setupMs),
    closePrice: 0,
    closeTime: "",
    dealType: sideDealType(o.orderType),
    digits: spec.digits,
    contractSize: spec.contractSize,
    volume: lotsToUnits(o.volumeCurrent, spec.contractSize),
    state: o.state,
    fillPolicy: o.fillPolicy,
    expirationType: o.expirationType,
    expertId: o.expertId,
    dealInternalIn: 0,
    dealInternalOut: 0,
    orderInternal: o.ticket,
    partialCloseDeals: [],
    partialFillDeals: [],
    placedType: o.placedType,
    profitRate: extras.profitRate ?? 1,
    requestId: o.requestId,
    stopLimitPrice: o.stopLimitPrice,
    fee: 0,
    closeComment: "",
    closeLots: 0,
    closeVolume: 0,
    openTimestampUTC: o.setupMs,
    closeTimestampUTC: 0,
    expirationTime: serverTimeOrEmpty(o.expirationMs),
  };
}

/** Position detail: the record plus netProfit = profit + swap + commission (2 decimals). */
export function withNetProfit(record: ApiPositionRecord): ApiPositionDetail {
  return { ...record, netProfit: netProfit(record) };
}

/** An order of the order history: one in a final state (see header). */
export interface ApiHistoryOrder {
  ticket: number;
  symbol: string;
  /** Buy, Sell, BuyLimit, …, CloseBy. */
  orderType: string;
  /** Final state: Filled, Cancelled, Expired or Rejected. */
  state: string;
  /** Requested volume, lots. */
  lots: number;
  /** Volume filled before the order left the book, lots. */
  filledLots: number;
  /** Order price; for a market order the price the client saw (0 when none). */
  openPrice: number;
  stopLimitPrice: number;
  stopLoss: number;
  takeProfit: number;
  digits: number;
  fillPolicy: string;
  expirationType: string;
  /** Server time; "" when none. */
  expirationTime: string;
  /** Position the order opened, changed or closed; 0 if none. */
  positionTicket: number;
  /** Close-by: the opposite position; else 0. */
  positionByTicket: number;
  expertId: number;
  comment: string;
  /** Why it was placed: Manually, ByExpert, OnSL, OnTP, OnStopOut, … */
  placedType: string;
  clientOrderId: string;
  /** Setup time, server time `YYYY-MM-DDTHH:mm:ss`. */
  setupTime: string;
  setupTimestampUTC: number;
  /** When it reached its final state, server time. */
  doneTime: string;
  doneTimestampUTC: number;
}

const LOT_SCALE = 1e8;

/** An order of the order history (see header). */
export function toHistoryOrder(o: OrderRecord, spec: RecordSymbol): ApiHistoryOrder {
  const filled = Math.round((o.volumeInitial - o.volumeCurrent) * LOT_SCALE) / LOT_SCALE;
  return {
    ticket: o.ticket,
    symbol: o.symbol,
    orderType: o.orderType,
    state: o.state,
    lots: o.volumeInitial,
    filledLots: Math.max(filled, 0),
    openPrice: o.price,
    stopLimitPrice: o.stopLimitPrice,
    stopLoss: o.stopLoss,
    takeProfit: o.takeProfit,
    digits: spec.digits,
    fillPolicy: o.fillPolicy,
    expirationType: o.expirationType,
    expirationTime: serverTimeOrEmpty(o.expirationMs),
    positionTicket: o.positionTicket,
    positionByTicket: o.positionByTicket,
    expertId: o.expertId,
    comment: o.comment,
    placedType: o.placedType,
    clientOrderId: o.clientOrderId,
    setupTime: formatServerTime(o.setupMs),
    setupTimestampUTC: o.setupMs,
    doneTime: serverTimeOrEmpty(o.doneMs),
    doneTimestampUTC: o.doneMs,
  };
}
