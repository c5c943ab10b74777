// docs/mql5-coverage.md is the coverage table computed from the compiler's declarations and the
// runtime's implementations; it must be regenerated when either changes.
import { expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { coverageMarkdown, declaredGroups } from "../../ea-runtime/src/mql5/include/coverage.ts";
import { STANDARD_HEADERS } from "../../ea-runtime/src/mql5/include/index.ts";

test("docs/mql5-coverage.md is current (else run bun ea-runtime/src/mql5/include/coverage.ts)", () => {
  const committed = readFileSync(
    join(import.meta.dir, "..", "..", "docs", "mql5-coverage.md"),
    "utf8",
  );
  expect(committed).toBe(coverageMarkdown());
});

test("every reference group of the built-ins is counted, each name once", () => {
  const groups = declaredGroups(STANDARD_HEADERS.get("builtins.mqh") ?? "");
  const titles = groups.map((g) => g.title);
  for (const t of [
    "common functions",
    "math",
    "strings",
    "arrays",
    "trade functions",
    "files",
    "technical indicators (return a handle)",
  ]) {
    expect(titles).toContain(t);
  }
  const all = groups.flatMap((g) => g.names);
  expect(new Set(all).size).toBe(all.length);
  expect(all).toContain("OrderSend");
  expect(all).toContain("iMA");
});
