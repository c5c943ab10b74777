// The rules of account operations: the checks a new account's parameters pass and its first
// record, and the checks of a balance / credit operation (the engine books both as deals).

import { isKnownGroup, RAW_GROUP } from "../groups.ts";
import type { Market } from "./market.ts";
import type { LiveAccount } from "./model.ts";
import { EPS, roundMoney } from "./money.ts";
import type { BalanceRequest } from "./requests.ts";
import type { Rejection } from "./retcodes.ts";
import { reject } from "./retcodes.ts";
import { evaluateAccount } from "./risk.ts";
import type { AccountRecord, NewAccount } from "./types.ts";

/** A new account's first record (zero balance), with the deposit and credit to book. */
export interface Opening {
  ok: true;
  record: AccountRecord;
  deposit: number;
  credit: number;
}

/** Checks `input` (INVALID with the first problem) and builds the account's first record. */
export function openAccount(
  input: NewAccount,
  exists: (login: number) => boolean,
  createdMs: number,
): Opening | Rejection {
  const bad = (message: string): Rejection => reject("INVALID", message);
  if (!Number.isSafeInteger(input.login) || input.login <= 0) {
    return bad("login must be a positive integer");
  }
  if (exists(input.login)) {
    return bad(`account ${input.login} already exists`);
  }
  if (!/^[A-Z]{3}$/.test(input.currency)) {
    return bad("currency must be a 3-letter code");
  }
  if (!Number.isInteger(input.leverage) || input.leverage < 1) {
    return bad("leverage must be a positive integer");
  }
  const deposit = input.deposit ?? 0;
  const credit = input.credit ?? 0;
  if (!Number.isFinite(deposit) || deposit < 0 || !Number.isFinite(credit) || credit < 0) {
    return bad("deposit and credit must be non-negative");
  }
  if (input.group !== undefined && !isKnownGroup(input.group)) {
    return bad(`unknown group '${input.group}'`);
  }
  const record: AccountRecord = {
    login: input.login,
    name: input.name ?? "",
    group: input.group ?? RAW_GROUP,
    currency: input.currency,
    leverage: input.leverage,
    marginMode: input.marginMode,
    balance: 0,
    credit: 0,
    marginCallLevel: input.marginCallLevel ?? 100,
    stopOutLevel: input.stopOutLevel ?? 50,
    tradeAllowed: input.tradeAllowed ?? true,
    createdMs,
  };
  return { ok: true, record, deposit, credit };
}

/**
 * The rounded amount of a balance / credit operation on `acc`: non-zero; a credit out at most the
 * credit; a withdrawal at most the free margin (valued at the account's desk) and the balance.
 */
export function balanceAmount(
  market: Market,
  acc: LiveAccount,
  req: BalanceRequest,
): { ok: true; amount: number } | Rejection {
  const amount = roundMoney(req.amount);
  if (!Number.isFinite(req.amount) || amount === 0) {
    return reject("INVALID", "amount must be a non-zero number");
  }
  if (amount < 0) {
    if (req.kind === "credit") {
      if (acc.record.credit + amount < -EPS) {
        return reject("NO_MONEY", "credit out exceeds the credit");
      }
    } else {
      const fig = evaluateAccount(acc, market.deskOf(acc).look, market.conv, true);
      if (fig.equity + amount - fig.margin < -EPS || acc.record.balance + amount < -EPS) {
        return reject("NO_MONEY", "withdrawal exceeds the free margin");
      }
    }
  }
  return { ok: true, amount };
}
