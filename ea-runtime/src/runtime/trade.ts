/**
 * Trade-side MQL5 API: OrderSend/OrderSendAsync/OrderCheck (the only calls that cross to the
 * host, synchronously), OrderCalcProfit/OrderCalcMargin (local, margin.ts), and the position /
 * order / history selection functions, which read the snapshot.
 *
 * Owns: MQL5 selection semantics (a selected record is a copy taken at selection time), property
 * lookups for POSITION_*, ORDER_*, DEAL_* selectors, and the mapping of host answers to
 * MqlTradeResult objects and GetLastError codes.
 * Must not import anything outside ea-runtime/src/runtime.
 */

import {
  DEAL_DOUBLE_PROPS as DD,
  DEAL_INTEGER_PROPS as DI,
  DEAL_STRING_PROPS as DS,
  ERR,
  ORDER_DOUBLE_PROPS as OD,
  ORDER_INTEGER_PROPS as OI,
  ORDER_STRING_PROPS as OS,
  POSITION_DOUBLE_PROPS as PD,
  POSITION_INTEGER_PROPS as PI,
  POSITION_STRING_PROPS as PS,
} from "./constants.ts";
import type { RuntimeContext } from "./context.ts";
import { orderMargin } from "./margin.ts";
import { setRef } from "./market.ts";
import type { WireDeal, WireOrder, WirePosition } from "./protocol.ts";
import { DEAL_TEMPLATE, normalize, ORDER_TEMPLATE } from "./state.ts";
import {
  assignFields,
  CHECK_RESULT_FIELDS,
  MqlTradeCheckResult,
  MqlTradeResult,
  RESULT_FIELDS,
  requestToWire,
} from "./structs.ts";

const E = (name: string): number => ERR[name] ?? 4001;

/** Selector enum (name → id) to record field, e.g. POSITION_PRICE_OPEN → "price_open". */
function fieldTable(table: Readonly<Record<string, number>>, prefix: string): Map<number, string> {
  const m = new Map<number, string>();
  for (const [name, id] of Object.entries(table)) {
    m.set(id, name.slice(prefix.length).toLowerCase());
  }
  return m;
}

const POS_FIELDS = new Map([
  ...fieldTable(PD, "POSITION_"),
  ...fieldTable(PI, "POSITION_"),
  ...fieldTable(PS, "POSITION_"),
]);
const ORDER_FIELDS = new Map([
  ...fieldTable(OD, "ORDER_"),
  ...fieldTable(OI, "ORDER_"),
  ...fieldTable(OS, "ORDER_"),
]);
const DEAL_FIELDS = new Map([
  ...fieldTable(DD, "DEAL_"),
  ...fieldTable(DI, "DEAL_"),
  ...fieldTable(DS, "DEAL_"),
]);
// Names that differ between the selector and the record field.
POS_FIELDS.set(PI.POSITION_TICKET ?? -1, "ticket");
ORDER_FIELDS.set(OI.ORDER_TICKET ?? -1, "ticket");
DEAL_FIELDS.set(DI.DEAL_TICKET ?? -1, "ticket");

type Rec = WirePosition | WireOrder | WireDeal;

function readProp<T extends number | string>(
  rec: Rec | undefined,
  fields: Map<number, string>,
  prop: unknown,
  kind: "number" | "string",
  notSelected: number,
  ctx: RuntimeContext,
  holder: unknown,
): T | boolean {
  const zero = (kind === "number" ? 0 : "") as T;
  if (!rec) {
    ctx.setError(notSelected);
    return holder !== undefined ? false : zero;
  }
  const field = fields.get(Number(prop));
  const v: unknown =
    field !== undefined ? (rec as unknown as Record<string, unknown>)[field] : undefined;
  const ok = kind === "number" ? typeof v === "number" : typeof v === "string";
  if (!ok) {
    ctx.setError(E("ERR_TRADE_WRONG_PROPERTY"));
    return holder !== undefined ? false : zero;
  }
  if (holder !== undefined) {
    setRef(holder, v);
    return true;
  }
  return v as T;
}

const SUCCESS = new Set([10008, 10009, 10010]);

export function tradeApi(ctx: RuntimeContext): Record<string, unknown> {
  const st = ctx.state;

  const send = (
    kind: "OrderSend" | "OrderSendAsync",
    request: unknown,
    result: unknown,
  ): boolean => {
    const target = result ?? new MqlTradeResult();
    const wire = requestToWire(request);
    if (wire.symbol === "" && wire.action !== 8 && wire.action !== 6) {
      wire.symbol = ctx.chartSymbol;
    }
    const answer = ctx.callHost(kind, wire);
    if (answer.snapshot) {
      st.apply(answer.snapshot);
      ctx.applySeries(answer.snapshot.bars);
    }
    if (answer.error !== undefined || !answer.result) {
      assignFields(
        target,
        { retcode: 10011, comment: answer.error ?? "no answer from the trade server" },
        RESULT_FIELDS,
      );
      ctx.setError(E("ERR_TRADE_SEND_FAILED"));
      return false;
    }
    assignFields(target, answer.result, RESULT_FIELDS);
    const retcode = Number(answer.result.retcode);
    const ok =
      kind === "OrderSendAsync" ? retcode === 10008 || SUCCESS.has(retcode) : SUCCESS.has(retcode);
    if (!ok) {
      ctx.setError(E("ERR_TRADE_SEND_FAILED"));
    }
    return ok;
  };

  const positionsFor = (symbol: string): WirePosition[] =>
    st.positions.filter((p) => p.symbol === symbol).sort((a, b) => a.ticket - b.ticket);

  const selectPosition = (p: WirePosition | undefined): boolean => {
    ctx.selectedPosition = p ? { ...p } : undefined;
    if (!p) {
      ctx.setError(E("ERR_TRADE_POSITION_NOT_FOUND"));
    }
    return p !== undefined;
  };

  const selectOrder = (o: WireOrder | undefined): boolean => {
    ctx.selectedOrder = o ? { ...o } : undefined;
    if (!o) {
      ctx.setError(E("ERR_TRADE_ORDER_NOT_FOUND"));
    }
    return o !== undefined;
  };

  const historySelect = (from: unknown, to: unknown): boolean => {
    const lo = Number(from) || 0;
    const hi = Number(to) || 0;
    if (ctx.historyViaHost) {
      const answer = ctx.callHost("HistorySelect", { from: lo, to: hi });
      if (answer.error !== undefined) {
        ctx.setError(E("ERR_HISTORY_NOT_FOUND"));
        return false;
      }
      ctx.historyDeals = (answer.deals ?? []).map((d) => normalize(d, DEAL_TEMPLATE));
      ctx.historyOrders = (answer.orders ?? []).map((o) => normalize(o, ORDER_TEMPLATE));
      return true;
    }
    ctx.historyDeals = st.deals.filter((d) => d.time >= lo && d.time <= hi);
    ctx.historyOrders = st.historyOrders.filter((o) => o.time_setup >= lo && o.time_setup <= hi);
    return true;
  };

  const dealByTicket = (ticket: unknown): WireDeal | undefined => {
    const t = Number(ticket);
    return ctx.historyDeals.find((d) => d.ticket === t) ?? st.deals.find((d) => d.ticket === t);
  };
  const historyOrderByTicket = (ticket: unknown): WireOrder | undefined => {
    const t = Number(ticket);
    return (
      ctx.historyOrders.find((o) => o.ticket === t) ?? st.historyOrders.find((o) => o.ticket === t)
    );
  };

  const posGet =
    <T extends number | string>(kind: "number" | "string") =>
    (prop: unknown, holder?: unknown): T | boolean =>
      readProp<T>(
        ctx.selectedPosition,
        POS_FIELDS,
        prop,
        kind,
        E("ERR_TRADE_POSITION_NOT_FOUND"),
        ctx,
        holder,
      );
  const orderGet =
    <T extends number | string>(kind: "number" | "string") =>
    (prop: unknown, holder?: unknown): T | boolean =>
      readProp<T>(
        ctx.selectedOrder,
        ORDER_FIELDS,
        prop,
        kind,
        E("ERR_TRADE_ORDER_NOT_FOUND"),
        ctx,
        holder,
      );
  const dealGet =
    <T extends number | string>(kind: "number" | "string") =>
    (ticket: unknown, prop: unknown, holder?: unknown): T | boolean =>
      readProp<T>(
        dealByTicket(ticket),
        DEAL_FIELDS,
        prop,
        kind,
        E("ERR_TRADE_DEAL_NOT_FOUND"),
        ctx,
        holder,
      );
  const historyOrderGet =
    <T extends number | string>(kind: "number" | "string") =>
    (ticket: unknown, prop: unknown, holder?: unknown): T | boolean =>
      readProp<T>(
        historyOrderByTicket(ticket),
        ORDER_FIELDS,
        prop,
        kind,
        E("ERR_TRADE_ORDER_NOT_FOUND"),
        ctx,
        holder,
      );

  return {
    OrderSend: (request: unknown, result: unknown): boolean => send("OrderSend", request, result),
    OrderSendAsync: (request: unknown, result: unknown): boolean =>
      send("OrderSendAsync", request, result),
    OrderCheck: (request: unknown, result: unknown): boolean => {
      const target = result ?? new MqlTradeCheckResult();
      const answer = ctx.callHost("OrderCheck", requestToWire(request));
      if (answer.error !== undefined || !answer.result) {
        assignFields(target, { retcode: 10011, comment: answer.error ?? "" }, CHECK_RESULT_FIELDS);
        ctx.setError(E("ERR_TRADE_SEND_FAILED"));
        return false;
      }
      assignFields(target, answer.result, CHECK_RESULT_FIELDS);
      const rc = Number(answer.result.retcode);
      // OrderCheck answers 0 (or DONE) when the request would pass.
      const ok = rc === 0 || rc === 10009;
      if (!ok) {
        ctx.setError(E("ERR_TRADE_SEND_FAILED"));
      }
      return ok;
    },
    OrderCalcProfit: (
      type: unknown,
      symbol: unknown,
      volume: unknown,
      open: unknown,
      close: unknown,
      holder: unknown,
    ): boolean => {
      const s = st.symbol(ctx.resolveSymbol(symbol));
      if (!s || s.spec.tick_size <= 0) {
        ctx.setError(E("ERR_TRADE_CALC_FAILED"));
        return false;
      }
      // Tick values are in the deposit currency (the host refreshes them as the conversion
      // quotes move); a gain is valued with _PROFIT, a loss with _LOSS, as MT5 does.
      const dir = Number(type) % 2 === 0 ? 1 : -1;
      const ticks = (dir * (Number(close) - Number(open))) / s.spec.tick_size;
      const perTick =
        ticks >= 0
          ? s.spec.tick_value_profit || s.spec.tick_value
          : s.spec.tick_value_loss || s.spec.tick_value;
      setRef(holder, ticks * perTick * Number(volume));
      return true;
    },
    OrderCalcMargin: (
      type: unknown,
      symbol: unknown,
      volume: unknown,
      price: unknown,
      holder: unknown,
    ): boolean => {
      const s = st.symbol(ctx.resolveSymbol(symbol));
      const t = Math.trunc(Number(type));
      // ORDER_TYPE_BUY … ORDER_TYPE_SELL_STOP_LIMIT; CLOSE_BY has no margin of its own.
      const m =
        s && t >= 0 && t <= 7 ? orderMargin(st, s, t, Number(volume), Number(price)) : undefined;
      if (m === undefined) {
        ctx.setError(E("ERR_TRADE_CALC_FAILED"));
        return false;
      }
      setRef(holder, m);
      return true;
    },
    PositionsTotal: (): number => st.positions.length,
    PositionGetTicket: (index: unknown): number => {
      const p = st.positions[Math.trunc(Number(index))];
      selectPosition(p);
      return p ? p.ticket : 0;
    },
    PositionGetSymbol: (index: unknown): string => {
      const p = st.positions[Math.trunc(Number(index))];
      selectPosition(p);
      return p ? p.symbol : "";
    },
    PositionSelect: (symbol: unknown): boolean =>
      selectPosition(positionsFor(ctx.resolveSymbol(symbol))[0]),
    PositionSelectByTicket: (ticket: unknown): boolean =>
      selectPosition(st.positions.find((p) => p.ticket === Number(ticket))),
    PositionGetDouble: posGet<number>("number"),
    PositionGetInteger: posGet<number>("number"),
    PositionGetString: posGet<string>("string"),
    OrdersTotal: (): number => st.orders.length,
    OrderGetTicket: (index: unknown): number => {
      const o = st.orders[Math.trunc(Number(index))];
      selectOrder(o);
      return o ? o.ticket : 0;
    },
    OrderSelect: (ticket: unknown): boolean =>
      selectOrder(st.orders.find((o) => o.ticket === Number(ticket))),
    OrderGetDouble: orderGet<number>("number"),
    OrderGetInteger: orderGet<number>("number"),
    OrderGetString: orderGet<string>("string"),
    HistorySelect: historySelect,
    HistorySelectByPosition: (id: unknown): boolean => {
      const pid = Number(id);
      if (ctx.historyViaHost) {
        if (!historySelect(0, Number.MAX_SAFE_INTEGER)) {
          return false;
        }
      } else {
        ctx.historyDeals = [...st.deals];
        ctx.historyOrders = [...st.historyOrders];
      }
      ctx.historyDeals = ctx.historyDeals.filter((d) => d.position_id === pid);
      ctx.historyOrders = ctx.historyOrders.filter((o) => o.position_id === pid);
      return true;
    },
    HistoryDealsTotal: (): number => ctx.historyDeals.length,
    HistoryDealGetTicket: (index: unknown): number => {
      const d = ctx.historyDeals[Math.trunc(Number(index))];
      if (!d) {
        ctx.setError(E("ERR_TRADE_DEAL_NOT_FOUND"));
      }
      return d ? d.ticket : 0;
    },
    HistoryDealSelect: (ticket: unknown): boolean => {
      const d = st.deals.find((x) => x.ticket === Number(ticket));
      if (!d) {
        ctx.setError(E("ERR_TRADE_DEAL_NOT_FOUND"));
        return false;
      }
      if (!ctx.historyDeals.some((x) => x.ticket === d.ticket)) {
        ctx.historyDeals = [...ctx.historyDeals, d];
      }
      return true;
    },
    HistoryDealGetDouble: dealGet<number>("number"),
    HistoryDealGetInteger: dealGet<number>("number"),
    HistoryDealGetString: dealGet<string>("string"),
    HistoryOrdersTotal: (): number => ctx.historyOrders.length,
    HistoryOrderGetTicket: (index: unknown): number => {
      const o = ctx.historyOrders[Math.trunc(Number(index))];
      if (!o) {
        ctx.setError(E("ERR_TRADE_ORDER_NOT_FOUND"));
      }
      return o ? o.ticket : 0;
    },
    HistoryOrderSelect: (ticket: unknown): boolean => {
      const o = st.historyOrders.find((x) => x.ticket === Number(ticket));
      if (!o) {
        ctx.setError(E("ERR_TRADE_ORDER_NOT_FOUND"));
        return false;
      }
      if (!ctx.historyOrders.some((x) => x.ticket === o.ticket)) {
        ctx.historyOrders = [...ctx.historyOrders, o];
      }
      return true;
    },
    HistoryOrderGetDouble: historyOrderGet<number>("number"),
    HistoryOrderGetInteger: historyOrderGet<number>("number"),
    HistoryOrderGetString: historyOrderGet<string>("string"),
  };
}
