/**
 * MQL5 Standard Library trade classes: CTrade, CPositionInfo, COrderInfo, CDealInfo,
 * CSymbolInfo, CAccountInfo, modelled on MetaQuotes' Trade/*.mqh.
 *
 * Owns: request building (CTrade fills one MqlTradeRequest per operation exactly as Trade.mqh
 * does, then calls OrderSend / OrderSendAsync) and the info-class accessors, all implemented on
 * top of the global MQL5 functions so that they behave identically.
 * Must not import anything outside ea-runtime/src/runtime.
 */

import {
  ACCOUNT_DOUBLE_PROPS as AD,
  ACCOUNT_INTEGER_PROPS as AI,
  ACCOUNT_STRING_PROPS as AS,
  DEAL_DOUBLE_PROPS as DD,
  DEAL_INTEGER_PROPS as DI,
  DEAL_STRING_PROPS as DS,
  ORDER_DOUBLE_PROPS as OD,
  ORDER_INTEGER_PROPS as OI,
  ORDER_STRING_PROPS as OS,
  POSITION_DOUBLE_PROPS as PD,
  POSITION_INTEGER_PROPS as PI,
  POSITION_STRING_PROPS as PS,
  retcodeDescription,
  SYMBOL_DOUBLE_PROPS as SD,
  SYMBOL_INTEGER_PROPS as SI,
  SYMBOL_STRING_PROPS as SS,
} from "./constants.ts";
import { normalizeDouble } from "./format.ts";
import {
  assignFields,
  CHECK_RESULT_FIELDS,
  MqlTradeCheckResult,
  MqlTradeRequest,
  MqlTradeResult,
  REQUEST_FIELDS,
  RESULT_FIELDS,
} from "./structs.ts";

type Fn = (...args: unknown[]) => unknown;

/** The global API functions the classes are built on. */
export type ApiTable = Readonly<Record<string, unknown>>;

const ORDER_TYPE_NAMES = [
  "buy",
  "sell",
  "buy limit",
  "sell limit",
  "buy stop",
  "sell stop",
  "buy stop limit",
  "sell stop limit",
  "close by",
];

export function stdlibClasses(api: ApiTable): Record<string, unknown> {
  const fn = (name: string): Fn => {
    const f = api[name];
    if (typeof f !== "function") {
      throw new Error(`runtime: missing ${name}`);
    }
    return (...args: unknown[]) => Reflect.apply(f, undefined, args);
  };
  const num = (name: string) => {
    const f = fn(name);
    return (...args: unknown[]): number => Number(f(...args));
  };
  const str = (name: string) => {
    const f = fn(name);
    return (...args: unknown[]): string => String(f(...args));
  };
  const bool = (name: string) => {
    const f = fn(name);
    return (...args: unknown[]): boolean => f(...args) === true;
  };
  const p = (t: Readonly<Record<string, number>>, k: string): number => t[k] ?? -1;

  const symbolDouble = num("SymbolInfoDouble");
  const symbolInteger = num("SymbolInfoInteger");
  const symbolString = str("SymbolInfoString");
  const chartSymbol = str("Symbol");
  const orderSend = bool("OrderSend");
  const orderSendAsync = bool("OrderSendAsync");
  const orderCheck = bool("OrderCheck");
  const positionSelect = bool("PositionSelect");
  const positionSelectByTicket = bool("PositionSelectByTicket");
  const positionGetTicket = num("PositionGetTicket");
  const positionsTotal = num("PositionsTotal");
  const posD = num("PositionGetDouble");
  const posI = num("PositionGetInteger");
  const posS = str("PositionGetString");
  const orderSelect = bool("OrderSelect");
  const orderGetTicket = num("OrderGetTicket");
  const ordD = num("OrderGetDouble");
  const ordI = num("OrderGetInteger");
  const ordS = str("OrderGetString");
  const dealGetTicket = num("HistoryDealGetTicket");
  const dealD = num("HistoryDealGetDouble");
  const dealI = num("HistoryDealGetInteger");
  const dealS = str("HistoryDealGetString");
  const accD = num("AccountInfoDouble");
  const accI = num("AccountInfoInteger");
  const accS = str("AccountInfoString");
  const print = fn("Print");

  const sym = (s: unknown): string => (typeof s === "string" && s !== "" ? s : chartSymbol());
  const HEDGING = 2; // ACCOUNT_MARGIN_MODE_RETAIL_HEDGING
  const orderCalcMargin = bool("OrderCalcMargin");
  const orderCalcProfit = bool("OrderCalcProfit");
  /** EMPTY_VALUE: what CAccountInfo's checks answer when the terminal cannot compute. */
  const EMPTY_VALUE = Number.MAX_VALUE;

  class CTrade {
    protected m_request = new MqlTradeRequest();
    protected m_result = new MqlTradeResult();
    protected m_check_result = new MqlTradeCheckResult();
    protected m_magic = 0;
    protected m_deviation = 10;
    protected m_type_filling = 0;
    protected m_async_mode = false;
    protected m_log_level = 1;

    SetExpertMagicNumber(magic: number): void {
      this.m_magic = magic;
    }
    SetDeviationInPoints(deviation: number): void {
      this.m_deviation = deviation;
    }
    SetTypeFilling(filling: number): void {
      this.m_type_filling = filling;
    }
    SetTypeFillingBySymbol(symbol: string): boolean {
      const filling = symbolInteger(sym(symbol), p(SI, "SYMBOL_FILLING_MODE"));
      if ((filling & 1) === 1) {
        this.m_type_filling = 0;
        return true;
      }
      if ((filling & 2) === 2) {
        this.m_type_filling = 1;
        return true;
      }
      return false;
    }
    SetAsyncMode(mode: boolean): void {
      this.m_async_mode = mode;
    }
    SetMarginMode(): void {}
    LogLevel(level: number): void {
      this.m_log_level = level;
    }

    protected clear(): void {
      this.m_request = new MqlTradeRequest();
      this.m_result = new MqlTradeResult();
      this.m_check_result = new MqlTradeCheckResult();
    }

    protected send(what: string): boolean {
      const ok = this.m_async_mode
        ? orderSendAsync(this.m_request, this.m_result)
        : orderSend(this.m_request, this.m_result);
      if (!ok && this.m_log_level > 0) {
        print(`CTrade::OrderSend: ${what} [${retcodeDescription(this.m_result.retcode)}]`);
      }
      return ok;
    }

    PositionOpen(
      symbol: string,
      orderType: number,
      volume: number,
      price: number,
      sl: number,
      tp: number,
      comment = "",
    ): boolean {
      this.clear();
      const r = this.m_request;
      r.action = 1;
      r.symbol = sym(symbol);
      r.magic = this.m_magic;
      r.volume = volume;
      r.type = orderType;
      r.price = price;
      r.sl = sl;
      r.tp = tp;
      r.deviation = this.m_deviation;
      r.type_filling = this.m_type_filling;
      r.comment = comment;
      return this.send(`market ${ORDER_TYPE_NAMES[orderType] ?? orderType} ${volume} ${r.symbol}`);
    }

    Buy(
      volume: number,
      symbol: string | null = null,
      price = 0,
      sl = 0,
      tp = 0,
      comment = "",
    ): boolean {
      const s = sym(symbol);
      const px = price !== 0 ? price : symbolDouble(s, p(SD, "SYMBOL_ASK"));
      return this.PositionOpen(s, 0, volume, px, sl, tp, comment);
    }

    Sell(
      volume: number,
      symbol: string | null = null,
      price = 0,
      sl = 0,
      tp = 0,
      comment = "",
    ): boolean {
      const s = sym(symbol);
      const px = price !== 0 ? price : symbolDouble(s, p(SD, "SYMBOL_BID"));
      return this.PositionOpen(s, 1, volume, px, sl, tp, comment);
    }

    /**
     * Selects the position a symbol-form call acts on, as Trade.mqh does: on a hedging account
     * the first position (in PositionsTotal order) of the symbol with this CTrade's magic number,
     * otherwise the symbol's (netting) position. A ticket selects that position.
     */
    protected selectTarget(target: number | string): boolean {
      if (typeof target === "number") {
        return positionSelectByTicket(target);
      }
      const symbol = sym(target);
      if (accI(p(AI, "ACCOUNT_MARGIN_MODE")) !== HEDGING) {
        return positionSelect(symbol);
      }
      const total = positionsTotal();
      for (let i = 0; i < total; i += 1) {
        if (
          positionGetTicket(i) > 0 &&
          posS(p(PS, "POSITION_SYMBOL")) === symbol &&
          posI(p(PI, "POSITION_MAGIC")) === this.m_magic
        ) {
          return true;
        }
      }
      return false;
    }

    /** PositionModify(ticket | symbol, sl, tp). */
    PositionModify(target: number | string, sl: number, tp: number): boolean {
      if (!this.selectTarget(target)) {
        return false;
      }
      this.clear();
      const r = this.m_request;
      r.action = 6;
      r.symbol = posS(p(PS, "POSITION_SYMBOL"));
      r.magic = this.m_magic;
      r.sl = sl;
      r.tp = tp;
      r.position = posI(p(PI, "POSITION_TICKET"));
      return this.send(`modify position #${r.position} ${r.symbol} (sl: ${sl}, tp: ${tp})`);
    }

    /** PositionClose(ticket | symbol, deviation). */
    PositionClose(target: number | string, deviation = -1): boolean {
      if (!this.selectTarget(target)) {
        return false;
      }
      return this.closeSelected(posD(p(PD, "POSITION_VOLUME")), deviation);
    }

    PositionClosePartial(target: number | string, volume: number, deviation = -1): boolean {
      if (!this.selectTarget(target)) {
        return false;
      }
      return this.closeSelected(Math.min(volume, posD(p(PD, "POSITION_VOLUME"))), deviation);
    }

    PositionCloseBy(ticket: number, ticketBy: number): boolean {
      if (!positionSelectByTicket(ticket)) {
        return false;
      }
      this.clear();
      const r = this.m_request;
      r.action = 10;
      r.symbol = posS(p(PS, "POSITION_SYMBOL"));
      r.position = ticket;
      r.position_by = ticketBy;
      r.magic = this.m_magic;
      return this.send(`close position #${ticket} by #${ticketBy}`);
    }

    protected closeSelected(volume: number, deviation: number): boolean {
      const symbol = posS(p(PS, "POSITION_SYMBOL"));
      const isBuy = posI(p(PI, "POSITION_TYPE")) === 0;
      this.clear();
      const r = this.m_request;
      r.action = 1;
      r.symbol = symbol;
      r.position = posI(p(PI, "POSITION_TICKET"));
      r.volume = volume;
      r.magic = this.m_magic;
      r.deviation = deviation < 0 ? this.m_deviation : deviation;
      r.type = isBuy ? 1 : 0;
      r.price = symbolDouble(symbol, p(SD, isBuy ? "SYMBOL_BID" : "SYMBOL_ASK"));
      r.type_filling = this.m_type_filling;
      return this.send(`close position #${r.position} ${symbol} ${volume}`);
    }

    OrderOpen(
      symbol: string,
      orderType: number,
      volume: number,
      limitPrice: number,
      price: number,
      sl: number,
      tp: number,
      typeTime = 0,
      expiration = 0,
      comment = "",
    ): boolean {
      this.clear();
      const r = this.m_request;
      r.action = 5;
      r.symbol = sym(symbol);
      r.magic = this.m_magic;
      r.volume = volume;
      r.type = orderType;
      r.price = price;
      r.stoplimit = limitPrice;
      r.sl = sl;
      r.tp = tp;
      r.type_time = typeTime;
      r.expiration = expiration;
      r.type_filling = this.m_type_filling;
      r.comment = comment;
      r.deviation = this.m_deviation;
      return this.send(
        `${ORDER_TYPE_NAMES[orderType] ?? orderType} ${volume} ${r.symbol} at ${price}`,
      );
    }

    BuyLimit(
      volume: number,
      price: number,
      symbol: string | null = null,
      sl = 0,
      tp = 0,
      typeTime = 0,
      expiration = 0,
      comment = "",
    ): boolean {
      return this.OrderOpen(
        sym(symbol),
        2,
        volume,
        0,
        price,
        sl,
        tp,
        typeTime,
        expiration,
        comment,
      );
    }
    SellLimit(
      volume: number,
      price: number,
      symbol: string | null = null,
      sl = 0,
      tp = 0,
      typeTime = 0,
      expiration = 0,
      comment = "",
    ): boolean {
      return this.OrderOpen(
        sym(symbol),
        3,
        volume,
        0,
        price,
        sl,
        tp,
        typeTime,
        expiration,
        comment,
      );
    }
    BuyStop(
      volume: number,
      price: number,
      symbol: string | null = null,
      sl = 0,
      tp = 0,
      typeTime = 0,
      expiration = 0,
      comment = "",
    ): boolean {
      return this.OrderOpen(
        sym(symbol),
        4,
        volume,
        0,
        price,
        sl,
        tp,
        typeTime,
        expiration,
        comment,
      );
    }
    SellStop(
      volume: number,
      price: number,
      symbol: string | null = null,
      sl = 0,
      tp = 0,
      typeTime = 0,
      expiration = 0,
      comment = "",
    ): boolean {
      return this.OrderOpen(
        sym(symbol),
        5,
        volume,
        0,
        price,
        sl,
        tp,
        typeTime,
        expiration,
        comment,
      );
    }

    OrderModify(
      ticket: number,
      price: number,
      sl: number,
      tp: number,
      typeTime = 0,
      expiration = 0,
      stoplimit = 0,
    ): boolean {
      if (!orderSelect(ticket)) {
        return false;
      }
      this.clear();
      const r = this.m_request;
      r.action = 7;
      r.symbol = ordS(p(OS, "ORDER_SYMBOL"));
      r.magic = this.m_magic;
      r.order = ticket;
      r.price = price;
      r.stoplimit = stoplimit;
      r.sl = sl;
      r.tp = tp;
      r.type_time = typeTime;
      r.expiration = expiration;
      return this.send(`modify order #${ticket}`);
    }

    OrderDelete(ticket: number): boolean {
      this.clear();
      const r = this.m_request;
      r.action = 8;
      r.magic = this.m_magic;
      r.order = ticket;
      return this.send(`cancel order #${ticket}`);
    }

    OrderCheck(request: unknown, checkResult: unknown): boolean {
      const ok = orderCheck(request, this.m_check_result);
      assignFields(checkResult, this.m_check_result, CHECK_RESULT_FIELDS);
      return ok;
    }

    Request(target: unknown): void {
      assignFields(target, this.m_request, REQUEST_FIELDS);
    }
    RequestAction(): number {
      return this.m_request.action;
    }
    RequestMagic(): number {
      return this.m_request.magic;
    }
    RequestOrder(): number {
      return this.m_request.order;
    }
    RequestSymbol(): string {
      return this.m_request.symbol;
    }
    RequestVolume(): number {
      return this.m_request.volume;
    }
    RequestPrice(): number {
      return this.m_request.price;
    }
    RequestStopLimit(): number {
      return this.m_request.stoplimit;
    }
    RequestSL(): number {
      return this.m_request.sl;
    }
    RequestTP(): number {
      return this.m_request.tp;
    }
    RequestDeviation(): number {
      return this.m_request.deviation;
    }
    RequestType(): number {
      return this.m_request.type;
    }
    RequestTypeFilling(): number {
      return this.m_request.type_filling;
    }
    RequestTypeTime(): number {
      return this.m_request.type_time;
    }
    RequestExpiration(): number {
      return this.m_request.expiration;
    }
    RequestComment(): string {
      return this.m_request.comment;
    }
    RequestPosition(): number {
      return this.m_request.position;
    }
    RequestPositionBy(): number {
      return this.m_request.position_by;
    }
    Result(target: unknown): void {
      assignFields(target, this.m_result, RESULT_FIELDS);
    }
    ResultRetcode(): number {
      return this.m_result.retcode;
    }
    ResultRetcodeDescription(): string {
      return retcodeDescription(this.m_result.retcode);
    }
    ResultRetcodeExternal(): number {
      return this.m_result.retcode_external;
    }
    ResultDeal(): number {
      return this.m_result.deal;
    }
    ResultOrder(): number {
      return this.m_result.order;
    }
    ResultVolume(): number {
      return this.m_result.volume;
    }
    ResultPrice(): number {
      return this.m_result.price;
    }
    ResultBid(): number {
      return this.m_result.bid;
    }
    ResultAsk(): number {
      return this.m_result.ask;
    }
    ResultComment(): string {
      return this.m_result.comment;
    }
    CheckResultRetcode(): number {
      return this.m_check_result.retcode;
    }
    CheckResultMargin(): number {
      return this.m_check_result.margin;
    }
    CheckResultMarginFree(): number {
      return this.m_check_result.margin_free;
    }
    CheckResultComment(): string {
      return this.m_check_result.comment;
    }
  }

  class CPositionInfo {
    Select(symbol: string): boolean {
      return positionSelect(sym(symbol));
    }
    SelectByTicket(ticket: number): boolean {
      return positionSelectByTicket(ticket);
    }
    SelectByIndex(index: number): boolean {
      return positionGetTicket(index) > 0;
    }
    SelectByMagic(symbol: string, magic: number): boolean {
      const total = positionsTotal();
      for (let i = 0; i < total; i += 1) {
        if (
          positionGetTicket(i) > 0 &&
          posS(p(PS, "POSITION_SYMBOL")) === sym(symbol) &&
          posI(p(PI, "POSITION_MAGIC")) === magic
        ) {
          return true;
        }
      }
      return false;
    }
    Ticket(): number {
      return posI(p(PI, "POSITION_TICKET"));
    }
    Time(): number {
      return posI(p(PI, "POSITION_TIME"));
    }
    TimeMsc(): number {
      return posI(p(PI, "POSITION_TIME_MSC"));
    }
    TimeUpdate(): number {
      return posI(p(PI, "POSITION_TIME_UPDATE"));
    }
    PositionType(): number {
      return posI(p(PI, "POSITION_TYPE"));
    }
    TypeDescription(): string {
      return this.PositionType() === 0 ? "buy" : "sell";
    }
    Magic(): number {
      return posI(p(PI, "POSITION_MAGIC"));
    }
    Identifier(): number {
      return posI(p(PI, "POSITION_IDENTIFIER"));
    }
    Volume(): number {
      return posD(p(PD, "POSITION_VOLUME"));
    }
    PriceOpen(): number {
      return posD(p(PD, "POSITION_PRICE_OPEN"));
    }
    StopLoss(): number {
      return posD(p(PD, "POSITION_SL"));
    }
    TakeProfit(): number {
      return posD(p(PD, "POSITION_TP"));
    }
    PriceCurrent(): number {
      return posD(p(PD, "POSITION_PRICE_CURRENT"));
    }
    Commission(): number {
      return 0;
    }
    Swap(): number {
      return posD(p(PD, "POSITION_SWAP"));
    }
    Profit(): number {
      return posD(p(PD, "POSITION_PROFIT"));
    }
    Symbol(): string {
      return posS(p(PS, "POSITION_SYMBOL"));
    }
    Comment(): string {
      return posS(p(PS, "POSITION_COMMENT"));
    }
    InfoInteger(prop: number, holder: unknown): boolean {
      return fn("PositionGetInteger")(prop, holder) === true;
    }
    InfoDouble(prop: number, holder: unknown): boolean {
      return fn("PositionGetDouble")(prop, holder) === true;
    }
    InfoString(prop: number, holder: unknown): boolean {
      return fn("PositionGetString")(prop, holder) === true;
    }
  }

  class COrderInfo {
    Select(ticket: number): boolean {
      return orderSelect(ticket);
    }
    SelectByIndex(index: number): boolean {
      return orderGetTicket(index) > 0;
    }
    Ticket(): number {
      return ordI(p(OI, "ORDER_TICKET"));
    }
    TimeSetup(): number {
      return ordI(p(OI, "ORDER_TIME_SETUP"));
    }
    TimeSetupMsc(): number {
      return ordI(p(OI, "ORDER_TIME_SETUP_MSC"));
    }
    OrderType(): number {
      return ordI(p(OI, "ORDER_TYPE"));
    }
    TypeDescription(): string {
      return ORDER_TYPE_NAMES[this.OrderType()] ?? "unknown";
    }
    State(): number {
      return ordI(p(OI, "ORDER_STATE"));
    }
    TimeExpiration(): number {
      return ordI(p(OI, "ORDER_TIME_EXPIRATION"));
    }
    TimeDone(): number {
      return ordI(p(OI, "ORDER_TIME_DONE"));
    }
    TypeFilling(): number {
      return ordI(p(OI, "ORDER_TYPE_FILLING"));
    }
    TypeTime(): number {
      return ordI(p(OI, "ORDER_TYPE_TIME"));
    }
    Magic(): number {
      return ordI(p(OI, "ORDER_MAGIC"));
    }
    PositionId(): number {
      return ordI(p(OI, "ORDER_POSITION_ID"));
    }
    VolumeInitial(): number {
      return ordD(p(OD, "ORDER_VOLUME_INITIAL"));
    }
    VolumeCurrent(): number {
      return ordD(p(OD, "ORDER_VOLUME_CURRENT"));
    }
    PriceOpen(): number {
      return ordD(p(OD, "ORDER_PRICE_OPEN"));
    }
    StopLoss(): number {
      return ordD(p(OD, "ORDER_SL"));
    }
    TakeProfit(): number {
      return ordD(p(OD, "ORDER_TP"));
    }
    PriceCurrent(): number {
      return ordD(p(OD, "ORDER_PRICE_CURRENT"));
    }
    PriceStopLimit(): number {
      return ordD(p(OD, "ORDER_PRICE_STOPLIMIT"));
    }
    Symbol(): string {
      return ordS(p(OS, "ORDER_SYMBOL"));
    }
    Comment(): string {
      return ordS(p(OS, "ORDER_COMMENT"));
    }
  }

  class CDealInfo {
    protected m_ticket = 0;
    /** Ticket(t) selects, Ticket() returns the selected ticket. */
    Ticket(ticket?: number): number {
      if (ticket !== undefined) {
        this.m_ticket = ticket;
      }
      return this.m_ticket;
    }
    SelectByIndex(index: number): boolean {
      const t = dealGetTicket(index);
      this.m_ticket = t;
      return t > 0;
    }
    Order(): number {
      return dealI(this.m_ticket, p(DI, "DEAL_ORDER"));
    }
    Time(): number {
      return dealI(this.m_ticket, p(DI, "DEAL_TIME"));
    }
    TimeMsc(): number {
      return dealI(this.m_ticket, p(DI, "DEAL_TIME_MSC"));
    }
    DealType(): number {
      return dealI(this.m_ticket, p(DI, "DEAL_TYPE"));
    }
    Entry(): number {
      return dealI(this.m_ticket, p(DI, "DEAL_ENTRY"));
    }
    Magic(): number {
      return dealI(this.m_ticket, p(DI, "DEAL_MAGIC"));
    }
    PositionId(): number {
      return dealI(this.m_ticket, p(DI, "DEAL_POSITION_ID"));
    }
    Volume(): number {
      return dealD(this.m_ticket, p(DD, "DEAL_VOLUME"));
    }
    Price(): number {
      return dealD(this.m_ticket, p(DD, "DEAL_PRICE"));
    }
    Commission(): number {
      return dealD(this.m_ticket, p(DD, "DEAL_COMMISSION"));
    }
    Swap(): number {
      return dealD(this.m_ticket, p(DD, "DEAL_SWAP"));
    }
    Profit(): number {
      return dealD(this.m_ticket, p(DD, "DEAL_PROFIT"));
    }
    Symbol(): string {
      return dealS(this.m_ticket, p(DS, "DEAL_SYMBOL"));
    }
    Comment(): string {
      return dealS(this.m_ticket, p(DS, "DEAL_COMMENT"));
    }
  }

  class CSymbolInfo {
    protected m_name = "";
    /** Name(s) selects the symbol, Name() returns it. */
    Name(name?: string): string | boolean {
      if (name !== undefined) {
        this.m_name = sym(name);
        return true;
      }
      return this.m_name;
    }
    protected n(): string {
      return this.m_name === "" ? chartSymbol() : this.m_name;
    }
    Select(): boolean {
      return bool("SymbolSelect")(this.n(), true);
    }
    Refresh(): boolean {
      return true;
    }
    RefreshRates(): boolean {
      return symbolInteger(this.n(), p(SI, "SYMBOL_TIME_MSC")) > 0;
    }
    Bid(): number {
      return symbolDouble(this.n(), p(SD, "SYMBOL_BID"));
    }
    Ask(): number {
      return symbolDouble(this.n(), p(SD, "SYMBOL_ASK"));
    }
    Last(): number {
      return symbolDouble(this.n(), p(SD, "SYMBOL_LAST"));
    }
    Time(): number {
      return symbolInteger(this.n(), p(SI, "SYMBOL_TIME"));
    }
    Point(): number {
      return symbolDouble(this.n(), p(SD, "SYMBOL_POINT"));
    }
    Digits(): number {
      return symbolInteger(this.n(), p(SI, "SYMBOL_DIGITS"));
    }
    Spread(): number {
      return symbolInteger(this.n(), p(SI, "SYMBOL_SPREAD"));
    }
    StopsLevel(): number {
      return symbolInteger(this.n(), p(SI, "SYMBOL_TRADE_STOPS_LEVEL"));
    }
    FreezeLevel(): number {
      return symbolInteger(this.n(), p(SI, "SYMBOL_TRADE_FREEZE_LEVEL"));
    }
    ContractSize(): number {
      return symbolDouble(this.n(), p(SD, "SYMBOL_TRADE_CONTRACT_SIZE"));
    }
    LotsMin(): number {
      return symbolDouble(this.n(), p(SD, "SYMBOL_VOLUME_MIN"));
    }
    LotsMax(): number {
      return symbolDouble(this.n(), p(SD, "SYMBOL_VOLUME_MAX"));
    }
    LotsStep(): number {
      return symbolDouble(this.n(), p(SD, "SYMBOL_VOLUME_STEP"));
    }
    LotsLimit(): number {
      return symbolDouble(this.n(), p(SD, "SYMBOL_VOLUME_LIMIT"));
    }
    TickSize(): number {
      return symbolDouble(this.n(), p(SD, "SYMBOL_TRADE_TICK_SIZE"));
    }
    TickValue(): number {
      return symbolDouble(this.n(), p(SD, "SYMBOL_TRADE_TICK_VALUE"));
    }
    TradeMode(): number {
      return symbolInteger(this.n(), p(SI, "SYMBOL_TRADE_MODE"));
    }
    CurrencyBase(): string {
      return symbolString(this.n(), p(SS, "SYMBOL_CURRENCY_BASE"));
    }
    CurrencyProfit(): string {
      return symbolString(this.n(), p(SS, "SYMBOL_CURRENCY_PROFIT"));
    }
    CurrencyMargin(): string {
      return symbolString(this.n(), p(SS, "SYMBOL_CURRENCY_MARGIN"));
    }
    Description(): string {
      return symbolString(this.n(), p(SS, "SYMBOL_DESCRIPTION"));
    }
    NormalizePrice(price: number): number {
      const size = this.TickSize();
      if (size !== 0) {
        return normalizeDouble(Math.round(price / size) * size, this.Digits());
      }
      return normalizeDouble(price, this.Digits());
    }
  }

  class CAccountInfo {
    Login(): number {
      return accI(p(AI, "ACCOUNT_LOGIN"));
    }
    TradeMode(): number {
      return accI(p(AI, "ACCOUNT_TRADE_MODE"));
    }
    Leverage(): number {
      return accI(p(AI, "ACCOUNT_LEVERAGE"));
    }
    MarginMode(): number {
      return accI(p(AI, "ACCOUNT_MARGIN_MODE"));
    }
    LimitOrders(): number {
      return accI(p(AI, "ACCOUNT_LIMIT_ORDERS"));
    }
    TradeAllowed(): boolean {
      return accI(p(AI, "ACCOUNT_TRADE_ALLOWED")) !== 0;
    }
    TradeExpert(): boolean {
      return accI(p(AI, "ACCOUNT_TRADE_EXPERT")) !== 0;
    }
    Balance(): number {
      return accD(p(AD, "ACCOUNT_BALANCE"));
    }
    Credit(): number {
      return accD(p(AD, "ACCOUNT_CREDIT"));
    }
    Profit(): number {
      return accD(p(AD, "ACCOUNT_PROFIT"));
    }
    Equity(): number {
      return accD(p(AD, "ACCOUNT_EQUITY"));
    }
    Margin(): number {
      return accD(p(AD, "ACCOUNT_MARGIN"));
    }
    FreeMargin(): number {
      return accD(p(AD, "ACCOUNT_MARGIN_FREE"));
    }
    MarginLevel(): number {
      return accD(p(AD, "ACCOUNT_MARGIN_LEVEL"));
    }
    Currency(): string {
      return accS(p(AS, "ACCOUNT_CURRENCY"));
    }
    Name(): string {
      return accS(p(AS, "ACCOUNT_NAME"));
    }
    Server(): string {
      return accS(p(AS, "ACCOUNT_SERVER"));
    }
    Company(): string {
      return accS(p(AS, "ACCOUNT_COMPANY"));
    }
    /** Margin an order would need (OrderCalcMargin), EMPTY_VALUE when it cannot be computed. */
    MarginCheck(symbol: string, orderType: number, volume: number, price: number): number {
      const m = { value: 0 };
      return orderCalcMargin(orderType, sym(symbol), volume, price, m) ? m.value : EMPTY_VALUE;
    }
    /** Free margin left after such an order, EMPTY_VALUE when its margin cannot be computed. */
    FreeMarginCheck(symbol: string, orderType: number, volume: number, price: number): number {
      const m = { value: 0 };
      if (!orderCalcMargin(orderType, sym(symbol), volume, price, m)) {
        return EMPTY_VALUE;
      }
      return this.FreeMargin() - m.value;
    }
    /** Profit of an order from open to close (OrderCalcProfit), EMPTY_VALUE on failure. */
    OrderProfitCheck(
      symbol: string,
      orderType: number,
      volume: number,
      priceOpen: number,
      priceClose: number,
    ): number {
      const r = { value: 0 };
      return orderCalcProfit(orderType, sym(symbol), volume, priceOpen, priceClose, r)
        ? r.value
        : EMPTY_VALUE;
    }
    /**
     * Largest volume `percent` % of the free margin buys at `price`: free margin × percent / 100
     * over one lot's margin (rounded to 2 decimals), floored to the volume step, 0 below the
     * minimum volume, capped at the maximum; the maximum volume when a lot needs no margin; 0
     * for invalid arguments or when the margin cannot be computed.
     */
    MaxLotCheck(symbol: string, orderType: number, price: number, percent = 100): number {
      const s = sym(symbol);
      if (price <= 0 || percent < 1 || percent > 100) {
        print("CAccountInfo::MaxLotCheck invalid parameters");
        return 0;
      }
      const m = { value: 0 };
      if (!orderCalcMargin(orderType, s, 1, price, m) || m.value < 0) {
        print("CAccountInfo::MaxLotCheck margin calculation failed");
        return 0;
      }
      const maxVolume = symbolDouble(s, p(SD, "SYMBOL_VOLUME_MAX"));
      if (m.value === 0) {
        return maxVolume;
      }
      let volume = normalizeDouble((this.FreeMargin() * percent) / 100 / m.value, 2);
      const step = symbolDouble(s, p(SD, "SYMBOL_VOLUME_STEP"));
      if (step > 0) {
        volume = normalizeDouble(step * Math.floor(volume / step + 1e-9), 8);
      }
      if (volume < symbolDouble(s, p(SD, "SYMBOL_VOLUME_MIN"))) {
        volume = 0;
      }
      return Math.min(volume, maxVolume);
    }
  }

  return { CTrade, CPositionInfo, COrderInfo, CDealInfo, CSymbolInfo, CAccountInfo };
}
