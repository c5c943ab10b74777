// Rendezvous placement (src/cluster/placement.ts): every node computes the same owner, accounts
// spread evenly, and a node joining or leaving moves only the accounts it gains or held.
import { describe, expect, test } from "bun:test";
import { placeAccount } from "../../src/cluster/placement.ts";

const accounts = Array.from(
  { length: 3000 },
  (_, i) => `00000000-0000-4000-8000-${i.toString(16).padStart(12, "0")}`,
);

describe("placeAccount", () => {
  test("no node, no owner; one node owns everything", () => {
    expect(placeAccount(accounts[0] as string, [])).toBeNull();
    expect(accounts.every((a) => placeAccount(a, ["solo"]) === "solo")).toBe(true);
  });

  test("the answer does not depend on the order nodes are listed in", () => {
    for (const a of accounts.slice(0, 200)) {
      expect(placeAccount(a, ["n1", "n2", "n3"])).toBe(placeAccount(a, ["n3", "n1", "n2"]));
    }
  });

  test("accounts spread evenly over three nodes", () => {
    const counts = new Map<string, number>();
    for (const a of accounts) {
      const n = placeAccount(a, ["n1", "n2", "n3"]) as string;
      counts.set(n, (counts.get(n) ?? 0) + 1);
    }
    for (const n of ["n1", "n2", "n3"]) {
      expect(counts.get(n) ?? 0).toBeGreaterThan(800); // 1000 expected each
      expect(counts.get(n) ?? 0).toBeLessThan(1200);
    }
  });

  test("a node leaving moves only its own accounts", () => {
    const before = new Map(accounts.map((a) => [a, placeAccount(a, ["n1", "n2", "n3"])]));
    for (const a of accounts) {
      const after = placeAccount(a, ["n1", "n3"]);
      if (before.get(a) !== "n2") {
        expect(after).toBe(before.get(a) as string);
      } else {
        expect(["n1", "n3"]).toContain(after as string);
      }
    }
  });

  test("a node joining takes about 1/N of the accounts, each from its previous owner", () => {
    let moved = 0;
    for (const a of accounts) {
      const before = placeAccount(a, ["n1", "n2", "n3"]);
      const after = placeAccount(a, ["n1", "n2", "n3", "n4"]);
      if (after !== before) {
        moved++;
        expect(after).toBe("n4");
      }
    }
    expect(moved).toBeGreaterThan(600); // 750 expected
    expect(moved).toBeLessThan(900);
  });
});
