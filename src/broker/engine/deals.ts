// Deal booking: turns a fill into deals (in, out, netting in/out reversal, out-by) and applies
// each to the account's balance and its positions, with the realised profit of every exit; and
// balance / credit operations, which are deals too.

import type { SymbolSpec } from "../symbols.ts";
import type { Market } from "./market.ts";
import type { LiveAccount, LivePosition } from "./model.ts";
import { EPS, profitInProfitCurrency, roundMoney, roundVolume } from "./money.ts";
import type { Mutation } from "./mutation.ts";
import { convertMoney, opposite } from "./risk.ts";
import type { PositionEventKind } from "./states.ts";
import { POSITION_RECORD_STATE, transitionPosition } from "./states.ts";
import { armStops, disarmStops } from "./triggers.ts";
import type {
  DealEntry,
  DealRecord,
  OrderRecord,
  PositionRecord,
  PositionSide,
  TicketSource,
} from "./types.ts";

export class Deals {
  /** Realised profit of open positions' exits so far (closed record's `profit`). */
  private readonly realized = new WeakMap<LivePosition, number>();

  constructor(
    private readonly market: Market,
    private readonly ids: TicketSource,
  ) {}

  /**
   * Books one fill of `order`: a deal and its effect on positions. `closing`: the position an
   * explicit closing order (hedging `position`, SL/TP, stop-out, close request) reduces.
   */
  fill(
    acc: LiveAccount,
    spec: SymbolSpec,
    order: OrderRecord,
    side: PositionSide,
    volume: number,
    price: number,
    m: Mutation,
    closing?: LivePosition,
  ): void {
    if (closing) {
      order.positionTicket = closing.record.ticket;
      const kind: PositionEventKind = order.placedType === "OnStopOut" ? "stopOut" : "close";
      this.exitDeal(closing, volume, price, order, "DealEntryOut", kind, m, order.comment);
      return;
    }
    if (acc.record.marginMode === "netting") {
      const pos = acc.bySymbol.get(spec.name);
      if (pos && pos.record.orderType !== side) {
        order.positionTicket = pos.record.ticket;
        if (volume <= pos.record.volume + EPS) {
          this.exitDeal(pos, volume, price, order, "DealEntryOut", "close", m, order.comment);
        } else {
          this.reverseDeal(pos, volume, price, order, m);
        }
        return;
      }
      if (pos) {
        order.positionTicket = pos.record.ticket;
        this.increaseDeal(pos, volume, price, order, m);
        return;
      }
    } else {
      // A FlashFill order filling in parts keeps adding to the position it opened.
      const own = acc.positions.get(order.ticket);
      if (own) {
        order.positionTicket = own.record.ticket;
        this.increaseDeal(own, volume, price, order, m);
        return;
      }
    }
    this.openDeal(acc, spec, side, volume, price, order, m);
  }

  /** A deal reducing (or closing) `pos` by `volume` at `price`. */
  exitDeal(
    pos: LivePosition,
    volume: number,
    price: number,
    order: OrderRecord,
    entry: DealEntry,
    kind: PositionEventKind,
    m: Mutation,
    comment: string,
  ): void {
    const r = pos.record;
    const full = volume >= r.volume - EPS;
    const closeVolume = full ? r.volume : volume;
    const deal = this.newDeal(
      pos.account,
      pos.spec,
      order,
      opposite(r.orderType),
      entry,
      r.ticket,
      closeVolume,
      price,
      m,
    );
    deal.comment = comment;
    deal.profit = this.realisedProfit(pos, closeVolume, price);
    deal.swap = full ? r.swap : roundMoney((r.swap * closeVolume) / r.volume);
    this.postDeal(pos.account, deal, m);
    this.realized.set(pos, roundMoney((this.realized.get(pos) ?? 0) + deal.profit));
    r.swap = roundMoney(r.swap - deal.swap);
    r.commission = roundMoney(r.commission + deal.commission);
    r.closedVolume = roundVolume(r.closedVolume + closeVolume);
    r.dealOutTicket = deal.ticket;
    r.closePrice = price;
    r.updateMs = m.time;
    if (full) {
      transitionPosition(r, kind); // → Closed
      r.volume = 0;
      r.closeMs = m.time;
      r.closeComment = comment;
      r.priceCurrent = price;
      r.profit = this.realized.get(pos) ?? deal.profit;
      dropPosition(pos);
      m.events.push({ type: "positionClosed", position: { ...r } });
    } else {
      transitionPosition(r, "partialClose");
      r.volume = roundVolume(r.volume - closeVolume);
      m.events.push({ type: "positionUpdated", position: this.market.view(pos) });
    }
  }

  /** A balance or credit operation, booked as a DealBalance / DealCredit deal. */
  bookBalance(
    acc: LiveAccount,
    kind: "balance" | "credit",
    amount: number,
    comment: string,
    m: Mutation,
  ): DealRecord {
    const deal: DealRecord = {
      ticket: this.ids.deal(),
      login: acc.record.login,
      orderTicket: 0,
      positionTicket: 0,
      symbol: "",
      type: kind === "balance" ? "DealBalance" : "DealCredit",
      entry: "DealEntryIn",
      volume: 0,
      price: 0,
      profit: amount,
      swap: 0,
      commission: 0,
      fee: 0,
      comment,
      timeMs: m.time,
      expertId: 0,
      placedType: "ByDealer",
    };
    if (kind === "balance") {
      acc.record.balance = roundMoney(acc.record.balance + amount);
    } else {
      acc.record.credit = roundMoney(acc.record.credit + amount);
    }
    m.deals.push(deal);
    m.events.push({ type: "dealAdded", deal: { ...deal } });
    m.balanceDirty.add(acc);
    m.riskDirty.add(acc);
    return deal;
  }

  private newDeal(
    acc: LiveAccount,
    spec: SymbolSpec,
    order: OrderRecord,
    side: PositionSide,
    entry: DealEntry,
    positionTicket: number,
    volume: number,
    price: number,
    m: Mutation,
  ): DealRecord {
    return {
      ticket: this.ids.deal(),
      login: acc.record.login,
      orderTicket: order.ticket,
      positionTicket,
      symbol: spec.name,
      type: side === "Buy" ? "DealBuy" : "DealSell",
      entry,
      volume,
      price,
      profit: 0,
      swap: 0,
      commission: this.market.commission(acc, spec, volume),
      fee: 0,
      comment: order.comment,
      timeMs: m.time,
      expertId: order.expertId,
      placedType: order.placedType,
    };
  }

  private postDeal(acc: LiveAccount, deal: DealRecord, m: Mutation): void {
    acc.record.balance = roundMoney(
      acc.record.balance + deal.profit + deal.swap + deal.commission + deal.fee,
    );
    m.deals.push(deal);
    m.events.push({ type: "dealAdded", deal: { ...deal } });
    m.balanceDirty.add(acc);
    m.riskDirty.add(acc);
  }

  private openDeal(
    acc: LiveAccount,
    spec: SymbolSpec,
    side: PositionSide,
    volume: number,
    price: number,
    order: OrderRecord,
    m: Mutation,
  ): void {
    const deal = this.newDeal(
      acc,
      spec,
      order,
      side,
      "DealEntryIn",
      order.ticket,
      volume,
      price,
      m,
    );
    this.postDeal(acc, deal, m);
    const record: PositionRecord = {
      ticket: order.ticket,
      login: acc.record.login,
      symbol: spec.name,
      orderType: side,
      volume,
      openPrice: price,
      openMs: m.time,
      updateMs: m.time,
      stopLoss: order.stopLoss,
      takeProfit: order.takeProfit,
      profit: 0,
      swap: 0,
      commission: deal.commission,
      fee: 0,
      priceCurrent: price,
      expertId: order.expertId,
      comment: order.comment,
      placedType: order.placedType,
      dealInTicket: deal.ticket,
      dealOutTicket: 0,
      closedVolume: 0,
      closePrice: 0,
      closeMs: 0,
      closeComment: "",
      state: POSITION_RECORD_STATE.Open,
    };
    const pos: LivePosition = { record, spec, account: acc, sl: undefined, tp: undefined };
    acc.positions.set(record.ticket, pos);
    if (acc.record.marginMode === "netting") {
      acc.bySymbol.set(spec.name, pos);
    }
    order.positionTicket = record.ticket;
    armStops(this.market, pos);
    m.events.push({ type: "positionOpened", position: this.market.view(pos) });
  }

  private increaseDeal(
    pos: LivePosition,
    volume: number,
    price: number,
    order: OrderRecord,
    m: Mutation,
  ): void {
    const r = pos.record;
    transitionPosition(r, "increase");
    const deal = this.newDeal(
      pos.account,
      pos.spec,
      order,
      r.orderType,
      "DealEntryIn",
      r.ticket,
      volume,
      price,
      m,
    );
    this.postDeal(pos.account, deal, m);
    const total = roundVolume(r.volume + volume);
    r.openPrice = (r.openPrice * r.volume + price * volume) / total;
    r.volume = total;
    r.commission = roundMoney(r.commission + deal.commission);
    r.updateMs = m.time;
    if (order.stopLoss !== 0 || order.takeProfit !== 0) {
      r.stopLoss = order.stopLoss;
      r.takeProfit = order.takeProfit;
    }
    armStops(this.market, pos);
    m.events.push({ type: "positionUpdated", position: this.market.view(pos) });
  }

  /** Realised profit of closing `volume` of `pos` at `price`, deposit currency, rounded. */
  private realisedProfit(pos: LivePosition, volume: number, price: number): number {
    const r = pos.record;
    const raw = profitInProfitCurrency(pos.spec, r.orderType, volume, r.openPrice, price);
    // A missing conversion quote is an edge of start-up; book at par rather than lose the deal.
    const booked = convertMoney(
      this.market.conv,
      raw,
      pos.spec.profitCurrency,
      pos.account.record.currency,
      this.market.deskOf(pos.account).look,
    );
    return roundMoney(booked ?? raw);
  }

  /** Netting reversal: one DealEntryInOut closes the position and opens the rest the other way. */
  private reverseDeal(
    pos: LivePosition,
    volume: number,
    price: number,
    order: OrderRecord,
    m: Mutation,
  ): void {
    const r = pos.record;
    transitionPosition(r, "reverse");
    const side = opposite(r.orderType);
    const deal = this.newDeal(
      pos.account,
      pos.spec,
      order,
      side,
      "DealEntryInOut",
      r.ticket,
      volume,
      price,
      m,
    );
    deal.profit = this.realisedProfit(pos, r.volume, price);
    deal.swap = r.swap;
    this.postDeal(pos.account, deal, m);
    r.closedVolume = roundVolume(r.closedVolume + r.volume);
    r.orderType = side;
    r.volume = roundVolume(volume - r.volume);
    r.openPrice = price;
    r.openMs = m.time;
    r.updateMs = m.time;
    r.swap = 0;
    r.commission = deal.commission;
    r.dealInTicket = deal.ticket;
    r.stopLoss = order.stopLoss;
    r.takeProfit = order.takeProfit;
    this.realized.delete(pos);
    armStops(this.market, pos);
    m.events.push({ type: "positionUpdated", position: this.market.view(pos) });
  }
}

/** Removes a closed position from its account and its SL/TP from the trigger books. */
function dropPosition(pos: LivePosition): void {
  const acc = pos.account;
  acc.positions.delete(pos.record.ticket);
  if (acc.bySymbol.get(pos.record.symbol) === pos) {
    acc.bySymbol.delete(pos.record.symbol);
  }
  disarmStops(pos);
}
