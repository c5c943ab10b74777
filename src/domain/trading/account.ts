// The account summary as the API shows it (ARCHITECTURE §5: `GET …/summary`, portfolio's
// `account`, the WebSocket `account` channel): one mapping from the connector's account record.
// Pure, no I/O.
import type { BrokerAccount } from "../../broker/connector.ts";

export interface AccountSummaryView {
  login: number;
  name: string;
  server: string;
  company: string;
  currency: string;
  leverage: number;
  balance: number;
  credit: number;
  equity: number;
  margin: number;
  free_margin: number;
  margin_level: number;
  profit: number;
  margin_mode: "hedging" | "netting";
  trade_allowed: boolean;
}

export function toAccountSummaryView(a: BrokerAccount): AccountSummaryView {
  return {
    login: a.login,
    name: a.name,
    server: a.server,
    company: a.company,
    currency: a.currency,
    leverage: a.leverage,
    balance: a.balance,
    credit: a.credit,
    equity: a.equity,
    margin: a.margin,
    free_margin: a.freeMargin,
    margin_level: a.marginLevel,
    profit: a.profit,
    margin_mode: a.marginMode,
    trade_allowed: a.tradeAllowed,
  };
}
