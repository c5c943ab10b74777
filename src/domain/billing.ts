// Billing: validation of an admin's billing terms, the invoice formula, its CSV rendering and the
// UTC month window used to pick the month's last usage snapshot.
//
// Owns the money maths of ARCHITECTURE §5 "Billing invoice". Pure: no I/O, no clock reads, no
// database; callers load terms and the snapshot and pass them in. Imports nothing but the
// currency table.
//
// Money is integer cents of `billing_currency` from end to end (no floating point maths on
// money). Any product or sum that would pass Number.MAX_SAFE_INTEGER makes `computeInvoice`
// return `AMOUNT_OVERFLOW` instead of a wrong number.
//
// Formula: the billed users are the snapshot's keys with at least one account, ranked by key
// creation time (ties broken by key_id, compared code unit by code unit). Users ranked
// 1..tier1_threshold are tier 1 and cost tier1_user_price_cents; the others are tier 2 and cost
// tier2_user_price_cents. Each user's accounts beyond included_accounts_per_user are "extra
// accounts" and cost the extra-account price of that user's tier.
//
// Invoice layout:
//   lines      — always exactly four charge lines, in this order, even when a quantity is 0,
//                so the layout is stable:
//                  1. users_tier1           quantity = tier-1 users,  unit = tier1 user price
//                  2. users_tier2           quantity = tier-2 users,  unit = tier2 user price
//                  3. extra_accounts_tier1  quantity = extra accounts of tier-1 users,
//                                           unit = tier1 extra-account price
//                  4. extra_accounts_tier2  same for tier-2 users
//                Σ lines.amount_cents = subtotal_cents = total_cents (no tax or discount).
//   breakdown  — one entry per billed key, in rank order, with its tier, accounts, extra
//                accounts and what it contributes; Σ breakdown.amount_cents = total_cents too.
//                It explains the lines; it is not added to them.
// CSV (renderInvoiceCsv): RFC 4180, CRLF line ends, header
//   `description,quantity,unit_price,amount,currency`, one row per charge line, then a `Total`
//   row with the total in the amount column. Amounts are decimal strings with two decimals
//   derived from the integer cents ("1234" cents → "12.34"). The per-key breakdown is JSON only.

import { isActiveCurrencyCode } from "./currencies.ts";

/** An admin's billing terms (spec §2.13). All prices are integer cents of billing_currency. */
export interface BillingTerms {
  /** Monthly price of each tier-1 user (the first tier1_threshold users), in cents. */
  tier1_user_price_cents: number;
  /** Monthly price of each user after the first tier1_threshold, in cents. */
  tier2_user_price_cents: number;
  /** How many users (by key creation order) are priced at tier 1; 0 puts everyone in tier 2. */
  tier1_threshold: number;
  /** Price of each extra account of a tier-1 user, in cents. */
  tier1_extra_account_price_cents: number;
  /** Price of each extra account of a tier-2 user, in cents. */
  tier2_extra_account_price_cents: number;
  /** Accounts each user gets without extra charge. */
  included_accounts_per_user: number;
  /** Active ISO 4217 code, upper case (e.g. "USD"). */
  billing_currency: string;
  /** Issuer printed on invoices; trimmed, 1–200 characters, or null for none. */
  billing_company_name: string | null;
}

/** One key's usage at snapshot time. */
export interface UsageSnapshotKey {
  /** The API key's id. */
  key_id: string;
  /** The API key's display name. */
  key_name: string;
  /** When the key was created, ISO 8601 (UTC); ranks users for tier pricing. */
  key_created_at: string;
  /** Accounts owned by the key. */
  accounts: number;
  /** Of those, accounts with a connected broker session. */
  connected_accounts: number;
  /** EA instances running on the key's accounts. */
  running_eas: number;
}

/** An admin's usage at one instant, as stored by the snapshot job. */
export interface UsageSnapshot {
  /** When the snapshot was taken, ISO 8601 UTC. */
  taken_at: string;
  /** Keys with at least one account. */
  users: number;
  accounts: number;
  connected_accounts: number;
  running_eas: number;
  per_key: UsageSnapshotKey[];
}

/** Identifies one of the four charge lines. */
export type InvoiceLineCode =
  | "users_tier1"
  | "users_tier2"
  | "extra_accounts_tier1"
  | "extra_accounts_tier2";

/** One charge line: amount_cents = quantity × unit_price_cents. */
export interface InvoiceLine {
  code: InvoiceLineCode;
  description: string;
  quantity: number;
  unit_price_cents: number;
  amount_cents: number;
}

/** What one billed key (user) contributes to the invoice. */
export interface InvoiceKeyCharge {
  /** 1-based rank by key creation time (ties by key_id). */
  rank: number;
  key_id: string;
  key_name: string;
  key_created_at: string;
  tier: 1 | 2;
  accounts: number;
  /** Accounts beyond included_accounts_per_user. */
  extra_accounts: number;
  user_price_cents: number;
  extra_account_price_cents: number;
  /** user_price_cents + extra_accounts × extra_account_price_cents. */
  amount_cents: number;
}

export interface Invoice {
  /** Billed month, `YYYY-MM` (UTC). */
  month: string;
  /** billing_currency of the terms. */
  currency: string;
  /** billing_company_name of the terms, or null. */
  issuer: string | null;
  /** Name of the admin whose usage is billed. */
  admin_name: string;
  /** taken_at of the snapshot the invoice is computed from. */
  snapshot_taken_at: string;
  lines: InvoiceLine[];
  breakdown: InvoiceKeyCharge[];
  subtotal_cents: number;
  total_cents: number;
  /** Billed users: keys with at least one account. */
  users: number;
  /** Accounts of the billed users. */
  accounts: number;
  tier1_users: number;
  tier2_users: number;
  /** Extra accounts over both tiers. */
  extra_accounts: number;
}

export type TermsValidation =
  | { ok: true; terms: BillingTerms }
  | { ok: false; field: string; message: string };

export type InvoiceFailureReason =
  | "INVALID_MONTH"
  | "INVALID_TERMS"
  | "INVALID_SNAPSHOT"
  | "SNAPSHOT_OUTSIDE_MONTH"
  | "AMOUNT_OVERFLOW";

export type InvoiceResult =
  | { ok: true; invoice: Invoice }
  | { ok: false; reason: InvoiceFailureReason; message: string };

/** Longest accepted billing_company_name, in Unicode code points after trimming. */
export const COMPANY_NAME_MAX_LENGTH = 200;

const INTEGER_FIELDS = [
  "tier1_user_price_cents",
  "tier2_user_price_cents",
  "tier1_threshold",
  "tier1_extra_account_price_cents",
  "tier2_extra_account_price_cents",
  "included_accounts_per_user",
] as const;

type IntegerField = (typeof INTEGER_FIELDS)[number];

const KNOWN_FIELDS: ReadonlySet<string> = new Set<string>([
  ...INTEGER_FIELDS,
  "billing_currency",
  "billing_company_name",
]);

function isNonNegativeSafeInteger(value: unknown): value is number {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 0;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return false;
  }
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) {
      return true;
    }
  }
  return false;
}

/**
 * Validates a billing terms body (the PUT payload of spec §2.13).
 * Every field is required except billing_company_name (absent, null, or a string that is
 * trimmed; empty after trimming means null; at most 200 code points; no control characters).
 * Integers must be non-negative safe integers given as JSON numbers. billing_currency must be an
 * active ISO 4217 code exactly as listed (upper case, no spaces). Unknown fields are rejected.
 * The first problem found is reported, with `field` naming it and a message that names it too.
 */
export function validateTerms(input: unknown): TermsValidation {
  if (!isPlainObject(input)) {
    return { ok: false, field: "body", message: "body must be a JSON object of billing terms" };
  }
  for (const key of Object.keys(input)) {
    if (!KNOWN_FIELDS.has(key)) {
      return { ok: false, field: key, message: `${key} is not a billing terms field` };
    }
  }

  // Every field is set by the loop before the object is read.
  const integers = {} as Record<IntegerField, number>;
  for (const field of INTEGER_FIELDS) {
    const value = input[field];
    if (value === undefined) {
      return { ok: false, field, message: `${field} is required` };
    }
    if (!isNonNegativeSafeInteger(value)) {
      return {
        ok: false,
        field,
        message: `${field} must be a non-negative integer no greater than ${Number.MAX_SAFE_INTEGER}`,
      };
    }
    // `+ 0` turns -0 into 0.
    integers[field] = value + 0;
  }

  const currency = input.billing_currency;
  if (currency === undefined) {
    return { ok: false, field: "billing_currency", message: "billing_currency is required" };
  }
  if (typeof currency !== "string" || !isActiveCurrencyCode(currency)) {
    return {
      ok: false,
      field: "billing_currency",
      message: "billing_currency must be an active ISO 4217 currency code in upper case, e.g. USD",
    };
  }

  const rawName = input.billing_company_name;
  let companyName: string | null = null;
  if (rawName !== undefined && rawName !== null) {
    if (typeof rawName !== "string") {
      return {
        ok: false,
        field: "billing_company_name",
        message: "billing_company_name must be a string or null",
      };
    }
    const trimmed = rawName.trim();
    if (hasControlCharacter(trimmed)) {
      return {
        ok: false,
        field: "billing_company_name",
        message: "billing_company_name must not contain control characters",
      };
    }
    if ([...trimmed].length > COMPANY_NAME_MAX_LENGTH) {
      return {
        ok: false,
        field: "billing_company_name",
        message: `billing_company_name must be at most ${COMPANY_NAME_MAX_LENGTH} characters`,
      };
    }
    companyName = trimmed === "" ? null : trimmed;
  }

  return {
    ok: true,
    terms: {
      ...integers,
      billing_currency: currency,
      billing_company_name: companyName,
    },
  };
}

const MONTH_RE = /^(\d{4})-(\d{2})$/;

/**
 * The UTC window of a `YYYY-MM` month as the half-open interval [fromMs, toMs): fromMs is the
 * first millisecond of the month, toMs the first millisecond of the next month. Null for
 * anything else (`2026-13`, `26-01`, `2026-1`, surrounding spaces) and for years before 1970.
 */
export function monthRange(month: string): { fromMs: number; toMs: number } | null {
  const match = MONTH_RE.exec(month);
  if (match === null) {
    return null;
  }
  const year = Number(match[1]);
  const monthNumber = Number(match[2]);
  if (year < 1970 || monthNumber < 1 || monthNumber > 12) {
    return null;
  }
  return {
    fromMs: Date.UTC(year, monthNumber - 1, 1),
    toMs: Date.UTC(year, monthNumber, 1),
  };
}

/** a × b, or null when the exact result is not a safe integer. */
function safeMul(a: number, b: number): number | null {
  const product = a * b;
  return Number.isSafeInteger(product) ? product : null;
}

/** a + b, or null when the exact result is not a safe integer. */
function safeAdd(a: number, b: number): number | null {
  const sum = a + b;
  return Number.isSafeInteger(sum) ? sum : null;
}

function termsProblem(terms: BillingTerms): string | null {
  for (const field of INTEGER_FIELDS) {
    if (!isNonNegativeSafeInteger(terms[field])) {
      return `${field} must be a non-negative safe integer`;
    }
  }
  if (!isActiveCurrencyCode(terms.billing_currency)) {
    return "billing_currency must be an active ISO 4217 code";
  }
  return null;
}

interface RankedKey {
  key: UsageSnapshotKey;
  createdMs: number;
}

function compareRanked(a: RankedKey, b: RankedKey): number {
  if (a.createdMs !== b.createdMs) {
    return a.createdMs - b.createdMs;
  }
  if (a.key.key_id < b.key.key_id) {
    return -1;
  }
  return a.key.key_id > b.key.key_id ? 1 : 0;
}

function overflow(what: string): InvoiceResult {
  return {
    ok: false,
    reason: "AMOUNT_OVERFLOW",
    message: `${what} exceeds ${Number.MAX_SAFE_INTEGER} cents`,
  };
}

/**
 * Computes the invoice of `month` from that month's last usage snapshot with the formula in the
 * header. Fails (never throws) when the month is malformed, the terms or snapshot hold values
 * that are not non-negative safe integers, the snapshot was not taken inside the month, or an
 * amount would pass Number.MAX_SAFE_INTEGER cents.
 */
export function computeInvoice(
  terms: BillingTerms,
  snapshot: UsageSnapshot,
  options: { month: string; adminName: string },
): InvoiceResult {
  const range = monthRange(options.month);
  if (range === null) {
    return { ok: false, reason: "INVALID_MONTH", message: "month must be YYYY-MM" };
  }
  const termsError = termsProblem(terms);
  if (termsError !== null) {
    return { ok: false, reason: "INVALID_TERMS", message: termsError };
  }
  const takenMs = Date.parse(snapshot.taken_at);
  if (!Number.isFinite(takenMs)) {
    return { ok: false, reason: "INVALID_SNAPSHOT", message: "snapshot taken_at is not a date" };
  }
  if (takenMs < range.fromMs || takenMs >= range.toMs) {
    return {
      ok: false,
      reason: "SNAPSHOT_OUTSIDE_MONTH",
      message: `snapshot taken at ${snapshot.taken_at} is not in ${options.month}`,
    };
  }

  const ranked: RankedKey[] = [];
  for (const key of snapshot.per_key) {
    if (!isNonNegativeSafeInteger(key.accounts)) {
      return {
        ok: false,
        reason: "INVALID_SNAPSHOT",
        message: `accounts of key ${key.key_id} is not a non-negative integer`,
      };
    }
    if (key.accounts === 0) {
      continue;
    }
    const createdMs = Date.parse(key.key_created_at);
    if (!Number.isFinite(createdMs)) {
      return {
        ok: false,
        reason: "INVALID_SNAPSHOT",
        message: `key_created_at of key ${key.key_id} is not a date`,
      };
    }
    ranked.push({ key, createdMs });
  }
  ranked.sort(compareRanked);

  const breakdown: InvoiceKeyCharge[] = [];
  let accounts = 0;
  let tier1Users = 0;
  let tier2Users = 0;
  let tier1Extra = 0;
  let tier2Extra = 0;
  for (const [index, { key }] of ranked.entries()) {
    const tier: 1 | 2 = index < terms.tier1_threshold ? 1 : 2;
    const extra = Math.max(0, key.accounts - terms.included_accounts_per_user);
    const userPrice = tier === 1 ? terms.tier1_user_price_cents : terms.tier2_user_price_cents;
    const extraPrice =
      tier === 1 ? terms.tier1_extra_account_price_cents : terms.tier2_extra_account_price_cents;
    const extraAmount = safeMul(extra, extraPrice);
    const amount = extraAmount === null ? null : safeAdd(userPrice, extraAmount);
    const newAccounts = safeAdd(accounts, key.accounts);
    if (amount === null || newAccounts === null) {
      return overflow(`the charge of key ${key.key_id}`);
    }
    accounts = newAccounts;
    if (tier === 1) {
      tier1Users += 1;
      tier1Extra += extra;
    } else {
      tier2Users += 1;
      tier2Extra += extra;
    }
    breakdown.push({
      rank: index + 1,
      key_id: key.key_id,
      key_name: key.key_name,
      key_created_at: key.key_created_at,
      tier,
      accounts: key.accounts,
      extra_accounts: extra,
      user_price_cents: userPrice,
      extra_account_price_cents: extraPrice,
      amount_cents: amount,
    });
  }

  const threshold = terms.tier1_threshold;
  const included = terms.included_accounts_per_user;
  const lineSpecs: Array<[InvoiceLineCode, string, number, number]> = [
    [
      "users_tier1",
      `Users, tier 1 (first ${threshold} users)`,
      tier1Users,
      terms.tier1_user_price_cents,
    ],
    [
      "users_tier2",
      `Users, tier 2 (after the first ${threshold} users)`,
      tier2Users,
      terms.tier2_user_price_cents,
    ],
    [
      "extra_accounts_tier1",
      `Extra accounts of tier 1 users (over ${included} per user)`,
      tier1Extra,
      terms.tier1_extra_account_price_cents,
    ],
    [
      "extra_accounts_tier2",
      `Extra accounts of tier 2 users (over ${included} per user)`,
      tier2Extra,
      terms.tier2_extra_account_price_cents,
    ],
  ];
  const lines: InvoiceLine[] = [];
  let total = 0;
  for (const [code, description, quantity, unitPrice] of lineSpecs) {
    const amount = safeMul(quantity, unitPrice);
    const newTotal = amount === null ? null : safeAdd(total, amount);
    if (amount === null || newTotal === null) {
      return overflow("the invoice total");
    }
    total = newTotal;
    lines.push({ code, description, quantity, unit_price_cents: unitPrice, amount_cents: amount });
  }

  return {
    ok: true,
    invoice: {
      month: options.month,
      currency: terms.billing_currency,
      issuer: terms.billing_company_name,
      admin_name: options.adminName,
      snapshot_taken_at: snapshot.taken_at,
      lines,
      breakdown,
      subtotal_cents: total,
      total_cents: total,
      users: ranked.length,
      accounts,
      tier1_users: tier1Users,
      tier2_users: tier2Users,
      extra_accounts: tier1Extra + tier2Extra,
    },
  };
}

/**
 * Integer cents as a decimal string with exactly two decimals: 0 → "0.00", 1234 → "12.34",
 * -5 → "-0.05". Integer arithmetic only. Throws on a non-safe-integer (a caller bug).
 */
export function formatCents(cents: number): string {
  if (!Number.isSafeInteger(cents)) {
    throw new RangeError(`cents must be a safe integer, got ${cents}`);
  }
  const negative = cents < 0;
  const abs = Math.abs(cents);
  const fraction = abs % 100;
  const whole = (abs - fraction) / 100;
  return `${negative ? "-" : ""}${whole}.${String(fraction).padStart(2, "0")}`;
}

/** One CSV field per RFC 4180: quoted (with quotes doubled) when it holds `,`, `"`, CR or LF. */
export function csvField(value: string): string {
  if (/[",\r\n]/.test(value)) {
    return `"${value.replaceAll('"', '""')}"`;
  }
  return value;
}

/** Rows to RFC 4180 text: fields joined by commas, every record ended by CRLF. */
export function toCsv(rows: readonly (readonly string[])[]): string {
  return rows.map((row) => `${row.map(csvField).join(",")}\r\n`).join("");
}

/** The invoice as CSV: header, one row per charge line, then the total row (see header). */
export function renderInvoiceCsv(invoice: Invoice): string {
  const rows: string[][] = [["description", "quantity", "unit_price", "amount", "currency"]];
  for (const line of invoice.lines) {
    rows.push([
      line.description,
      String(line.quantity),
      formatCents(line.unit_price_cents),
      formatCents(line.amount_cents),
      invoice.currency,
    ]);
  }
  rows.push(["Total", "", "", formatCents(invoice.total_cents), invoice.currency]);
  return toCsv(rows);
}
