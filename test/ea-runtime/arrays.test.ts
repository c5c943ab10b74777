/**
 * MQL5's Array* function group inside the runtime bundle (arrays.ts) and ZeroMemory: search,
 * sort, compare, edit, the series flag's effect, static arrays, and ArrayPrint's layout checked
 * against the reference's own MqlRates example output.
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

describe("search, sort, compare", () => {
  test("ArrayBsearch: exact (first of equals) or nearest index, as the reference's examples", async () => {
    const lines = await run(`
const array = [1, 5, 11, 17, 23, 23, 37];
const data = [[1, 3], [3, 2], [5, 10], [14, 10], [21, 8]];
Print([-1, 11, 12, 15, 23, 50].map((v) => ArrayBsearch(array, v)).join(" "));
Print([7, 9, 10, 11, 14].map((v) => ArrayBsearch(data, v)).join(" "));
Print(ArrayBsearch([], 0), " ", GetLastError());
// Storage ascending, read newest-first: the answer is the series index.
const s = [1, 5, 11, 17, 23, 23, 37]; ArraySetAsSeries(s, true);
const i = ArrayBsearch(s, 12);
Print(i, " ", s[i], " ", ArrayBsearch(s, 37), " ", ArrayBsearch(s, -1));`);
    expect(lines).toEqual(["0 2 2 3 4 6", "2 2 3 3 3", "-1 5053", "4 11 0 6"]);
  });

  test("ArraySort sorts the storage ascending: a series array reads descending; rows by column 0", async () => {
    const lines = await run(`
const a = [3, 1, 2]; Print(ArraySort(a), " ", JSON.stringify(a));
const s = [5, 9, 1]; ArraySetAsSeries(s, true); ArraySort(s); Print(JSON.stringify(s), " ", s[0]);
const m = [[8955, 2836], [2860, 6153], [4207, 7649]]; ArraySort(m); Print(JSON.stringify(m));
Print(ArraySort(["b", "a"]), " ", GetLastError());`);
    expect(lines).toEqual([
      "true [1,2,3]",
      "[9,5,1] 9",
      "[[2860,6153],[4207,7649],[8955,2836]]",
      "false 5054",
    ]);
  });

  test("ArrayCompare: the reference's string-array examples, ranges, -2 on error", async () => {
    const lines = await run(`
const s = ["abc", "456", "$"], s1 = ["abc", "456", ""], s2 = ["abc", "456", null], s3 = ["abc", "456"], s4 = ["aBc", "456"];
Print(ArrayCompare(s, s), " ", ArrayCompare(s, s1), " ", ArrayCompare(s1, s2), " ", ArrayCompare(s2, s3), " ", ArrayCompare(s3, s4));
Print(ArrayCompare(s, s1, 1, 1, 1), " ", ArrayCompare(s1, s2, 0, 0, 2), " ", ArrayCompare([1, 2, 3], [1, 2, 4]), " ", ArrayCompare([1, 2], 5));
const a = [{ x: 0, y: 3 }, { x: 2, y: 4 }]; Print(ArrayCompare(a, a, 0, 1, 1), " ", ArrayCompare(a, a, 1, 0, 1));`);
    expect(lines).toEqual(["0 1 1 1 -1", "0 0 -1 -2", "-1 1"]);
  });
});

describe("editing", () => {
  test("ArrayInsert/ArrayRemove/ArrayReverse/ArraySwap/ArrayRange", async () => {
    const lines = await run(`
const a = [1, 2, 3, 4, 5];
Print(ArrayRemove(a, 1, 2), " ", JSON.stringify(a), " ", ArrayRemove(a, 9), " ", GetLastError());
Print(ArrayInsert(a, [7, 8, 9], 1, 1), " ", JSON.stringify(a), " ", ArrayInsert(a, [0], 0), " ", JSON.stringify(a));
Print(ArrayReverse(a), " ", JSON.stringify(a), " ", ArrayReverse(a, 1, 2), " ", JSON.stringify(a));
const b = [1]; const c = [2, 3]; Print(ArraySwap(b, c), " ", JSON.stringify(b), " ", JSON.stringify(c));
Print(ArrayRange([[1, 2, 3], [4, 5, 6]], 0), " ", ArrayRange([[1, 2, 3], [4, 5, 6]], 1), " ", ArrayRemove(a, 0, 9), " ", a.length);
const r = [new MqlRates()]; const copy = []; ArrayInsert(copy, r, 0); copy[0].close = 5; Print(r[0].close);`);
    expect(lines).toEqual([
      "true [1,4,5] false 5052",
      "true [1,8,9,4,5] true [0,1,8,9,4,5]",
      "true [5,4,9,8,1,0] true [5,9,4,8,1,0]",
      "true [2,3] [1]",
      "2 3 true 0",
      "0",
    ]);
  });

  test("ArrayFill ignores the series flag; static arrays; ArrayIsSeries is false in an EA", async () => {
    const lines = await run(`
const a = [0, 0, 0, 0, 0]; ArrayFill(a, 1, 2, 7); Print(JSON.stringify(a));
const s = [0, 0, 0, 0, 0]; ArraySetAsSeries(s, true); ArrayFill(s, 0, 2, 7); Print(JSON.stringify(s));
const fixed = [1, 2, 3]; Object.defineProperty(fixed, "length", { writable: false });
Print(ArrayIsDynamic([]), " ", ArrayIsDynamic(fixed), " ", ArrayRemove(fixed, 0), " ", ArrayResize(fixed, 5), " ", JSON.stringify(fixed));
Print(ArrayIsSeries(s), " ", ArrayGetAsSeries(s));`);
    expect(lines).toEqual([
      "[0,7,7,0,0]",
      "[0,0,0,7,7]",
      "true false false -1 [1,2,3]",
      "false true",
    ]);
  });

  test("ZeroMemory resets structs, nested objects, arrays and { value } holders", async () => {
    const lines = await run(`
const r = new MqlTradeRequest(); r.action = TRADE_ACTION_DEAL; r.symbol = "EURUSD"; r.volume = 0.1; r.comment = "x";
ZeroMemory(r); Print(JSON.stringify(r));
const nested = { a: 1, b: { c: "s", d: [1, 2] }, f: true }; ZeroMemory(nested); Print(JSON.stringify(nested));
const arr = [1.5, 2]; ZeroMemory(arr); const h = { value: 42 }; ZeroMemory(h); Print(JSON.stringify(arr), " ", h.value);`);
    expect(lines).toEqual([
      '{"action":0,"magic":0,"order":0,"symbol":"","volume":0,"price":0,"stoplimit":0,"sl":0,"tp":0,"deviation":0,"type":0,"type_filling":0,"type_time":0,"expiration":0,"comment":"","position":0,"position_by":0}',
      '{"a":0,"b":{"c":"","d":[0,0]},"f":false}',
      "[0,0] 0",
    ]);
  });
});

describe("ArrayPrint", () => {
  test("an MqlRates array prints exactly as the reference's example output", async () => {
    const lines = await run(`
const rows = [
  ["04:00", 1.11242, 1.12314, 1.11187, 1.12295, 18110, 10, 17300175000],
  ["05:00", 1.12296, 1.12825, 1.11930, 1.12747, 17829, 9, 15632176000],
  ["06:00", 1.12747, 1.12991, 1.12586, 1.12744, 13458, 10, 9593492000],
  ["07:00", 1.12743, 1.12763, 1.11988, 1.12194, 15362, 9, 12352245000],
  ["08:00", 1.12194, 1.12262, 1.11058, 1.11172, 16833, 9, 12961333000],
  ["09:00", 1.11173, 1.11348, 1.10803, 1.11052, 15933, 8, 10720384000],
  ["10:00", 1.11052, 1.11065, 1.10289, 1.10528, 11888, 9, 8084811000],
  ["11:00", 1.10512, 1.11041, 1.10472, 1.10915, 7284, 10, 5087113000],
  ["12:00", 1.10915, 1.11079, 1.10892, 1.10904, 8710, 9, 6769629000],
  ["13:00", 1.10904, 1.10913, 1.10223, 1.10263, 8956, 7, 7192138000],
];
const rates = rows.map((d) => {
  const r = new MqlRates();
  r.time = StringToTime("2016.11.09 " + d[0]);
  [r.open, r.high, r.low, r.close, r.tick_volume, r.spread, r.real_volume] = d.slice(1);
  return r;
});
ArrayPrint(rates);`);
    expect(lines).toEqual([
      "                 [time]  [open]  [high]   [low] [close] [tick_volume] [spread] [real_volume]",
      "[0] 2016.11.09 04:00:00 1.11242 1.12314 1.11187 1.12295         18110       10   17300175000",
      "[1] 2016.11.09 05:00:00 1.12296 1.12825 1.11930 1.12747         17829        9   15632176000",
      "[2] 2016.11.09 06:00:00 1.12747 1.12991 1.12586 1.12744         13458       10    9593492000",
      "[3] 2016.11.09 07:00:00 1.12743 1.12763 1.11988 1.12194         15362        9   12352245000",
      "[4] 2016.11.09 08:00:00 1.12194 1.12262 1.11058 1.11172         16833        9   12961333000",
      "[5] 2016.11.09 09:00:00 1.11173 1.11348 1.10803 1.11052         15933        8   10720384000",
      "[6] 2016.11.09 10:00:00 1.11052 1.11065 1.10289 1.10528         11888        9    8084811000",
      "[7] 2016.11.09 11:00:00 1.10512 1.11041 1.10472 1.10915          7284       10    5087113000",
      "[8] 2016.11.09 12:00:00 1.10915 1.11079 1.10892 1.10904          8710        9    6769629000",
      "[9] 2016.11.09 13:00:00 1.10904 1.10913 1.10223 1.10263          8956        7    7192138000",
    ]);
  });

  test("simple and two-dimensional arrays, flags, digits, separator, ARRAYPRINT_LIMIT", async () => {
    const lines = await run(`
ArrayPrint([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
ArrayPrint([0.5, 1.25], 3);
ArrayPrint([[1.5, 2], [3, 40.25]], 2);
ArrayPrint(["a", "bcd"]);
const rs = [new MqlRates()]; rs[0].time = StringToTime("2021.07.23 11:15"); rs[0].close = 1.5;
ArrayPrint(rs, 2, ";", 0, WHOLE_ARRAY, ARRAYPRINT_DATE);
const big = []; for (let i = 0; i < 250; i++) big.push(i);
Print("big"); ArrayPrint(big);`);
    const bigAt = lines.indexOf("big");
    expect(lines.slice(0, bigAt)).toEqual([
      " 1  2  3  4  5  6  7  8  9 10",
      "0.500 1.250",
      "     [,0]  [,1]",
      "[0,] 1.50  2.00",
      "[1,] 3.00 40.25",
      '"a"   "bcd"',
      "2021.07.23;0.00;0.00;0.00;1.50;0;0;0",
    ]);
    const big = lines.slice(bigAt + 1);
    expect(big.length).toBe(11);
    expect(big[0]).toBe(
      `[  0] ${Array.from({ length: 20 }, (_, i) => String(i).padStart(3)).join(" ")}`,
    );
    expect(big[5]).toBe("...");
    expect(big[6]?.startsWith("[150] 150 151")).toBe(true);
    expect(big[10]?.endsWith("248 249")).toBe(true);
  });
});
