// The demo broker's account groups: how each kind of account is priced and charged, as real
// brokers offer them — a standard account (wider spread, no commission) or a raw/ECN account
// (the raw market spread plus a commission per lot). Each account belongs to one group; its
// margin mode (hedging/netting, chosen by the trade server) is independent of it.
//
// Owns: the group table, the aliases of legacy group names, a group's quote for a symbol and
// its commission per deal. Pure: no I/O.
//
// Pricing: the feed quotes the raw market. A group marks a symbol up by `markupPoints` (per
// symbol category), split evenly — half below the raw bid, half above the raw ask (an odd
// point goes to the ask) — so every group shares the raw mid and a standard account's bid bars
// sit half the markup below the raw ones. Everything the engine does for an account (fills,
// pending/SL/TP triggers, valuation, margin, stop-out) and the quotes its connections receive
// use its group's prices. Commission is charged per side, per lot, on every deal (entry and
// exit), on top of the symbol's own `commissionPerLot` (0 in the demo catalog). A group states it
// in USD; an account in another currency pays the schedule's amount in its own currency
// (COMMISSION_SCHEDULE: fixed per currency, as raw-account brokers publish it — 3.50 USD,
// 3.00 EUR, 525 JPY… — so a deal's cost never depends on a live rate).

import { roundMoney } from "./engine/money.ts";
import type { Quote } from "./engine/types.ts";
import type { SymbolCategory, SymbolSpec } from "./symbols.ts";

export type AccountType = "standard" | "raw";

export interface TradingGroup {
  /** The group name accounts carry (AccountRecord.group). */
  readonly name: string;
  readonly accountType: AccountType;
  readonly description: string;
  /** Points added to the raw spread, per symbol category (half on each side). */
  readonly markupPoints: Readonly<Record<SymbolCategory, number>>;
  /** USD per lot per side, per symbol category (COMMISSION_SCHEDULE: other currencies). */
  readonly commissionPerLot: Readonly<Record<SymbolCategory, number>>;
}

/** The group a new demo account gets when the request names none. */
export const DEFAULT_GROUP = "demo";
/** The raw-spread group: the feed's own prices, commission per lot. */
export const RAW_GROUP = "demo-raw";

const GROUPS: readonly TradingGroup[] = Object.freeze([
  Object.freeze({
    name: DEFAULT_GROUP,
    accountType: "standard",
    description:
      "Standard account: raw spread + 1.0 pip on FX (+20 points on metals), no commission",
    markupPoints: Object.freeze({ forex: 10, metal: 20, index: 0, crypto: 0 }),
    commissionPerLot: Object.freeze({ forex: 0, metal: 0, index: 0, crypto: 0 }),
  }),
  Object.freeze({
    name: RAW_GROUP,
    accountType: "raw",
    description: "Raw/ECN account: raw spread, commission 3.5 per lot per side on FX and metals",
    markupPoints: Object.freeze({ forex: 0, metal: 0, index: 0, crypto: 0 }),
    commissionPerLot: Object.freeze({ forex: 3.5, metal: 3.5, index: 0, crypto: 0 }),
  }),
] satisfies TradingGroup[]);

/**
 * What one USD of a group's commission is in each deposit currency the demo broker opens
 * accounts in: a published schedule of round amounts (3.5 USD → 3.00 EUR, 2.60 GBP, 525 JPY,
 * 2.80 CHF, 5.25 AUD, 4.90 CAD), not a live rate.
 */
const COMMISSION_SCHEDULE: Readonly<Record<string, number>> = Object.freeze({
  USD: 1,
  EUR: 3.0 / 3.5,
  GBP: 2.6 / 3.5,
  JPY: 150,
  CHF: 0.8,
  AUD: 1.5,
  CAD: 1.4,
});

/** Legacy group names (accounts stored before groups were priced) and what they mean now. */
const ALIASES: Readonly<Record<string, string>> = Object.freeze({
  "demo\\hedging": DEFAULT_GROUP,
  "demo\\netting": DEFAULT_GROUP,
});

const BY_NAME = new Map<string, TradingGroup>(GROUPS.map((g) => [g.name, g]));

/** The groups a demo account can be opened in. */
export function listGroups(): readonly TradingGroup[] {
  return GROUPS;
}

/** The group called `name` (exact, no aliases): what a new account may ask for. */
export function findGroup(name: string): TradingGroup | undefined {
  return BY_NAME.get(name);
}

/** Whether accounts may carry `name`: a group's own name or a legacy alias. */
export function isKnownGroup(name: string): boolean {
  return BY_NAME.has(name) || ALIASES[name] !== undefined;
}

/**
 * The group whose prices an account called `name` gets: its own, a legacy alias's, or — for a
 * name this broker never priced (accounts restored from older storage) — the standard group.
 */
export function pricingGroup(name: string): TradingGroup {
  return BY_NAME.get(name) ?? BY_NAME.get(ALIASES[name] ?? "") ?? (GROUPS[0] as TradingGroup);
}

/** Markup of `spec` in `group`, points: [below the bid, above the ask]. */
export function markupSplit(group: TradingGroup, spec: SymbolSpec): [number, number] {
  const total = Math.max(0, Math.round(group.markupPoints[spec.category] ?? 0));
  const below = Math.floor(total / 2);
  return [below, total - below];
}

/** `raw` as `group` quotes it for `spec` (the raw object itself when there is no markup). */
export function groupQuote(group: TradingGroup, spec: SymbolSpec, raw: Quote): Quote {
  const [below, above] = markupSplit(group, spec);
  if (below === 0 && above === 0) {
    return raw;
  }
  return {
    ...raw,
    bid: Number((raw.bid - below * spec.point).toFixed(spec.digits)),
    ask: Number((raw.ask + above * spec.point).toFixed(spec.digits)),
  };
}

/**
 * Commission of one deal of `volume` lots in `group` for an account in `depositCurrency`: ≤ 0,
 * in that currency, rounded to cents. The group's USD amount follows COMMISSION_SCHEDULE (a
 * currency outside it pays the USD figure); the symbol's own `commissionPerLot` is already in the
 * deposit currency.
 */
export function groupCommission(
  group: TradingGroup,
  spec: SymbolSpec,
  volume: number,
  depositCurrency: string,
): number {
  const inDeposit = COMMISSION_SCHEDULE[depositCurrency.toUpperCase()] ?? 1;
  const perLot = (group.commissionPerLot[spec.category] ?? 0) * inDeposit + spec.commissionPerLot;
  return perLot === 0 ? 0 : -roundMoney(perLot * volume);
}
