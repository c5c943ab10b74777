// biome-ignore-all lint/correctness/noUnusedVariables: EA handlers are called by the runtime, not by this file
// biome-ignore-all lint/correctness/noUnusedFunctionParameters: handler signatures are MQL5's
// Moving-average crossover EA (JavaScript).
// Opens one position per signal: buy when the fast MA crosses above the slow MA on a closed bar,
// sell on the opposite cross, and closes an opposite position first. Stops in points.

const FastPeriod = input.int(10);
const SlowPeriod = input.int(30);
const MaMethod = input.enum(ENUM_MA_METHOD, MODE_EMA);
const Lots = input.double(0.1);
const StopLossPoints = input.int(200);
const TakeProfitPoints = input.int(400);
const MagicNumber = input.int(20240101);

const trade = new CTrade();
const position = new CPositionInfo();
let fastHandle = INVALID_HANDLE;
let slowHandle = INVALID_HANDLE;
let lastBarTime = 0;

function OnInit() {
  if (FastPeriod >= SlowPeriod) {
    Print("FastPeriod must be smaller than SlowPeriod");
    return INIT_PARAMETERS_INCORRECT;
  }
  fastHandle = iMA(_Symbol, PERIOD_CURRENT, FastPeriod, 0, MaMethod, PRICE_CLOSE);
  slowHandle = iMA(_Symbol, PERIOD_CURRENT, SlowPeriod, 0, MaMethod, PRICE_CLOSE);
  if (fastHandle === INVALID_HANDLE || slowHandle === INVALID_HANDLE) {
    PrintFormat("cannot create indicators, error %d", GetLastError());
    return INIT_FAILED;
  }
  trade.SetExpertMagicNumber(MagicNumber);
  trade.SetDeviationInPoints(10);
  trade.SetTypeFillingBySymbol(_Symbol);
  return INIT_SUCCEEDED;
}

function OnDeinit(reason) {
  IndicatorRelease(fastHandle);
  IndicatorRelease(slowHandle);
  PrintFormat("stopped, reason %d", reason);
}

function OnTick() {
  // Act once per bar, on the bars that just closed (index 1 and 2 in series order).
  const barTime = iTime(_Symbol, PERIOD_CURRENT, 0);
  if (barTime === 0 || barTime === lastBarTime) {
    return;
  }
  const fast = [];
  const slow = [];
  ArraySetAsSeries(fast, true);
  ArraySetAsSeries(slow, true);
  if (CopyBuffer(fastHandle, 0, 1, 2, fast) !== 2 || CopyBuffer(slowHandle, 0, 1, 2, slow) !== 2) {
    return; // not enough history yet
  }
  lastBarTime = barTime;
  const crossedUp = fast[1] <= slow[1] && fast[0] > slow[0];
  const crossedDown = fast[1] >= slow[1] && fast[0] < slow[0];
  if (!crossedUp && !crossedDown) {
    return;
  }
  if (position.SelectByMagic(_Symbol, MagicNumber)) {
    const isBuy = position.PositionType() === POSITION_TYPE_BUY;
    if ((isBuy && crossedUp) || (!isBuy && crossedDown)) {
      return; // already positioned in the signal's direction
    }
    trade.PositionClose(position.Ticket());
  }
  const ask = SymbolInfoDouble(_Symbol, SYMBOL_ASK);
  const bid = SymbolInfoDouble(_Symbol, SYMBOL_BID);
  if (crossedUp) {
    const sl = StopLossPoints > 0 ? NormalizeDouble(ask - StopLossPoints * _Point, _Digits) : 0;
    const tp = TakeProfitPoints > 0 ? NormalizeDouble(ask + TakeProfitPoints * _Point, _Digits) : 0;
    if (!trade.Buy(Lots, _Symbol, ask, sl, tp, "ma cross up")) {
      PrintFormat("buy failed: %d %s", trade.ResultRetcode(), trade.ResultRetcodeDescription());
    }
  } else {
    const sl = StopLossPoints > 0 ? NormalizeDouble(bid + StopLossPoints * _Point, _Digits) : 0;
    const tp = TakeProfitPoints > 0 ? NormalizeDouble(bid - TakeProfitPoints * _Point, _Digits) : 0;
    if (!trade.Sell(Lots, _Symbol, bid, sl, tp, "ma cross down")) {
      PrintFormat("sell failed: %d %s", trade.ResultRetcode(), trade.ResultRetcodeDescription());
    }
  }
}

function OnTradeTransaction(trans, request, result) {
  if (trans.type === TRADE_TRANSACTION_DEAL_ADD) {
    PrintFormat("deal #%d on %s, volume %.2f", trans.deal, trans.symbol, trans.volume);
  }
}
