// The Standard Library's CString (Strings/String.mqh), written as MQL5 under
// ea-runtime/src/mql5/include: programs compiled with the real header and run in the EA runtime,
// every public method exercised with the results the MQL5 reference documents.
import { describe, expect, test } from "bun:test";
import { printedBy } from "./support.ts";

const HEADER = "#include <Strings\\String.mqh>";

describe("CString", () => {
  test("Str, Len, Assign, Append and Insert (both forms)", async () => {
    const lines = await printedBy(
      `CString s;
       Print("[", s.Str(), "] ", s.Len());
       s.Assign("Hello");
       s.Append(", World");
       Print(s.Str(), " ", s.Len());
       CString t;
       t.Assign("!");
       s.Append(GetPointer(t));
       uint n1 = s.Insert(5, " there");
       uint n2 = s.Insert(100, "?");
       CString u;
       u.Assign(">> ");
       uint n3 = s.Insert(0, GetPointer(u));
       Print(n1, " ", n2, " ", n3, " ", s.Str());
       CString v;
       v.Assign(GetPointer(s));
       v.Append(" ok");
       Print(v.Str(), " | ", s.Str());`,
      HEADER,
    );
    expect(lines).toEqual([
      "[] 0",
      "Hello, World 12",
      "19 20 23 >> Hello there, World!?",
      ">> Hello there, World!? ok | >> Hello there, World!?",
    ]);
  });

  test("Left, Right and Mid", async () => {
    const lines = await printedBy(
      `CString s;
       s.Assign("abcdef");
       Print(s.Left(3), " ", s.Right(2), " ", s.Mid(1, 3), " ", s.Left(10), " ", s.Right(9), " [", s.Right(0), "] [", s.Mid(4, 10), "] [", s.Mid(9, 1), "] [", s.Left(0), "]");`,
      HEADER,
    );
    expect(lines).toEqual(["abc ef bcd abcdef abcdef [] [ef] [] []"]);
  });

  test("Find, FindRev, Replace and Remove", async () => {
    const lines = await printedBy(
      `CString s;
       s.Assign("one two one two");
       Print(s.Find(0, "two"), " ", s.Find(5, "two"), " ", s.Find(0, "six"), " ", s.FindRev("one"), " ", s.FindRev("two"), " ", s.FindRev("x"), " ", s.Find(20, "one"), " ", s.Find(0, ""));
       uint r1 = s.Replace("one", "1");
       uint r2 = s.Remove("two");
       uint r3 = s.Replace("zzz", "y");
       uint r4 = s.Remove("");
       Print(r1, " ", r2, " ", r3, " ", r4, " [", s.Str(), "]");`,
      HEADER,
    );
    expect(lines).toEqual(["4 12 -1 8 12 -1 -1 -1", "2 2 0 0 [1  1 ]"]);
  });

  test("Trim, TrimLeft and TrimRight: whitespace and the target characters; the count removed", async () => {
    const lines = await printedBy(
      `CString s;
       s.Assign("  \\t xxHello, World!xx \\r\\n");
       int tl = s.TrimLeft("x");
       int tr = s.TrimRight("x");
       Print(tl, " ", tr, " [", s.Str(), "]");
       s.Assign("--==abc==--");
       int tb = s.Trim("-=");
       Print(tb, " ", s.Str());
       s.Assign("   spaced   ");
       int ts = s.Trim("");
       Print(ts, " [", s.Str(), "] ", s.Trim("xyz"));
       s.Assign("xxxx");
       int all = s.Trim("x");
       Print(all, " [", s.Str(), "] ", s.TrimLeft(""), " ", s.TrimRight(""));`,
      HEADER,
    );
    expect(lines).toEqual(["6 5 [Hello, World!]", "8 abc", "6 [spaced] 0", "4 [] 0 0"]);
  });

  test("ToUpper, ToLower, Reverse, Copy (both forms), Fill and Clear", async () => {
    const lines = await printedBy(
      `CString s;
       s.Assign("MiXeD 1");
       bool up = s.ToUpper();
       string c1 = s.Str();
       bool lo = s.ToLower();
       Print(up, " ", c1, " ", lo, " ", s.Str());
       s.Reverse();
       Print(s.Str());
       string out;
       s.Copy(out);
       CString dst;
       s.Copy(GetPointer(dst));
       Print(out, " ", dst.Str(), " ", dst.Len());
       bool f = s.Fill('z');
       Print(f, " ", s.Str(), " ", dst.Str());
       bool cl = s.Clear();
       Print(cl, " [", s.Str(), "] ", s.Len());`,
      HEADER,
    );
    expect(lines).toEqual([
      "true MIXED 1 true mixed 1",
      "1 dexim",
      "1 dexim 1 dexim 7",
      "true zzzzzzz 1 dexim",
      "true [] 0",
    ]);
  });

  // StringCompare returns 0 for any two strings (see compiler-gaps-stdlib.test.ts): Compare and
  // CompareNoCase wait for it. StringCompare's order: letters case-blind first, then lower case
  // before upper case.
  test("Compare and CompareNoCase (both forms) in StringCompare order", async () => {
    const lines = await printedBy(
      `CString s;
       s.Assign("Apple");
       CString h;
       h.Assign("home");
       Print(s.Compare("Apple"), " ", s.Compare("apple"), " ", s.Compare(GetPointer(h)), " ", h.Compare(GetPointer(s)), " ", s.CompareNoCase("APPLE"), " ", s.CompareNoCase(GetPointer(h)), " ", s.Compare("Apple pie"));`,
      HEADER,
    );
    expect(lines).toEqual(["0 1 -1 1 0 -1 -1"]);
  });
});
