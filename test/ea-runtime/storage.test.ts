// The terminal's global variables (GlobalVariable*) and the file functions (File*, Folder*) of the
// EA runtime, run as compiled MQL5 in the real bundle: values and error codes per function, the
// element types of FileWriteArray/FileReadArray, path refusal, handles, sharing, the quota, and
// what goes to the host (Outcome.storage) and comes back at load (LoadMeta.storage).
import { describe, expect, test } from "bun:test";
import type { StorageDelta, WireStorage } from "../../ea-runtime/src/runtime/storage.ts";
import { compile } from "../mql5/support.ts";
import { barsFromCloses, initEvent, inProcess, type Outcome } from "./harness.ts";

const CLOSES = Array.from({ length: 50 }, (_, i) => 1.1 + i * 0.0001);
/** TimeCurrent (= TimeLocal: no GMT or local offset) at the init event. */
const NOW = 1_700_000_000 + 49 * 3600 + 60;

type WithStorage = Outcome & { storage?: StorageDelta };

interface Run {
  init: WithStorage;
  printed: string[];
  /** A tick at NOW + `seconds`. */
  tickAt(seconds: number): WithStorage;
}

/** Compiles an EA (OnInit = `init`, OnTick = `tick`) and runs OnInit with `storage` at load. */
async function runEa(init: string, tick = "", storage?: WireStorage, globals = ""): Promise<Run> {
  const src = `${globals}
int OnInit() {
${init}
return INIT_SUCCEEDED;
}
void OnTick() {
${tick}
}
`;
  const c = compile(src);
  if (!c.ok) {
    throw new Error(`compile failed:\n${c.error}`);
  }
  const rt = await inProcess();
  const printed: string[] = [];
  const collect = (o: Outcome): WithStorage => {
    for (const l of o.logs) {
      printed.push(l.level === "info" ? l.text : `[${l.level}] ${l.text}`);
    }
    return o as WithStorage;
  };
  const loaded = collect(rt.load(c.js, storage ? { storage } : {}));
  if (!loaded.ok) {
    throw new Error(`load failed: ${loaded.error?.message}`);
  }
  const first = collect(rt.dispatch(initEvent(barsFromCloses(CLOSES))));
  if (!first.ok) {
    throw new Error(`OnInit failed: ${first.error?.message}\n${printed.join("\n")}`);
  }
  return {
    init: first,
    printed,
    tickAt: (seconds) =>
      collect(rt.dispatch({ type: "tick", snapshot: { time: (NOW + seconds) * 1000 } })),
  };
}

/** The lines OnInit prints. */
async function printed(body: string, storage?: WireStorage, globals = ""): Promise<string[]> {
  return (await runEa(body, "", storage, globals)).printed;
}

const b64 = (bytes: number[]): string => Buffer.from(bytes).toString("base64");
const ascii = (s: string): string => Buffer.from(s, "latin1").toString("base64");

// ───────────────────────────── global variables ─────────────────────────────

describe("global variables", () => {
  test("Set answers the access time; Get in both forms; Check; Time; missing ones set 4501", async () => {
    expect(
      await printed(`
      Print((long)GlobalVariableSet("gv.a", 1.5) == (long)TimeLocal(), " ", (long)GlobalVariableSet("gv.a", 2.25));
      Print(GlobalVariableGet("gv.a"));
      double v = -1;
      Print(GlobalVariableGet("gv.a", v), " ", v);
      ResetLastError();
      Print(GlobalVariableCheck("gv.a"), " ", GlobalVariableCheck("nope"), " ", GetLastError());
      Print((long)GlobalVariableTime("gv.a"));
      ResetLastError();
      Print(GlobalVariableGet("nope"), " ", GetLastError());
      ResetLastError();
      v = 7;
      Print(GlobalVariableGet("nope", v), " ", v, " ", GetLastError());
      ResetLastError();
      Print((long)GlobalVariableTime("nope"), " ", GetLastError());
    `),
    ).toEqual([
      `true ${NOW}`,
      "2.25",
      "true 2.25",
      "true false 0",
      `${NOW}`,
      "0.0 4501",
      "false 7.0 4501",
      "0 4501",
    ]);
  });

  test("Del, Total, Name (ascending), DeleteAll by prefix and by time", async () => {
    expect(
      await printed(`
      GlobalVariableSet("b", 2); GlobalVariableSet("a", 1); GlobalVariableSet("c.x", 3); GlobalVariableSet("c.y", 4);
      Print(GlobalVariablesTotal(), " ", GlobalVariableName(0), " ", GlobalVariableName(3));
      ResetLastError();
      Print("[", GlobalVariableName(4), "] ", GetLastError());
      Print(GlobalVariableDel("b"), " ", GlobalVariablesTotal());
      ResetLastError();
      Print(GlobalVariableDel("b"), " ", GetLastError());
      Print(GlobalVariablesDeleteAll("c."), " ", GlobalVariablesTotal());
      Print(GlobalVariablesDeleteAll(NULL, TimeLocal()), " ", GlobalVariablesDeleteAll(NULL, TimeLocal() + 1), " ", GlobalVariablesTotal());
      GlobalVariableSet("z", 1);
      Print(GlobalVariablesDeleteAll(), " ", GlobalVariablesTotal());
    `),
    ).toEqual(["4 a c.y", "[] 4501", "true 3", "false 4501", "2 1", "0 1 0", "1 0"]);
  });

  test("SetOnCondition sets only on an exact match; a missing variable is 4501", async () => {
    expect(
      await printed(`
      GlobalVariableSet("lock", 0);
      Print(GlobalVariableSetOnCondition("lock", 1, 0), " ", GlobalVariableGet("lock"));
      ResetLastError();
      Print(GlobalVariableSetOnCondition("lock", 2, 0), " ", GlobalVariableGet("lock"), " ", GetLastError());
      Print(GlobalVariableSetOnCondition("missing", 2, 0), " ", GetLastError());
    `),
    ).toEqual(["true 1.0", "false 1.0 0", "false 4501"]);
  });

  test("names: 63 characters at most (4003 beyond), empty refused, case-sensitive", async () => {
    const n63 = "n".repeat(63);
    expect(
      await printed(`
      Print((long)GlobalVariableSet("${n63}", 1) > 0);
      ResetLastError();
      Print((long)GlobalVariableSet("${n63}x", 1), " ", GetLastError());
      ResetLastError();
      Print((long)GlobalVariableSet("", 1), " ", GetLastError(), " ", GlobalVariableTemp(""));
      GlobalVariableSet("Case", 1);
      Print(GlobalVariableCheck("case"), " ", GlobalVariablesTotal());
    `),
    ).toEqual(["true", "0 4003", "0 4003 false", "false 2"]);
  });

  test("temporary variables: value 0, kept temporary by Set, never reported to the host", async () => {
    const r = await runEa(`
      Print(GlobalVariableTemp("tmp"), " ", GlobalVariableGet("tmp"), " ", GlobalVariablesTotal());
      GlobalVariableSet("tmp", 5);
      GlobalVariableSet("keep", 6);
      Print(GlobalVariableTemp("keep"), " ", GlobalVariableGet("keep"), " ", GlobalVariableGet("tmp"));
    `);
    expect(r.printed).toEqual(["true 0.0 1", "true 6.0 5.0"]);
    expect(r.init.storage?.globals).toEqual([{ name: "keep", value: 6, time: NOW }]);
  });

  test("reading moves GlobalVariableTime (an access); Check does not", async () => {
    const r = await runEa(
      `GlobalVariableSet("t", 1);`,
      `
      Print((long)GlobalVariableTime("t") - ${NOW});
      GlobalVariableCheck("t");
      Print((long)GlobalVariableTime("t") - ${NOW});
      GlobalVariableGet("t");
      Print((long)GlobalVariableTime("t") - ${NOW});
    `,
    );
    const o = r.tickAt(30);
    expect(r.printed).toEqual(["0", "0", "30"]);
    expect(o.storage?.globals).toEqual([{ name: "t", value: 1, time: NOW + 30 }]);
    // Nothing changed: nothing reported.
    expect(r.tickAt(30).storage).toBeUndefined();
  });

  test("the host's variables are there at load; changes and deletions go back; 4-week expiry", async () => {
    const storage: WireStorage = {
      globals: [
        { name: "kept", value: 3.5, time: NOW - 100 },
        { name: "old", value: 1, time: NOW - 28 * 86400 - 1 },
        { name: "gone", value: 2, time: NOW - 10 },
      ],
    };
    const r = await runEa(
      `
      Print(GlobalVariablesTotal(), " ", GlobalVariableGet("kept"), " ", GlobalVariableCheck("old"));
      GlobalVariableDel("gone");
    `,
      "",
      storage,
    );
    expect(r.printed).toEqual(["2 3.5 false"]);
    const globals = [...(r.init.storage?.globals ?? [])].sort((a, b) => (a.name < b.name ? -1 : 1));
    expect(globals).toEqual([
      { name: "gone", deleted: true },
      { name: "kept", value: 3.5, time: NOW },
      { name: "old", deleted: true },
    ]);
  });

  test("GlobalVariablesFlush is accepted (every event's changes go out anyway)", async () => {
    const r = await runEa(`GlobalVariableSet("f", 1); GlobalVariablesFlush(); Print("ok");`);
    expect(r.printed).toEqual(["ok"]);
    expect(r.init.storage?.globals).toEqual([{ name: "f", value: 1, time: NOW }]);
  });
});

// ───────────────────────────── files: binary ─────────────────────────────

describe("binary files", () => {
  test("write and read every scalar type; sizes, positions, seeks, sign extension", async () => {
    expect(
      await printed(`
      int h = FileOpen("data.bin", FILE_WRITE|FILE_BIN);
      Print(h, " ", FileWriteDouble(h, 1.25), " ", FileWriteFloat(h, 0.5), " ", FileWriteLong(h, -5000000000),
            " ", FileWriteInteger(h, -2), " ", FileWriteInteger(h, 200, CHAR_VALUE), " ", FileWriteInteger(h, -3, SHORT_VALUE),
            " ", FileWriteString(h, "AB"), " ", FileWriteString(h, "xyz", 5));
      Print(FileSize(h), " ", FileTell(h));
      FileClose(h);
      h = FileOpen("data.bin", FILE_READ|FILE_BIN);
      Print(FileReadDouble(h), " ", (double)FileReadFloat(h), " ", FileReadLong(h), " ", FileReadInteger(h), " ",
            FileReadInteger(h, CHAR_VALUE), " ", FileReadInteger(h, SHORT_VALUE), " ", FileReadString(h, 2), " ",
            FileReadString(h, 5), " ", FileIsEnding(h));
      Print(FileSeek(h, -10, SEEK_END), " ", FileTell(h), " ", FileReadString(h, 1));
      Print(FileSeek(h, 8, SEEK_SET), " ", FileSeek(h, 4, SEEK_CUR), " ", FileTell(h), " ", FileReadLong(h));
      Print(FileSeek(h, -100, SEEK_CUR), " ", FileTell(h));
      ResetLastError();
      FileSeek(h, 0, SEEK_END);
      Print(FileReadDouble(h), " ", GetLastError(), " ", FileIsEnding(h));
      ResetLastError();
      Print(FileReadString(h), " ", GetLastError());
    `),
    ).toEqual([
      "1 8 4 8 4 1 2 4 10",
      "41 41",
      "1.25 0.5 -5000000000 -2 -56 -3 AB xyz true",
      "true 31 x",
      "true true 12 -5000000000",
      "true 0",
      "0.0 5015 true",
      " 5016",
    ]);
  });

  test("a write past the end zero-fills the gap", async () => {
    expect(
      await printed(`
      int h = FileOpen("gap.bin", FILE_READ|FILE_WRITE|FILE_BIN);
      FileSeek(h, 3, SEEK_SET);
      FileWriteInteger(h, 7, CHAR_VALUE);
      FileSeek(h, 0, SEEK_SET);
      Print(FileSize(h), " ", FileReadInteger(h), " ", FileIsEnding(h));
    `),
    ).toEqual(["4 117440512 true"]);
  });

  test("binary functions on a text file: 5011; text reads on a binary file: 5013", async () => {
    expect(
      await printed(`
      int t = FileOpen("t.txt", FILE_WRITE|FILE_TXT);
      ResetLastError();
      Print(FileWriteDouble(t, 1), " ", GetLastError());
      int b = FileOpen("b.bin", FILE_READ|FILE_WRITE|FILE_BIN);
      ResetLastError();
      Print(FileReadNumber(b), " ", GetLastError());
      ResetLastError();
      Print(FileWrite(b, 1), " ", GetLastError());
    `),
    ).toEqual(["0 5011", "0.0 5013", "0 5013"]);
  });

  test("reading a write-only file: 5010; writing a read-only one: 5009", async () => {
    expect(
      await printed(`
      int w = FileOpen("w.bin", FILE_WRITE|FILE_BIN);
      FileWriteDouble(w, 1);
      ResetLastError();
      Print(FileReadDouble(w), " ", GetLastError());
      FileClose(w);
      int r = FileOpen("w.bin", FILE_READ|FILE_BIN);
      ResetLastError();
      Print(FileWriteDouble(r, 1), " ", GetLastError());
    `),
    ).toEqual(["0.0 5010", "0 5009"]);
  });

  test("FILE_WRITE without FILE_READ truncates; with it the content stays", async () => {
    expect(
      await printed(`
      int h = FileOpen("k.bin", FILE_WRITE|FILE_BIN);
      FileWriteLong(h, 1); FileWriteLong(h, 2);
      FileClose(h);
      h = FileOpen("k.bin", FILE_READ|FILE_WRITE|FILE_BIN);
      Print(FileSize(h));
      FileClose(h);
      h = FileOpen("k.bin", FILE_WRITE|FILE_BIN);
      Print(FileSize(h));
    `),
    ).toEqual(["16", "0"]);
  });
});

// ───────────────────────────── files: text ─────────────────────────────

describe("text files", () => {
  test("CSV: FileWrite joins with the delimiter and ends the line; reads split at it", async () => {
    const r = await runEa(`
      int h = FileOpen("q.csv", FILE_WRITE|FILE_CSV|FILE_ANSI, ';');
      Print(FileWrite(h, "EURUSD", 5, 1.2345, true), " ", FileWrite(h, "2024.01.02 03:04", "x y", "-0.5"));
      FileClose(h);
      h = FileOpen("q.csv", FILE_READ|FILE_CSV|FILE_ANSI, ';');
      string s = FileReadString(h);
      Print(s, " ", FileIsLineEnding(h), " ", FileReadNumber(h), " ", FileReadNumber(h), " ", FileReadBool(h), " ", FileIsLineEnding(h));
      Print((long)FileReadDatetime(h), " ", FileReadString(h), " ", FileReadNumber(h), " ", FileIsLineEnding(h), " ", FileIsEnding(h));
      ResetLastError();
      Print("[", FileReadString(h), "] ", GetLastError(), " ", FileReadNumber(h), " ", GetLastError());
    `);
    expect(r.printed).toEqual([
      "22 27",
      "EURUSD false 5.0 1.2345 true true",
      "1704164640 x y -0.5 true true",
      "[] 5027 0.0 5027",
    ]);
    const file = r.init.storage?.files?.find((f) => f.path === "q.csv");
    expect(file?.data).toBe(ascii("EURUSD;5;1.2345;true\r\n2024.01.02 03:04;x y;-0.5\r\n"));
  });

  test("Unicode (the default) is UTF-16LE behind a BOM; the BOM is skipped when read", async () => {
    const r = await runEa(`
      int h = FileOpen("u.csv", FILE_WRITE|FILE_CSV);
      Print(FileSize(h), " ", FileTell(h), " ", FileWrite(h, "é", 1));
      FileClose(h);
      h = FileOpen("u.csv", FILE_READ|FILE_CSV);
      Print(FileReadString(h), " ", FileReadNumber(h), " ", FileIsEnding(h));
    `);
    expect(r.printed).toEqual(["2 2 10", "é 1.0 true"]);
    expect(r.init.storage?.files?.[0]?.data).toBe(
      b64([0xff, 0xfe, 0xe9, 0, 9, 0, 0x31, 0, 0x0d, 0, 0x0a, 0]),
    );
  });

  test("TXT: lines (\\n or \\r\\n) read whole; no separator unless one is given; FileWriteString adds no line end", async () => {
    const r = await runEa(`
      int h = FileOpen("l.txt", FILE_WRITE|FILE_TXT|FILE_ANSI);
      FileWrite(h, "a", "b");
      FileWriteString(h, "c;d\\nlast");
      FileClose(h);
      h = FileOpen("l.txt", FILE_READ|FILE_TXT|FILE_ANSI, ';');
      Print(FileReadString(h), "|", FileReadString(h), "|", FileIsLineEnding(h), "|", FileReadString(h), "|", FileIsEnding(h));
      FileClose(h);
      h = FileOpen("l2.txt", FILE_WRITE|FILE_TXT|FILE_ANSI, ',');
      FileWrite(h, 1, 2);
    `);
    expect(r.printed).toEqual(["ab|c;d|true|last|true"]);
    const files = Object.fromEntries((r.init.storage?.files ?? []).map((f) => [f.path, f.data]));
    expect(files["l.txt"]).toBe(ascii("ab\r\nc;d\nlast"));
    expect(files["l2.txt"]).toBe(ascii("1,2\r\n"));
  });

  test("ANSI with CP_UTF8 writes UTF-8; a UTF-8 BOM is skipped", async () => {
    const r = await runEa(
      `
      int h = FileOpen("bom.txt", FILE_READ|FILE_TXT|FILE_ANSI, 0, CP_UTF8);
      Print(FileReadString(h));
      h = FileOpen("w8.txt", FILE_WRITE|FILE_TXT|FILE_ANSI, 0, CP_UTF8);
      FileWriteString(h, "€");
      Print(FileSize(h));
    `,
      "",
      { files: [{ path: "bom.txt", data: b64([0xef, 0xbb, 0xbf, 0x68, 0x69]) }] },
    );
    expect(r.printed).toEqual(["hi", "3"]);
  });
});

// ───────────────────────────── files: arrays ─────────────────────────────

describe("arrays", () => {
  test("each element type is written at its size and read back exactly", async () => {
    expect(
      await printed(`
      int h = FileOpen("a.bin", FILE_WRITE|FILE_BIN);
      double d[] = {1.5, -2.25}; int i[] = {1, -2, 3}; long l[] = {-5000000000}; ulong ul[] = {ULONG_MAX};
      uchar u[] = {255, 1}; char c[] = {-1}; short s[] = {-300}; ushort us[] = {65535}; float f[] = {0.25};
      bool bo[] = {true, false}; datetime dt[] = {D'2024.01.01'}; color co[] = {clrRed};
      Print(FileWriteArray(h, d), FileWriteArray(h, i), FileWriteArray(h, l), FileWriteArray(h, ul), FileWriteArray(h, u),
            FileWriteArray(h, c), FileWriteArray(h, s), FileWriteArray(h, us), FileWriteArray(h, f), FileWriteArray(h, bo),
            FileWriteArray(h, dt), FileWriteArray(h, co), " ", FileSize(h));
      FileClose(h);
      h = FileOpen("a.bin", FILE_READ|FILE_BIN);
      double d2[]; int i2[]; long l2[]; ulong ul2[]; uchar u2[]; char c2[]; short s2[]; ushort us2[]; float f2[];
      bool bo2[]; datetime dt2[]; color co2[];
      Print(FileReadArray(h, d2, 0, 2), FileReadArray(h, i2, 0, 3), FileReadArray(h, l2, 0, 1), FileReadArray(h, ul2, 0, 1),
            FileReadArray(h, u2, 0, 2), FileReadArray(h, c2, 0, 1), FileReadArray(h, s2, 0, 1), FileReadArray(h, us2, 0, 1),
            FileReadArray(h, f2, 0, 1), FileReadArray(h, bo2, 0, 2), FileReadArray(h, dt2, 0, 1), FileReadArray(h, co2));
      Print(d2[1], " ", i2[1], " ", l2[0], " ", ul2[0], " ", u2[0], " ", c2[0], " ", s2[0], " ", us2[0], " ", (double)f2[0], " ",
            bo2[0], bo2[1], " ", (long)dt2[0], " ", (int)co2[0], " ", FileIsEnding(h));
    `),
    ).toEqual([
      "231121111211 69",
      "231121111211",
      "-2.25 -2 -5000000000 18446744073709551615 255 -1 -300 65535 0.25 truefalse 1704067200 255 true",
    ]);
  });

  test("start and count; WHOLE_ARRAY reads to the end; a dynamic array grows", async () => {
    expect(
      await printed(`
      int h = FileOpen("s.bin", FILE_WRITE|FILE_BIN);
      int v[] = {10, 20, 30, 40, 50};
      Print(FileWriteArray(h, v, 1, 3), " ", FileWriteArray(h, v, 4), " ", FileWriteArray(h, v, 9), " ", FileSize(h));
      FileClose(h);
      h = FileOpen("s.bin", FILE_READ|FILE_BIN);
      int r[];
      Print(FileReadArray(h, r, 2, 1), " ", ArraySize(r), " ", r[0], " ", r[2]);
      Print(FileReadArray(h, r), " ", ArraySize(r), " ", r[0], r[1], r[2]);
    `),
    ).toEqual(["3 1 0 16", "1 3 0 20", "3 3 304050"]);
  });

  test("string arrays go to TXT files, one per line; numbers to binary files (else 5017)", async () => {
    expect(
      await printed(`
      int h = FileOpen("s.txt", FILE_WRITE|FILE_TXT|FILE_ANSI);
      string names[] = {"alpha", "beta"};
      double nums[] = {1};
      Print(FileWriteArray(h, names), " ", FileSize(h));
      ResetLastError();
      Print(FileWriteArray(h, nums), " ", GetLastError());
      FileClose(h);
      h = FileOpen("s.txt", FILE_READ|FILE_TXT|FILE_ANSI);
      string back[];
      Print(FileReadArray(h, back), " ", back[0], " ", back[1]);
      int b = FileOpen("n.bin", FILE_WRITE|FILE_BIN);
      ResetLastError();
      Print(FileWriteArray(b, names), " ", GetLastError());
    `),
    ).toEqual(["2 13", "0 5017", "2 alpha beta", "0 5017"]);
  });

  test("FileSave and FileLoad: a whole array at once", async () => {
    expect(
      await printed(`
      double d[] = {0.5, 1.5, 2.5};
      Print(FileSave("arr.bin", d), " ", FileIsExist("arr.bin"));
      double back[];
      Print(FileLoad("arr.bin", back), " ", back[2]);
      int asInts[];
      Print(FileLoad("arr.bin", asInts), " ", ArraySize(asInts));
      ResetLastError();
      Print(FileLoad("nope.bin", back), " ", GetLastError());
    `),
    ).toEqual(["true true", "3 2.5", "6 6", "-1 5019"]);
  });

  test("a JS program: typed arrays carry their type, plain arrays hold doubles", async () => {
    const rt = await inProcess();
    rt.load(`
      function OnInit() {
        const h = FileOpen("js.bin", FILE_WRITE | FILE_BIN);
        Print(FileWriteArray(h, new Int16Array([1, -1])), " ", FileWriteArray(h, [0.5]), " ", FileSize(h));
        FileClose(h);
        const r = FileOpen("js.bin", FILE_READ | FILE_BIN);
        const a = new Int16Array(2);
        const rest = [];
        Print(FileReadArray(r, a), " ", a[1], " ", FileReadArray(r, rest), " ", rest[0]);
        return 0;
      }`);
    const o = rt.dispatch(initEvent(barsFromCloses(CLOSES)));
    expect(o.logs.map((l) => l.text)).toEqual(["2 1 12", "2 -1 1 0.5"]);
  });
});

// ───────────────────────────── files: names, handles, sharing ─────────────────────────────

describe("names and handles", () => {
  test("absolute paths, drives, '..' and refused characters: INVALID_HANDLE with 5002; over 255 characters: 5003", async () => {
    const long = "x".repeat(256);
    expect(
      await printed(`
      string bad[] = {"..\\\\up.txt", "a/../b.txt", "C:\\\\x.txt", "c:x.txt", "\\\\root.txt", "/root.txt", "a|b.txt", "a<b.txt", "q?.txt", "", "sub/"};
      for (int i = 0; i < ArraySize(bad); i++) {
        ResetLastError();
        int h = FileOpen(bad[i], FILE_WRITE|FILE_BIN);
        Print(h, " ", GetLastError());
      }
      ResetLastError();
      Print(FileOpen("${long}", FILE_WRITE|FILE_BIN), " ", GetLastError());
      ResetLastError();
      Print(FileIsExist("../x"), " ", GetLastError(), " ", FolderCreate("../d"), " ", GetLastError());
    `),
    ).toEqual([...Array.from({ length: 11 }, () => "-1 5002"), "-1 5003", "false 5002 false 5021"]);
  });

  test("names ignore letter case and keep the first one; \\ and / both separate; folders are made", async () => {
    const r = await runEa(`
      int h = FileOpen("Data\\\\Sub\\\\Log.TXT", FILE_WRITE|FILE_TXT|FILE_ANSI);
      FileWrite(h, "x");
      FileClose(h);
      Print(FileIsExist("data/sub/log.txt"), " ", FileIsExist("DATA\\\\SUB\\\\LOG.TXT"));
      string name;
      long s = FileFindFirst("*", name);
      Print(name);
      FileFindClose(s);
      s = FileFindFirst("data\\\\*", name);
      Print(name);
      FileFindClose(s);
    `);
    expect(r.printed).toEqual(["true true", "Data\\", "Sub\\"]);
    expect(r.init.storage?.files?.map((f) => [f.path, f.dir === true])).toEqual([
      ["Data", true],
      ["Data/Sub", true],
      ["Data/Sub/Log.TXT", false],
    ]);
  });

  test("handles: smallest free from 1; 64 open at most (5001); closed 5007; INVALID_HANDLE 5008", async () => {
    expect(
      await printed(`
      int a = FileOpen("a.bin", FILE_WRITE|FILE_BIN), b = FileOpen("b.bin", FILE_WRITE|FILE_BIN);
      FileClose(a);
      int c = FileOpen("c.bin", FILE_WRITE|FILE_BIN);
      Print(a, " ", b, " ", c);
      ResetLastError();
      FileClose(77);
      Print(GetLastError());
      ResetLastError();
      Print(FileSize(INVALID_HANDLE), " ", GetLastError());
      int opened = 2;
      for (int i = 0; i < 70; i++) {
        if (FileOpen("f" + IntegerToString(i) + ".bin", FILE_WRITE|FILE_BIN) != INVALID_HANDLE) opened++;
      }
      Print(opened, " ", GetLastError());
    `),
    ).toEqual(["1 2 1", "5007", "0 5008", "64 5001"]);
  });

  test("opening: reading a missing file 5004; neither READ nor WRITE 4003; Windows sharing rules", async () => {
    expect(
      await printed(`
      ResetLastError();
      Print(FileOpen("missing.txt", FILE_READ|FILE_TXT), " ", GetLastError());
      ResetLastError();
      Print(FileOpen("x.txt", FILE_TXT), " ", GetLastError());
      int w = FileOpen("s.txt", FILE_WRITE|FILE_TXT);
      ResetLastError();
      Print(FileOpen("s.txt", FILE_READ|FILE_TXT), " ", GetLastError());
      FileClose(w);
      w = FileOpen("s.txt", FILE_WRITE|FILE_TXT|FILE_SHARE_READ);
      int r = FileOpen("s.txt", FILE_READ|FILE_TXT|FILE_SHARE_WRITE);
      Print(r > 0);
      ResetLastError();
      Print(FileOpen("s.txt", FILE_WRITE|FILE_TXT|FILE_SHARE_READ|FILE_SHARE_WRITE), " ", GetLastError());
    `),
    ).toEqual(["-1 5004", "-1 4003", "-1 5004", "true", "-1 5004"]);
  });

  test("FileGetInteger by handle and by name", async () => {
    expect(
      await printed(`
      int h = FileOpen("g.csv", FILE_READ|FILE_WRITE|FILE_CSV|FILE_ANSI);
      FileWrite(h, "abc");
      Print(FileGetInteger(h, FILE_SIZE), FileGetInteger(h, FILE_POSITION), FileGetInteger(h, FILE_END),
            FileGetInteger(h, FILE_IS_CSV), FileGetInteger(h, FILE_IS_TEXT), FileGetInteger(h, FILE_IS_BINARY),
            FileGetInteger(h, FILE_IS_ANSI), FileGetInteger(h, FILE_IS_COMMON), FileGetInteger(h, FILE_IS_READABLE),
            FileGetInteger(h, FILE_IS_WRITABLE), FileGetInteger(h, FILE_EXISTS));
      Print(FileGetInteger("g.csv", FILE_SIZE), " ", FileGetInteger("g.csv", FILE_EXISTS), " ",
            FileGetInteger("g.csv", FILE_MODIFY_DATE) == (long)TimeLocal(), " ", FileGetInteger("none", FILE_EXISTS));
      ResetLastError();
      Print(FileGetInteger("none", FILE_SIZE), " ", GetLastError());
    `),
    ).toEqual(["55110010111", "5 1 true 0", "-1 5019"]);
  });
});

// ───────────────────────────── files: whole-file functions ─────────────────────────────

describe("whole files and folders", () => {
  test("FileDelete, FileMove, FileCopy: errors, FILE_REWRITE, FILE_COMMON", async () => {
    expect(
      await printed(`
      int h = FileOpen("a.txt", FILE_WRITE|FILE_TXT|FILE_ANSI); FileWrite(h, "A"); FileClose(h);
      h = FileOpen("b.txt", FILE_WRITE|FILE_TXT|FILE_ANSI); FileWrite(h, "BB"); FileClose(h);
      ResetLastError();
      Print(FileCopy("a.txt", 0, "b.txt", 0), " ", GetLastError());
      Print(FileCopy("a.txt", 0, "b.txt", FILE_REWRITE), " ", FileGetInteger("b.txt", FILE_SIZE));
      Print(FileMove("a.txt", 0, "dir/c.txt", 0), " ", FileIsExist("a.txt"), " ", FileIsExist("dir/c.txt"));
      Print(FileCopy("dir/c.txt", 0, "shared.txt", FILE_COMMON), " ", FileIsExist("shared.txt"), " ", FileIsExist("shared.txt", FILE_COMMON));
      ResetLastError();
      Print(FileMove("missing.txt", 0, "x.txt", 0), " ", GetLastError());
      ResetLastError();
      Print(FileDelete("dir"), " ", GetLastError());
      h = FileOpen("b.txt", FILE_READ|FILE_TXT);
      ResetLastError();
      Print(FileDelete("b.txt"), " ", GetLastError());
      FileClose(h);
      Print(FileDelete("b.txt"), " ", FileIsExist("b.txt"));
      ResetLastError();
      Print(FileDelete("b.txt"), " ", GetLastError(), " ", FileIsExist("dir"), " ", GetLastError());
      Print(FileDelete("shared.txt", FILE_COMMON), " ", FileIsExist("shared.txt", FILE_COMMON));
    `),
    ).toEqual([
      "false 5020",
      "true 3",
      "true false true",
      "true false true",
      "false 5019",
      "false 5018",
      "false 5006",
      "true false",
      "false 5019 false 5018",
      "true false",
    ]);
  });

  test("FolderCreate, FolderDelete (empty only), FolderClean, FileFindFirst/Next", async () => {
    expect(
      await printed(`
      Print(FolderCreate("f1/f2"), " ", FolderCreate("f1"));
      int h = FileOpen("f1/b.csv", FILE_WRITE|FILE_CSV); FileClose(h);
      h = FileOpen("f1/a.csv", FILE_WRITE|FILE_CSV); FileClose(h);
      h = FileOpen("f1/z.txt", FILE_WRITE|FILE_TXT); FileClose(h);
      string n;
      long s = FileFindFirst("f1/*", n);
      string all = n;
      while (FileFindNext(s, n)) all += "," + n;
      FileFindClose(s);
      Print(all);
      s = FileFindFirst("F1\\\\*.CSV", n);
      all = n;
      while (FileFindNext(s, n)) all += "," + n;
      Print(all);
      ResetLastError();
      Print(FileFindFirst("f1/*.bin", n), " ", GetLastError());
      ResetLastError();
      Print(FolderDelete("f1"), " ", GetLastError());
      h = FileOpen("f1/a.csv", FILE_READ|FILE_CSV);
      ResetLastError();
      Print(FolderClean("f1"), " ", GetLastError());
      FileClose(h);
      Print(FolderClean("f1"), " ", FileIsExist("f1/a.csv"), " ", FolderDelete("f1"));
      ResetLastError();
      Print(FolderDelete("f1"), " ", GetLastError());
      h = FileOpen("file", FILE_WRITE|FILE_BIN); FileClose(h);
      ResetLastError();
      Print(FolderCreate("file/sub"), " ", GetLastError(), " ", FolderDelete("file"), " ", GetLastError());
    `),
    ).toEqual([
      "true true",
      "a.csv,b.csv,f2\\,z.txt",
      "a.csv,b.csv",
      "-1 5019",
      "false 5024",
      "false 5025",
      "true false true",
      "false 5022",
      "false 5023 false 5023",
    ]);
  });

  test("FileMove to the same name in another letter case renames it", async () => {
    const r = await runEa(`
      int h = FileOpen("case.txt", FILE_WRITE|FILE_BIN); FileClose(h);
      Print(FileMove("case.txt", 0, "CASE.txt", 0));
      string n;
      FileFindFirst("*", n);
      Print(n);
    `);
    expect(r.printed).toEqual(["true", "CASE.txt"]);
    expect(r.init.storage?.files).toEqual([
      { path: "CASE.txt", data: "", created: NOW, modified: NOW },
    ]);
  });

  test("FILE_COMMON is another sandbox: a name there is not the EA's own", async () => {
    expect(
      await printed(`
      int h = FileOpen("same.txt", FILE_WRITE|FILE_TXT|FILE_COMMON|FILE_ANSI);
      FileWrite(h, "common");
      FileClose(h);
      Print(FileIsExist("same.txt"), " ", FileIsExist("same.txt", FILE_COMMON));
      h = FileOpen("same.txt", FILE_READ|FILE_TXT|FILE_COMMON|FILE_ANSI);
      Print(FileReadString(h));
    `),
    ).toEqual(["false true", "common"]);
  });
});

// ───────────────────────────── quota ─────────────────────────────

describe("quota", () => {
  test("a write past the store's quota writes nothing and fails with 5026; deleting frees room", async () => {
    expect(
      await printed(
        `
      int h = FileOpen("q.bin", FILE_WRITE|FILE_BIN);
      uchar big[]; ArrayResize(big, 96);
      Print(FileWriteArray(h, big), " ", FileWriteInteger(h, 1), " ", FileSize(h));
      ResetLastError();
      Print(FileWriteInteger(h, 1, CHAR_VALUE), " ", GetLastError(), " ", FileSize(h), " ", FileTell(h));
      FileSeek(h, 0, SEEK_SET);
      Print(FileWriteDouble(h, 1), " ", FileSize(h));
      FileClose(h);
      ResetLastError();
      Print(FileSave("other.bin", big), " ", GetLastError(), " ", FileCopy("q.bin", 0, "copy.bin", 0), " ", GetLastError());
      int c = FileOpen("c.bin", FILE_WRITE|FILE_BIN|FILE_COMMON);
      Print(FileWriteArray(c, big), " ", FileSize(c));
      FileDelete("q.bin");
      Print(FileSave("other.bin", big));
    `,
        { quotaBytes: 100 },
      ),
    ).toEqual(["96 4 100", "0 5026 100 100", "8 100", "false 5026 false 5026", "96 96", "true"]);
  });
  test("TERMINAL_DISK_SPACE is what the EA's own folder has left, in MB", async () => {
    expect(
      await printed(
        `
      Print(TerminalInfoInteger(TERMINAL_DISK_SPACE));
      uchar b[]; ArrayResize(b, 1048577);
      FileSave("x.bin", b);
      FileSave("y.bin", b, FILE_COMMON);
      Print(TerminalInfoInteger(TERMINAL_DISK_SPACE));
    `,
        { quotaBytes: 3 * 1048576 },
      ),
    ).toEqual(["3", "1"]);
  });
});

// ───────────────────────────── the host's side ─────────────────────────────

describe("what goes to the host and comes back", () => {
  test("a file grown at its end goes out as an append; a rewrite whole; deletion and folders", async () => {
    const r = await runEa(
      `
      int h = FileOpen("log.txt", FILE_WRITE|FILE_TXT|FILE_ANSI);
      FileWrite(h, "one");
      FileClose(h);
      FolderCreate("empty");
      int c = FileOpen("c.bin", FILE_WRITE|FILE_BIN|FILE_COMMON);
      FileWriteInteger(c, 7, CHAR_VALUE);
      FileClose(c);
    `,
      `
      static int n = 0;
      n++;
      if (n == 1) {
        int h = FileOpen("log.txt", FILE_READ|FILE_WRITE|FILE_TXT|FILE_ANSI);
        FileSeek(h, 0, SEEK_END);
        FileWrite(h, "two");
        FileClose(h);
      }
      if (n == 2) {
        int h = FileOpen("log.txt", FILE_WRITE|FILE_TXT|FILE_ANSI);
        FileWrite(h, "new");
        FileClose(h);
      }
      if (n == 3) {
        FileDelete("log.txt");
        FolderDelete("empty");
      }
    `,
    );
    expect(r.init.storage?.files).toEqual([
      { path: "log.txt", data: ascii("one\r\n"), created: NOW, modified: NOW },
      { path: "empty", dir: true, created: NOW, modified: NOW },
      { common: true, path: "c.bin", data: b64([7]), created: NOW, modified: NOW },
    ]);
    expect(r.tickAt(60).storage?.files).toEqual([
      { path: "log.txt", append: ascii("two\r\n"), created: NOW, modified: NOW + 60 },
    ]);
    expect(r.tickAt(120).storage?.files).toEqual([
      { path: "log.txt", data: ascii("new\r\n"), created: NOW, modified: NOW + 120 },
    ]);
    expect(r.tickAt(180).storage?.files).toEqual([
      { path: "log.txt", deleted: true },
      { path: "empty", deleted: true },
    ]);
    expect(r.tickAt(240).storage).toBeUndefined();
  });

  test("an open file's writes go out with the event that made them", async () => {
    const r = await runEa(`int h = FileOpen("open.bin", FILE_WRITE|FILE_BIN);`, "", undefined);
    expect(r.init.storage?.files).toEqual([
      { path: "open.bin", data: "", created: NOW, modified: NOW },
    ]);
  });

  test("a later run starts on what the earlier one left (host-side apply of the deltas)", async () => {
    const program = `
      double runs = 0;
      GlobalVariableGet("runs", runs);
      GlobalVariableSet("runs", runs + 1);
      int h = FileOpen("Runs\\\\log.csv", FILE_READ|FILE_WRITE|FILE_CSV|FILE_ANSI);
      FileSeek(h, 0, SEEK_END);
      FileWrite(h, "run", runs + 1);
      FileClose(h);
      h = FileOpen("runs/LOG.csv", FILE_READ|FILE_CSV|FILE_ANSI);
      string lines = "";
      while (!FileIsEnding(h)) lines += FileReadString(h) + "=" + FileReadString(h) + ";";
      Print(runs + 1, " ", lines);
    `;
    // What a host keeps: the state after applying each delta.
    const globals = new Map<string, { name: string; value: number; time: number }>();
    const files = new Map<string, { path: string; dir?: boolean; data: Buffer }>();
    const apply = (d: StorageDelta | undefined): void => {
      for (const g of d?.globals ?? []) {
        if (g.deleted) {
          globals.delete(g.name);
        } else {
          globals.set(g.name, { name: g.name, value: g.value ?? 0, time: g.time ?? 0 });
        }
      }
      for (const f of d?.files ?? []) {
        const key = f.path.toLowerCase();
        if (f.deleted) {
          files.delete(key);
        } else if (f.append !== undefined) {
          const prev = files.get(key);
          files.set(key, {
            path: f.path,
            data: Buffer.concat([prev?.data ?? Buffer.alloc(0), Buffer.from(f.append, "base64")]),
          });
        } else {
          files.set(key, { path: f.path, dir: f.dir, data: Buffer.from(f.data ?? "", "base64") });
        }
      }
    };
    const state = (): WireStorage => ({
      globals: [...globals.values()],
      files: [...files.values()].map((f) =>
        f.dir ? { path: f.path, dir: true } : { path: f.path, data: f.data.toString("base64") },
      ),
    });
    const first = await runEa(program, "", state());
    apply(first.init.storage);
    const second = await runEa(program, "", state());
    apply(second.init.storage);
    const third = await runEa(program, "", state());
    expect([...first.printed, ...second.printed, ...third.printed]).toEqual([
      "1.0 run=1.0;",
      "2.0 run=1.0;run=2.0;",
      "3.0 run=1.0;run=2.0;run=3.0;",
    ]);
    // The second run only appended to the log.
    expect(second.init.storage?.files).toEqual([
      { path: "Runs/log.csv", append: ascii("run\t2.0\r\n"), created: 0, modified: NOW },
    ]);
  });
});
