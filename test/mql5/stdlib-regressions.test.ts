// Compiler and runtime bugs met while writing the Standard Library's collection and string
// classes (include/Arrays, include/Strings). Each test is the smallest program showing the gap,
// with the behaviour MQL5 documents (all fixed; kept as regression tests).
import { describe, expect, test } from "bun:test";
import { compile, printedBy } from "./support.ts";

describe("const references", () => {
  // lower.ts passes every `&` parameter of a scalar type as a { value } holder, `const` or not;
  // the runtime's StringCompare reads its arguments as values, so it compares two holders.
  // CArrayString (sorting, searches, CompareArray) and CString.Compare/CompareNoCase rely on it.
  test("StringCompare returns 0 for any two strings: const string& arguments reach the runtime as reference holders, not values", async () => {
    const lines = await printedBy(`
      string a = "b";
      string b = "a";
      string c = "B";
      Print(StringCompare(a, b), " ", StringCompare(b, a), " ", StringCompare(c, a), " ", StringCompare(c, a, false));`);
    expect(lines).toEqual(["1 -1 1 0"]);
  });

  // A const reference binds to any value in MQL5 (StringCompare(s, "EURUSD") is everyday code);
  // the compiler asks for a variable as it does for a writable reference.
  test("a literal or an expression passed to a const string& parameter is refused ('a variable is expected')", async () => {
    const lines = await printedBy(
      `string s = "ab";
       Print(Len("xyz"), " ", Len(s + "c"), " ", Len(Name()));`,
      `int Len(const string &text) { return(StringLen(text)); }
       string Name() { return("name"); }`,
    );
    expect(lines).toEqual(["3 3 4"]);
  });
});

describe("pointers to const objects", () => {
  // `const CNode *p` is a pointer to a constant object: the pointer itself may change (walking a
  // chain of owners). The compiler takes the variable for a constant.
  test("a pointer-to-const variable (const CNode *p) cannot be reassigned ('the expression cannot be assigned')", () => {
    const r = compile(`
class CNode
  {
public:
   CNode *m_up;
   CNode(void) : m_up(NULL) {}
  };
int Depth(const CNode *node)
  {
   int n = 0;
   const CNode *p = node;
   while(p.m_up != NULL)
     {
      p = p.m_up;
      n++;
     }
   return(n);
  }
int OnInit() { CNode a; CNode b; b.m_up = GetPointer(a); Print(Depth(GetPointer(b))); return(INIT_SUCCEEDED); }
void OnTick() {}
`);
    expect(r.ok ? "ok" : r.error).toBe("ok");
  });
});

describe("64-bit values in runtime built-ins", () => {
  // CArrayLong works around this (Minimum/Maximum loop over the elements themselves).
  test("ArrayMaximum/ArrayMinimum of a long array holding values beyond 2^53 return wrong indexes", async () => {
    const lines = await printedBy(`
      long w[] = {5, 9007199254740993, 2};
      long z[] = {9007199254740993, -9223372036854775807, 7};
      Print(ArrayMaximum(w), " ", ArrayMinimum(w), " ", ArrayMaximum(z), " ", ArrayMinimum(z));`);
    expect(lines).toEqual(["1 2 0 1"]);
  });

  test("IntegerToString rounds long values beyond 2^53 to a double", async () => {
    const lines = await printedBy(`
      long v = 9007199254740993;
      Print(IntegerToString(v), " ", IntegerToString(LONG_MIN), " ", IntegerToString(v, 20, '0'));`);
    expect(lines).toEqual(["9007199254740993 -9223372036854775808 00009007199254740993"]);
  });
});

describe("printing doubles", () => {
  // CArrayDouble.At of a missing index returns DBL_MAX, as MT5 does.
  test("Print(DBL_MAX) prints 'Infinity.0' (MT5: 1.797693134862316e+308)", async () => {
    const lines = await printedBy(`
      double m = DBL_MAX;
      Print(m, " ", -m);`);
    expect(lines).toEqual(["1.797693134862316e+308 -1.797693134862316e+308"]);
  });
});
