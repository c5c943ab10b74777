// The compiler never throws, whatever it is given: mutated versions of a real EA (lines and
// characters dropped, duplicated or swapped) and random token soups come back as a result with
// diagnostics (or compile), never as an exception. Deterministic (seeded) mutations.
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { compile } from "./support.ts";

const SOURCE = readFileSync(join(import.meta.dir, "eas", "ma-cross.mq5"), "utf8");

function rng(seed: number): () => number {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 4294967296;
  };
}

describe("the compiler never throws", () => {
  test("on 300 mutations of a real EA", () => {
    const r = rng(42);
    const lines = SOURCE.split("\n");
    let failed = 0;
    for (let i = 0; i < 300; i += 1) {
      const copy = [...lines];
      for (let k = 0; k < 1 + Math.floor(r() * 4); k += 1) {
        const at = Math.floor(r() * copy.length);
        const line = copy[at] ?? "";
        switch (Math.floor(r() * 4)) {
          case 0:
            copy.splice(at, 1);
            break;
          case 1:
            copy.splice(at, 0, line);
            break;
          case 2: {
            const c = Math.floor(r() * (line.length + 1));
            copy[at] = line.slice(0, c) + line.slice(c + 1);
            break;
          }
          default: {
            const other = Math.floor(r() * copy.length);
            copy[at] = copy[other] ?? "";
            copy[other] = line;
          }
        }
      }
      const result = compile(copy.join("\n"));
      if (!result.ok) {
        failed += 1;
        expect(result.error).toMatch(/^test\.mq5:\d+:\d+: |^[\w./]+:\d+:\d+: /);
        expect(result.error).not.toContain("internal compiler error");
      }
    }
    // Most mutations break the program; the compiler reported each one.
    expect(failed).toBeGreaterThan(100);
  }, 60_000); // CPU-bound: hundreds of compiles, slow on a loaded machine

  test("on random token soups", () => {
    const r = rng(7);
    const words = [
      "int",
      "class",
      "{",
      "}",
      "(",
      ")",
      ";",
      "=",
      "+",
      "x",
      "CTrade",
      "::",
      "<",
      ">",
      "[",
      "]",
      "template",
      "typename",
      "return",
      "if",
      "else",
      "for",
      "new",
      "delete",
      "*",
      "&",
      "1",
      "2.5",
      '"s"',
      "void",
      "OnTick",
      ",",
      "operator",
      "virtual",
      "~",
      "#define",
      "#include",
      "\n",
    ];
    for (let i = 0; i < 300; i += 1) {
      const n = 5 + Math.floor(r() * 60);
      const text = Array.from({ length: n }, () => words[Math.floor(r() * words.length)]).join(" ");
      const result = compile(text);
      expect(typeof result.ok).toBe("boolean");
      if (!result.ok) {
        expect(result.error).not.toContain("internal compiler error");
      }
    }
  }, 60_000); // CPU-bound: hundreds of compiles, slow on a loaded machine
});
