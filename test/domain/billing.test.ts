// Billing domain: terms validation, the invoice formula at its boundaries, CSV output and the
// month window. Expected amounts are worked out by hand in each test.

import { describe, expect, test } from "bun:test";
import {
  type BillingTerms,
  computeInvoice,
  csvField,
  formatCents,
  type Invoice,
  type InvoiceResult,
  monthRange,
  renderInvoiceCsv,
  type TermsValidation,
  toCsv,
  type UsageSnapshot,
  type UsageSnapshotKey,
  validateTerms,
} from "../../src/domain/billing.ts";
import { ACTIVE_CURRENCY_CODES, isActiveCurrencyCode } from "../../src/domain/currencies.ts";

// Tier 1: 10.00 per user, 3.00 per extra account. Tier 2: 7.00 per user, 2.00 per extra account.
// The first 2 users are tier 1; 3 accounts per user are included.
const TERMS: BillingTerms = {
  tier1_user_price_cents: 1000,
  tier2_user_price_cents: 700,
  tier1_threshold: 2,
  tier1_extra_account_price_cents: 300,
  tier2_extra_account_price_cents: 200,
  included_accounts_per_user: 3,
  billing_currency: "USD",
  billing_company_name: "Acme Ltd",
};

const MONTH = "2026-03";
const TAKEN_AT = "2026-03-31T23:00:00.000Z";

function key(id: string, createdAt: string, accounts: number): UsageSnapshotKey {
  return {
    key_id: id,
    key_name: `name of ${id}`,
    key_created_at: createdAt,
    accounts,
    connected_accounts: 0,
    running_eas: 0,
  };
}

function snapshot(keys: UsageSnapshotKey[], takenAt = TAKEN_AT): UsageSnapshot {
  return {
    taken_at: takenAt,
    users: keys.filter((k) => k.accounts > 0).length,
    accounts: keys.reduce((sum, k) => sum + k.accounts, 0),
    connected_accounts: 0,
    running_eas: 0,
    per_key: keys,
  };
}

function invoiceOf(result: InvoiceResult): Invoice {
  if (!result.ok) {
    throw new Error(`expected an invoice, got ${result.reason}: ${result.message}`);
  }
  return result.invoice;
}

function amounts(invoice: Invoice): Record<string, [number, number, number]> {
  return Object.fromEntries(
    invoice.lines.map((l) => [l.code, [l.quantity, l.unit_price_cents, l.amount_cents]]),
  );
}

const compute = (keys: UsageSnapshotKey[], terms: BillingTerms = TERMS): Invoice =>
  invoiceOf(computeInvoice(terms, snapshot(keys), { month: MONTH, adminName: "alice" }));

describe("computeInvoice formula", () => {
  test("0 users: four zero lines and a zero total", () => {
    const invoice = compute([]);
    expect(amounts(invoice)).toEqual({
      users_tier1: [0, 1000, 0],
      users_tier2: [0, 700, 0],
      extra_accounts_tier1: [0, 300, 0],
      extra_accounts_tier2: [0, 200, 0],
    });
    expect(invoice.total_cents).toBe(0);
    expect(invoice.subtotal_cents).toBe(0);
    expect(invoice.users).toBe(0);
    expect(invoice.accounts).toBe(0);
    expect(invoice.breakdown).toEqual([]);
  });

  test("keys with 0 accounts are not users", () => {
    const invoice = compute([
      key("k1", "2026-01-01T00:00:00Z", 0),
      key("k2", "2026-01-02T00:00:00Z", 0),
    ]);
    expect(invoice.users).toBe(0);
    expect(invoice.total_cents).toBe(0);
  });

  test("exactly tier1_threshold users are all tier 1", () => {
    const invoice = compute([
      key("k1", "2026-01-01T00:00:00Z", 3),
      key("k2", "2026-01-02T00:00:00Z", 3),
    ]);
    // 2 × 10.00; 3 accounts each = the included number, so no extras.
    expect(amounts(invoice)).toEqual({
      users_tier1: [2, 1000, 2000],
      users_tier2: [0, 700, 0],
      extra_accounts_tier1: [0, 300, 0],
      extra_accounts_tier2: [0, 200, 0],
    });
    expect(invoice.total_cents).toBe(2000);
    expect(invoice.tier1_users).toBe(2);
    expect(invoice.tier2_users).toBe(0);
    expect(invoice.extra_accounts).toBe(0);
    expect(invoice.accounts).toBe(6);
  });

  test("one user over the threshold is tier 2; extras priced by the user's tier", () => {
    const invoice = compute([
      key("k1", "2026-01-01T00:00:00Z", 3),
      key("k2", "2026-01-02T00:00:00Z", 4),
      key("k3", "2026-01-03T00:00:00Z", 5),
    ]);
    // tier 1: k1 (0 extra), k2 (1 extra × 3.00); tier 2: k3 (2 extra × 2.00).
    // 2000 + 700 + 300 + 400 = 3400.
    expect(amounts(invoice)).toEqual({
      users_tier1: [2, 1000, 2000],
      users_tier2: [1, 700, 700],
      extra_accounts_tier1: [1, 300, 300],
      extra_accounts_tier2: [2, 200, 400],
    });
    expect(invoice.total_cents).toBe(3400);
    expect(invoice.subtotal_cents).toBe(3400);
    expect(invoice.users).toBe(3);
    expect(invoice.accounts).toBe(12);
    expect(invoice.tier1_users).toBe(2);
    expect(invoice.tier2_users).toBe(1);
    expect(invoice.extra_accounts).toBe(3);
    expect(
      invoice.breakdown.map((b) => [b.rank, b.key_id, b.tier, b.extra_accounts, b.amount_cents]),
    ).toEqual([
      [1, "k1", 1, 0, 1000],
      [2, "k2", 1, 1, 1300],
      [3, "k3", 2, 2, 1100],
    ]);
  });

  test("accounts equal to the included number cost nothing extra, one over costs one", () => {
    const terms = { ...TERMS, tier1_threshold: 10 };
    const equal = compute([key("k1", "2026-01-01T00:00:00Z", 3)], terms);
    expect(equal.extra_accounts).toBe(0);
    expect(equal.total_cents).toBe(1000);
    const over = compute([key("k1", "2026-01-01T00:00:00Z", 4)], terms);
    expect(over.extra_accounts).toBe(1);
    expect(over.total_cents).toBe(1300);
  });

  test("included_accounts_per_user 0 makes every account an extra", () => {
    const invoice = compute([key("k1", "2026-01-01T00:00:00Z", 2)], {
      ...TERMS,
      included_accounts_per_user: 0,
    });
    // 10.00 + 2 × 3.00
    expect(invoice.total_cents).toBe(1600);
  });

  test("tier1_threshold 0 puts every user in tier 2", () => {
    const invoice = compute(
      [key("k1", "2026-01-01T00:00:00Z", 1), key("k2", "2026-01-02T00:00:00Z", 5)],
      { ...TERMS, tier1_threshold: 0 },
    );
    // 2 × 7.00 + 2 extra × 2.00
    expect(amounts(invoice)).toEqual({
      users_tier1: [0, 1000, 0],
      users_tier2: [2, 700, 1400],
      extra_accounts_tier1: [0, 300, 0],
      extra_accounts_tier2: [2, 200, 400],
    });
    expect(invoice.total_cents).toBe(1800);
  });

  test("users are ranked by key creation time, not input order; ties by key_id", () => {
    const invoice = compute([
      key("late", "2026-02-01T00:00:00Z", 9),
      key("kB", "2026-01-01T00:00:00Z", 1),
      // Same instant as kB written with an offset: the tie is broken by key_id, kA first.
      key("kA", "2026-01-01T02:00:00+02:00", 1),
    ]);
    expect(invoice.breakdown.map((b) => [b.key_id, b.tier])).toEqual([
      ["kA", 1],
      ["kB", 1],
      ["late", 2],
    ]);
    // tier 1: 2 × 10.00; tier 2: 7.00 + 6 extra × 2.00 = 19.00
    expect(invoice.total_cents).toBe(3900);
  });

  test("creation times compare as instants, not as strings", () => {
    const invoice = compute([
      key("utc", "2026-01-01T00:00:00Z", 1),
      // 2025-12-31T23:00Z: earlier, although its string sorts later.
      key("offset", "2026-01-01T01:00:00+02:00", 1),
      key("third", "2026-01-05T00:00:00Z", 1),
    ]);
    expect(invoice.breakdown.map((b) => b.key_id)).toEqual(["offset", "utc", "third"]);
  });

  test("a key with 0 accounts does not take a tier-1 place", () => {
    const invoice = compute([
      key("empty", "2025-01-01T00:00:00Z", 0),
      key("k1", "2026-01-01T00:00:00Z", 1),
      key("k2", "2026-01-02T00:00:00Z", 1),
      key("k3", "2026-01-03T00:00:00Z", 1),
    ]);
    expect(invoice.breakdown.map((b) => [b.key_id, b.tier])).toEqual([
      ["k1", 1],
      ["k2", 1],
      ["k3", 2],
    ]);
    expect(invoice.total_cents).toBe(2700);
  });

  test("breakdown amounts add up to the total", () => {
    const invoice = compute([
      key("a", "2026-01-01T00:00:00Z", 7),
      key("b", "2026-01-02T00:00:00Z", 2),
      key("c", "2026-01-03T00:00:00Z", 8),
      key("d", "2026-01-04T00:00:00Z", 3),
    ]);
    // a: 1000 + 4×300 = 2200; b: 1000; c: 700 + 5×200 = 1700; d: 700 → 5600
    expect(invoice.breakdown.map((b) => b.amount_cents)).toEqual([2200, 1000, 1700, 700]);
    expect(invoice.total_cents).toBe(5600);
  });

  test("invoice header fields come from terms, snapshot and options", () => {
    const invoice = compute([key("k1", "2026-01-01T00:00:00Z", 1)]);
    expect(invoice.month).toBe("2026-03");
    expect(invoice.currency).toBe("USD");
    expect(invoice.issuer).toBe("Acme Ltd");
    expect(invoice.admin_name).toBe("alice");
    expect(invoice.snapshot_taken_at).toBe(TAKEN_AT);
    const anonymous = compute([], { ...TERMS, billing_company_name: null });
    expect(anonymous.issuer).toBeNull();
  });
});

describe("computeInvoice failures", () => {
  const run = (terms: BillingTerms, snap: UsageSnapshot, month = MONTH): InvoiceResult =>
    computeInvoice(terms, snap, { month, adminName: "alice" });

  test("a price of exactly MAX_SAFE_INTEGER cents is fine", () => {
    const result = run(
      { ...TERMS, tier1_user_price_cents: Number.MAX_SAFE_INTEGER },
      snapshot([key("k1", "2026-01-01T00:00:00Z", 1)]),
    );
    expect(invoiceOf(result).total_cents).toBe(Number.MAX_SAFE_INTEGER);
  });

  test("a line amount past MAX_SAFE_INTEGER is rejected", () => {
    const result = run(
      { ...TERMS, tier1_user_price_cents: Number.MAX_SAFE_INTEGER },
      snapshot([key("k1", "2026-01-01T00:00:00Z", 1), key("k2", "2026-01-02T00:00:00Z", 1)]),
    );
    expect(result.ok).toBe(false);
    expect(result.ok ? "" : result.reason).toBe("AMOUNT_OVERFLOW");
  });

  test("an extra-account charge past MAX_SAFE_INTEGER is rejected", () => {
    const result = run(
      { ...TERMS, tier1_extra_account_price_cents: 2 ** 52 },
      snapshot([key("k1", "2026-01-01T00:00:00Z", 5)]),
    );
    expect(result.ok ? "" : result.reason).toBe("AMOUNT_OVERFLOW");
  });

  test("a total past MAX_SAFE_INTEGER is rejected even when every line fits", () => {
    const half = 2 ** 52;
    const result = run(
      { ...TERMS, tier1_user_price_cents: half, tier2_user_price_cents: half, tier1_threshold: 1 },
      snapshot([key("k1", "2026-01-01T00:00:00Z", 1), key("k2", "2026-01-02T00:00:00Z", 1)]),
    );
    expect(result.ok ? "" : result.reason).toBe("AMOUNT_OVERFLOW");
  });

  test("malformed month", () => {
    for (const month of ["2026-13", "26-03", "2026-3", ""]) {
      const result = run(TERMS, snapshot([]), month);
      expect(result.ok ? "" : result.reason).toBe("INVALID_MONTH");
    }
  });

  test("snapshot outside the month", () => {
    for (const takenAt of ["2026-04-01T00:00:00.000Z", "2026-02-28T23:59:59.999Z"]) {
      const result = run(TERMS, snapshot([], takenAt));
      expect(result.ok ? "" : result.reason).toBe("SNAPSHOT_OUTSIDE_MONTH");
    }
    for (const takenAt of ["2026-03-01T00:00:00.000Z", "2026-03-31T23:59:59.999Z"]) {
      expect(run(TERMS, snapshot([], takenAt)).ok).toBe(true);
    }
  });

  test("invalid snapshot values", () => {
    const bad: UsageSnapshot[] = [
      snapshot([], "not a date"),
      snapshot([key("k1", "2026-01-01T00:00:00Z", -1)]),
      snapshot([key("k1", "2026-01-01T00:00:00Z", 1.5)]),
      snapshot([key("k1", "yesterday", 1)]),
    ];
    for (const snap of bad) {
      const result = run(TERMS, snap);
      expect(result.ok ? "" : result.reason).toBe("INVALID_SNAPSHOT");
    }
  });

  test("invalid terms objects are refused", () => {
    const bad: BillingTerms[] = [
      { ...TERMS, tier2_user_price_cents: -1 },
      { ...TERMS, included_accounts_per_user: 0.5 },
      { ...TERMS, billing_currency: "usd" },
    ];
    for (const terms of bad) {
      const result = run(terms, snapshot([]));
      expect(result.ok ? "" : result.reason).toBe("INVALID_TERMS");
    }
  });
});

describe("validateTerms", () => {
  const VALID = {
    tier1_user_price_cents: 1000,
    tier2_user_price_cents: 700,
    tier1_threshold: 2,
    tier1_extra_account_price_cents: 300,
    tier2_extra_account_price_cents: 200,
    included_accounts_per_user: 3,
    billing_currency: "EUR",
    billing_company_name: "  Acme Ltd  ",
  };

  const failure = (input: unknown): Extract<TermsValidation, { ok: false }> => {
    const result = validateTerms(input);
    if (result.ok) {
      throw new Error(`expected a failure for ${JSON.stringify(input)}`);
    }
    return result;
  };

  test("accepts a full body, trimming the company name", () => {
    expect(validateTerms(VALID)).toEqual({
      ok: true,
      terms: { ...VALID, billing_company_name: "Acme Ltd" },
    });
  });

  test("zeros are valid everywhere", () => {
    const zeros = {
      ...VALID,
      tier1_user_price_cents: 0,
      tier2_user_price_cents: 0,
      tier1_threshold: 0,
      tier1_extra_account_price_cents: 0,
      tier2_extra_account_price_cents: 0,
      included_accounts_per_user: 0,
    };
    expect(validateTerms(zeros).ok).toBe(true);
  });

  test("-0 is stored as 0", () => {
    const result = validateTerms({ ...VALID, tier1_threshold: -0 });
    expect(result.ok && Object.is(result.terms.tier1_threshold, 0)).toBe(true);
  });

  test("MAX_SAFE_INTEGER is the largest accepted integer", () => {
    expect(validateTerms({ ...VALID, tier1_user_price_cents: Number.MAX_SAFE_INTEGER }).ok).toBe(
      true,
    );
  });

  test("billing_company_name: absent, null and blank mean null", () => {
    const { billing_company_name: _, ...withoutName } = VALID;
    for (const input of [
      withoutName,
      { ...VALID, billing_company_name: null },
      { ...VALID, billing_company_name: "   " },
      { ...VALID, billing_company_name: "" },
    ]) {
      const result = validateTerms(input);
      expect(result.ok && result.terms.billing_company_name).toBeNull();
    }
  });

  test("billing_company_name length is counted in characters after trimming", () => {
    expect(validateTerms({ ...VALID, billing_company_name: "x".repeat(200) }).ok).toBe(true);
    expect(validateTerms({ ...VALID, billing_company_name: ` ${"x".repeat(200)} ` }).ok).toBe(true);
    // 200 astral characters are 400 UTF-16 code units but still 200 characters.
    expect(validateTerms({ ...VALID, billing_company_name: "€".repeat(200) }).ok).toBe(true);
    expect(validateTerms({ ...VALID, billing_company_name: "😀".repeat(200) }).ok).toBe(true);
    expect(failure({ ...VALID, billing_company_name: "x".repeat(201) }).field).toBe(
      "billing_company_name",
    );
  });

  test("billing_company_name bad values", () => {
    for (const bad of [42, true, {}, ["Acme"], "Acme\nLtd", "Acme\u0000"]) {
      const f = failure({ ...VALID, billing_company_name: bad });
      expect(f.field).toBe("billing_company_name");
      expect(f.message).toContain("billing_company_name");
    }
  });

  const INTEGER_FIELDS = [
    "tier1_user_price_cents",
    "tier2_user_price_cents",
    "tier1_threshold",
    "tier1_extra_account_price_cents",
    "tier2_extra_account_price_cents",
    "included_accounts_per_user",
  ] as const;

  for (const field of INTEGER_FIELDS) {
    test(`${field}: missing is rejected`, () => {
      const { [field]: _, ...rest } = VALID;
      const f = failure(rest);
      expect(f.field).toBe(field);
      expect(f.message).toBe(`${field} is required`);
    });

    test(`${field}: non-integers, negatives, strings and huge values are rejected`, () => {
      for (const bad of [
        -1,
        1.5,
        0.1,
        "100",
        "",
        null,
        true,
        Number.NaN,
        Number.POSITIVE_INFINITY,
        2 ** 53,
        1e21,
        [1],
        { value: 1 },
      ]) {
        const f = failure({ ...VALID, [field]: bad });
        expect(f.field).toBe(field);
        expect(f.message).toContain(field);
      }
    });
  }

  test("billing_currency: missing", () => {
    const { billing_currency: _, ...rest } = VALID;
    expect(failure(rest)).toEqual({
      ok: false,
      field: "billing_currency",
      message: "billing_currency is required",
    });
  });

  test("billing_currency: only exact active upper-case codes", () => {
    for (const good of ["USD", "EUR", "JPY", "GBP", "CHF", "XCG", "ZWG", "SLE"]) {
      expect(validateTerms({ ...VALID, billing_currency: good }).ok).toBe(true);
    }
    for (const bad of [
      "usd",
      "Usd",
      " USD",
      "USD ",
      "US",
      "USDD",
      "ABC",
      "XXX",
      "XTS",
      "HRK",
      "ZWL",
      "SLL",
      "ANG",
      "",
      840,
      null,
    ]) {
      const f = failure({ ...VALID, billing_currency: bad });
      expect(f.field).toBe("billing_currency");
      expect(f.message).toContain("billing_currency");
    }
  });

  test("unknown fields are rejected by name", () => {
    expect(failure({ ...VALID, discount_cents: 5 })).toEqual({
      ok: false,
      field: "discount_cents",
      message: "discount_cents is not a billing terms field",
    });
    expect(failure({ ...VALID, Billing_Currency: "USD" }).field).toBe("Billing_Currency");
  });

  test("a body that is not an object is rejected", () => {
    for (const bad of [null, undefined, [], "terms", 5, true]) {
      expect(failure(bad).field).toBe("body");
    }
  });
});

describe("currencies", () => {
  test("the table is sorted, unique, three upper-case letters", () => {
    const sorted = [...ACTIVE_CURRENCY_CODES].sort();
    expect(ACTIVE_CURRENCY_CODES).toEqual(sorted);
    expect(new Set(ACTIVE_CURRENCY_CODES).size).toBe(ACTIVE_CURRENCY_CODES.length);
    for (const code of ACTIVE_CURRENCY_CODES) {
      expect(code).toMatch(/^[A-Z]{3}$/);
    }
  });

  test("membership is exact", () => {
    expect(isActiveCurrencyCode("USD")).toBe(true);
    expect(isActiveCurrencyCode("usd")).toBe(false);
    expect(isActiveCurrencyCode("XXX")).toBe(false);
  });
});

describe("monthRange", () => {
  test("a month is [first ms of the month, first ms of the next month)", () => {
    expect(monthRange("2026-03")).toEqual({
      fromMs: Date.parse("2026-03-01T00:00:00.000Z"),
      toMs: Date.parse("2026-04-01T00:00:00.000Z"),
    });
  });

  test("December ends at the next year's January", () => {
    expect(monthRange("2026-12")).toEqual({
      fromMs: Date.parse("2026-12-01T00:00:00.000Z"),
      toMs: Date.parse("2027-01-01T00:00:00.000Z"),
    });
  });

  test("February of a leap year", () => {
    const range = monthRange("2024-02");
    expect(range).not.toBeNull();
    // 29 days
    expect((range?.toMs ?? 0) - (range?.fromMs ?? 0)).toBe(29 * 24 * 3600 * 1000);
  });

  test("malformed months are null", () => {
    for (const bad of [
      "2026-13",
      "2026-00",
      "26-01",
      "2026-1",
      "2026-001",
      "02026-01",
      "2026/01",
      " 2026-01",
      "2026-01 ",
      "2026-01-01",
      "1969-12",
      "abcd-ef",
      "",
    ]) {
      expect(monthRange(bad)).toBeNull();
    }
  });
});

describe("CSV", () => {
  test("formatCents uses two decimals from integer cents", () => {
    expect(formatCents(0)).toBe("0.00");
    expect(formatCents(5)).toBe("0.05");
    expect(formatCents(10)).toBe("0.10");
    expect(formatCents(100)).toBe("1.00");
    expect(formatCents(1234)).toBe("12.34");
    expect(formatCents(-5)).toBe("-0.05");
    expect(formatCents(-1234)).toBe("-12.34");
    expect(formatCents(Number.MAX_SAFE_INTEGER)).toBe("90071992547409.91");
    expect(() => formatCents(1.5)).toThrow(RangeError);
    expect(() => formatCents(2 ** 53)).toThrow(RangeError);
  });

  test("csvField quotes only when needed and doubles quotes", () => {
    expect(csvField("plain")).toBe("plain");
    expect(csvField("")).toBe("");
    expect(csvField("a,b")).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField("line1\nline2")).toBe('"line1\nline2"');
    expect(csvField("cr\rhere")).toBe('"cr\rhere"');
    expect(csvField("semi;colon 'single'")).toBe("semi;colon 'single'");
  });

  test("toCsv ends every record with CRLF", () => {
    expect(
      toCsv([
        ["a", "b,c"],
        ["", '"'],
      ]),
    ).toBe('a,"b,c"\r\n,""""\r\n');
  });

  test("renderInvoiceCsv: header, one row per line, total row", () => {
    const invoice = compute([
      key("k1", "2026-01-01T00:00:00Z", 3),
      key("k2", "2026-01-02T00:00:00Z", 4),
      key("k3", "2026-01-03T00:00:00Z", 5),
    ]);
    expect(renderInvoiceCsv(invoice)).toBe(
      [
        "description,quantity,unit_price,amount,currency",
        '"Users, tier 1 (first 2 users)",2,10.00,20.00,USD',
        '"Users, tier 2 (after the first 2 users)",1,7.00,7.00,USD',
        "Extra accounts of tier 1 users (over 3 per user),1,3.00,3.00,USD",
        "Extra accounts of tier 2 users (over 3 per user),2,2.00,4.00,USD",
        "Total,,,34.00,USD",
        "",
      ].join("\r\n"),
    );
  });
});
