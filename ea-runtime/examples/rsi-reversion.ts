// biome-ignore-all lint/correctness/noUnusedVariables: EA handlers are called by the runtime, not by this file
// biome-ignore-all lint/correctness/noUnusedFunctionParameters: handler signatures are MQL5's
// RSI mean-reversion EA (TypeScript) using raw OrderSend with MqlTradeRequest/MqlTradeResult.
// Buys when RSI leaves the oversold zone, sells when it leaves the overbought zone, with an
// ATR-based stop. Checks the account once a minute on a timer.

const RsiPeriod = input.int(14);
const Oversold = input.double(30);
const Overbought = input.double(70);
const AtrPeriod = input.int(14);
const AtrStopMultiplier = input.double(2.0);
const Lots = input.double(0.1);
const Timeframe = input.enum(ENUM_TIMEFRAMES, PERIOD_CURRENT);
const UseTimer = input.bool(true);
const Magic = input.int(7001);

let rsiHandle: number = INVALID_HANDLE;
let atrHandle: number = INVALID_HANDLE;
let previousRsi = 50;

function OnInit(): number {
  rsiHandle = iRSI(_Symbol, Timeframe, RsiPeriod, PRICE_CLOSE);
  atrHandle = iATR(_Symbol, Timeframe, AtrPeriod);
  if (rsiHandle === INVALID_HANDLE || atrHandle === INVALID_HANDLE) {
    return INIT_FAILED;
  }
  if (UseTimer) {
    EventSetTimer(60);
  }
  return INIT_SUCCEEDED;
}

function OnDeinit(reason: number): void {
  EventKillTimer();
}

function hasPosition(): boolean {
  for (let i = PositionsTotal() - 1; i >= 0; i--) {
    const ticket: number = PositionGetTicket(i);
    if (
      ticket > 0 &&
      PositionGetString(POSITION_SYMBOL) === _Symbol &&
      PositionGetInteger(POSITION_MAGIC) === Magic
    ) {
      return true;
    }
  }
  return false;
}

/** The symbol's filling policy, as CTrade.SetTypeFillingBySymbol picks it (FOK, else IOC). */
function fillingOf(symbol: string): number {
  const modes = SymbolInfoInteger(symbol, SYMBOL_FILLING_MODE);
  if ((modes & SYMBOL_FILLING_FOK) !== 0) {
    return ORDER_FILLING_FOK;
  }
  return (modes & SYMBOL_FILLING_IOC) !== 0 ? ORDER_FILLING_IOC : ORDER_FILLING_RETURN;
}

function send(type: number, price: number, sl: number): void {
  const request = new MqlTradeRequest();
  const result = new MqlTradeResult();
  request.action = TRADE_ACTION_DEAL;
  request.symbol = _Symbol;
  request.volume = Lots;
  request.type = type;
  request.price = price;
  request.sl = NormalizeDouble(sl, _Digits);
  request.deviation = 10;
  request.magic = Magic;
  request.type_filling = fillingOf(_Symbol);
  request.comment = "rsi reversion";
  if (!OrderSend(request, result)) {
    PrintFormat("OrderSend failed: retcode %d, error %d", result.retcode, GetLastError());
    return;
  }
  PrintFormat(
    "%s %.2f at %.5f, deal #%d",
    type === ORDER_TYPE_BUY ? "bought" : "sold",
    result.volume,
    result.price,
    result.deal,
  );
}

function OnTick(): void {
  const rsi: number[] = [];
  const atr: number[] = [];
  if (CopyBuffer(rsiHandle, 0, 1, 1, rsi) !== 1 || CopyBuffer(atrHandle, 0, 1, 1, atr) !== 1) {
    return;
  }
  const current = rsi[0] ?? 50;
  const tick = new MqlTick();
  if (!SymbolInfoTick(_Symbol, tick)) {
    return;
  }
  if (!hasPosition()) {
    const stop = (atr[0] ?? 0) * AtrStopMultiplier;
    if (previousRsi < Oversold && current >= Oversold) {
      send(ORDER_TYPE_BUY, tick.ask, tick.bid - stop);
    } else if (previousRsi > Overbought && current <= Overbought) {
      send(ORDER_TYPE_SELL, tick.bid, tick.ask + stop);
    }
  }
  previousRsi = current;
  Comment(`RSI(${RsiPeriod}) = ${DoubleToString(current, 2)}`);
}

function OnTimer(): void {
  PrintFormat(
    "balance %.2f equity %.2f free margin %.2f",
    AccountInfoDouble(ACCOUNT_BALANCE),
    AccountInfoDouble(ACCOUNT_EQUITY),
    AccountInfoDouble(ACCOUNT_MARGIN_FREE),
  );
}
