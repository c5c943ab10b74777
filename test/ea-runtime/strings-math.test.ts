/**
 * MQL5's math and string function groups inside the runtime bundle (math.ts, strings.ts), driven
 * by EA programs through the in-process harness. Expected values are the ones MQL5's reference
 * documents (its examples and stated rules) or, for the generator, Microsoft's C rand().
 */

import { describe, expect, test } from "bun:test";
import { barsFromCloses, initEvent, inProcess } from "./harness.ts";

const rates = barsFromCloses([1, 2, 3, 4, 5]);

async function run(body: string) {
  const ea = await inProcess();
  const loaded = ea.load(`function OnTick() {\n${body}\n}`);
  expect(loaded.ok).toBe(true);
  ea.dispatch(initEvent(rates));
  const out = ea.dispatch({ type: "tick" });
  expect(out.error).toBeUndefined();
  return out.logs.map((l) => l.text);
}

describe("math", () => {
  test("MathRand is the C runtime's LCG: 41, 18467, 6334, 26500, 19169 after MathSrand(1)", async () => {
    const lines = await run(`
const seq = () => [MathRand(), MathRand(), MathRand(), MathRand(), MathRand()].join(" ");
Print(seq());
MathSrand(1); Print(seq());
srand(1); Print([rand(), rand()].join(" "));
MathSrand(7); Print(_RandomSeed);
let inRange = true; for (let i = 0; i < 10000; i++) { const r = MathRand(); if (r < 0 || r > 32767 || r !== Math.trunc(r)) inRange = false; }
Print(inRange);`);
    expect(lines).toEqual([
      "41 18467 6334 26500 19169",
      "41 18467 6334 26500 19169",
      "41 18467",
      "7",
      "true",
    ]);
  });

  test("MathMod/fmod (C fmod), MathRound (halves away from zero), MathArctan2's quadrant rules", async () => {
    const lines = await run(`
Print(MathMod(-10, 3), " ", fmod(10.5, 3), " ", MathMod(10, -3));
Print(MathRound(2.5), " ", MathRound(-2.5), " ", round(1.4), " ", MathRound(-0.5));
Print(MathArctan2(0, 5), " ", MathArctan2(0, -1), " ", MathArctan2(1, 0), " ", MathArctan2(-1, 0), " ", atan2(0, 0));
Print(DoubleToString(MathArcsin(0.32696), 6), " ", DoubleToString(MathArccos(0.32696), 6), " ", DoubleToString(MathArctan(-862.42), 4));
Print(MathPow(2.0, 1.5), " ", MathSqrt(2.0), " ", MathMax(1, 2), " ", fmin(1, 2), " ", fabs(-3));`);
    expect(lines).toEqual([
      "-1 1.5 1",
      "3 -3 1 -1",
      "0 3.141592653589793 1.570796326794897 -1.570796326794897 0",
      "0.333085 1.237711 -1.5696",
      "2.82842712474619 1.414213562373095 2 1 3",
    ]);
  });

  test("MathClassify/MathIsValidNumber, hyperbolic and log1p/expm1 domains, MathSwap", async () => {
    const lines = await run(`
const cls = (x) => EnumToString(MathClassify(x), "ENUM_FP_CLASS");
Print(cls(0), " ", cls(M_PI), " ", cls(DBL_MIN / 10), " ", cls(MathSqrt(-1.0)), " ", cls(MathLog(0)));
Print(MathIsValidNumber(0), " ", MathIsValidNumber(MathSqrt(-1.0)), " ", MathIsValidNumber(MathLog(0)));
Print(cls(MathLog1p(-1)), " ", cls(MathLog1p(-2)), " ", cls(MathArccosh(0.5)), " ", MathExpm1(0), " ", MathLog1p(0));
Print(MathCosh(0), " ", MathSinh(0), " ", MathTanh(0), " ", MathArcsinh(0), " ", MathArctanh(0), " ", MathArccosh(1));
Print(MathSwap(0x1234), " ", MathSwap(0x12345678), " ", MathSwap(1, 4), " ", MathSwap(1, 8));`);
    expect(lines).toEqual([
      "FP_ZERO FP_NORMAL FP_SUBNORMAL FP_NAN FP_INFINITE",
      "true false false",
      "FP_INFINITE FP_NAN FP_NAN 0 0",
      "1 0 0 0 0 0",
      `${0x3412} ${0x78563412} ${0x01000000} ${2 ** 56}`,
    ]);
  });
});

describe("strings", () => {
  test("StringSplit: the reference's '_life_is_good_' example, empty text, no separator", async () => {
    const lines = await run(`
const r = [];
const k = StringSplit("_life_is_good_", StringGetCharacter("_", 0), r);
Print(k, " ", JSON.stringify(r));
Print(StringSplit("", 44, r), " ", r.length, " ", StringSplit("abc", 44, r), " ", JSON.stringify(r));
Print(StringSplit("a,b", ",", r), " ", JSON.stringify(r), " ", StringSplit("x", 44, "not an array"), " ", GetLastError());`);
    expect(lines).toEqual(['5 ["","life","is","good",""]', '0 0 1 ["abc"]', '2 ["a","b"] -1 4006']);
  });

  test("StringReplace counts replacements in a { value } holder (the reference's fox example)", async () => {
    const lines = await run(`
const text = { value: "The quick brown fox jumped over the lazy dog." };
let replaced = StringReplace(text, "quick", "slow");
replaced += StringReplace(text, "brown", "black");
replaced += StringReplace(text, "fox", "bear");
Print("Replaced: ", replaced, ". Result=", text.value);
const t = { value: "aaaa" }; Print(StringReplace(t, "aa", "b"), " ", t.value, " ", StringReplace(t, "", "x"), " ", GetLastError());
ResetLastError(); Print(StringReplace("plain string", "a", "b"), " ", GetLastError());`);
    expect(lines).toEqual([
      "Replaced: 3. Result=The slow black bear jumped over the lazy dog.",
      "2 bb -1 4003",
      "-1 4003",
    ]);
  });

  test("trim, case, concatenate, add, init, fill, set/get character", async () => {
    const lines = await run(`
const s = { value: "  \\t abc \\n" };
Print(StringTrimLeft(s), " ", JSON.stringify(s.value), " ", StringTrimRight(s), " ", s.value);
const u = { value: "MiXeD" }; Print(StringToUpper(u), " ", u.value, " ", StringToLower(u), " ", u.value, " ", StringToUpper("x"));
const c = { value: "" }; Print(StringConcatenate(c, "a", 1, 2.5, true), " ", c.value);
const a = { value: "ab" }; Print(StringAdd(a, "cd"), " ", a.value);
const i = { value: "old" }; Print(StringInit(i, 5, StringGetCharacter("*", 0)), " ", i.value, " ", StringFill(i, 45), " ", i.value, " ", StringInit(i), " [", i.value, "]");
const h = { value: "hello" };
StringSetCharacter(h, 0, 72); const s1 = h.value;
StringSetCharacter(h, 5, 33); const s2 = h.value;
StringSetCharacter(h, 2, 0); const s3 = h.value;
Print(s1, " ", s2, " ", s3, " ", StringSetCharacter(h, 9, 65), " ", GetLastError());
ResetLastError(); Print(StringGetCharacter("abc", 1), " ", StringGetCharacter("abc", 3), " ", GetLastError());
Print(StringLen("abc"), " ", StringSubstr("Hello", 1, 3), " ", StringSubstr("Hello", 2), " [", StringSubstr("Hello", 9), "] ", StringFind("abcabc", "c", 3), " ", StringBufferLen("xy"));`);
    expect(lines).toEqual([
      '4 "abc \\n" 2 abc',
      "true MIXED true mixed false",
      "9 a12.5true",
      "true abcd",
      "true ***** true ----- true []",
      "Hello Hello! He false 5041",
      "98 0 5041",
      "3 ell llo [] 5 2",
    ]);
  });

  test("StringCompare: 'Apple' < 'home' in both modes, 'A' > 'a' only case-sensitively", async () => {
    const lines = await run(`
Print(StringCompare("Apple", "home"), " ", StringCompare("Apple", "home", false));
Print(StringCompare("A", "a"), " ", StringCompare("a", "A"), " ", StringCompare("A", "a", false), " ", StringCompare("abc", "abc"));
Print(StringCompare("abc", "aBc"), " ", StringCompare("b", "a"), " ", StringCompare("ab", "abc"));`);
    expect(lines).toEqual(["-1 -1", "1 -1 0 0", "-1 1 -1"]);
  });

  test("char and short arrays, ANSI (Windows-1252) and UTF-8 code pages", async () => {
    const lines = await run(`
const a = []; const n1 = StringToCharArray("Monkey", a); Print(n1, " ", JSON.stringify(a), " ", CharArrayToString(a));
const b = []; Print(StringToCharArray("Monkey", b, 0, 6), " ", JSON.stringify(b));
const e = []; Print(StringToCharArray("€", e, 0, -1, CP_UTF8), " ", JSON.stringify(e), " ", CharArrayToString(e, 0, -1, CP_UTF8));
const f = []; Print(StringToCharArray("€é", f), " ", JSON.stringify(f), " ", CharArrayToString(f), " ", CharArrayToString([72, 105, 0, 33]));
const s = []; Print(StringToShortArray("Hi", s), " ", JSON.stringify(s), " ", ShortArrayToString([72, 105, 0, 33]), " ", ShortArrayToString(s, 1));
Print(ShortToString(0x263A), " ", CharToString(65), " ", CharToString(0x80));`);
    expect(lines).toEqual([
      "7 [77,111,110,107,101,121,0] Monkey",
      "6 [77,111,110,107,101,121]",
      "4 [226,130,172,0] €",
      "3 [128,233,0] €é Hi",
      "3 [72,105,0] Hi i",
      "☺ A €",
    ]);
  });

  test("colour conversions", async () => {
    const lines = await run(`
Print(ColorToString(clrRed), " ", ColorToString(clrRed, true), " ", ColorToString(rgbOf(1, 2, 3), true));
Print(StringToColor("0,128,0") === clrGreen, " ", StringToColor("clrBlue") === clrBlue, " ", ColorToARGB(clrRed, 255), " ", ColorToARGB(clrBlue, 0x80));
function rgbOf(r, g, b) { return r | (g << 8) | (b << 16); }`);
    expect(lines).toEqual(["255,0,0 clrRed 1,2,3", `true true ${0xffff0000} ${0x800000ff}`]);
  });
});
