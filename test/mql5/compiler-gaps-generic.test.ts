// Compiler gaps met while writing the generic collections (ea-runtime/src/mql5/include/Generic):
// minimal reproductions written as MQL5 specifies the behaviour, test.todo until the compiler
// handles them (`bun test --todo test/mql5/compiler-gaps-generic.test.ts` runs them). The headers
// work around each one with plain MQL5 (noted per test).
import { describe, expect, test } from "bun:test";
import { compile, printedBy } from "./support.ts";

describe("compiler gaps (Generic collections)", () => {
  // Today: "false false" twice — the cast is lowered as a plain conversion, with no check of
  // the object's class. MetaQuotes' default comparers find IComparable / IEqualityComparable
  // elements with dynamic_cast; the headers choose by the static type instead (overloads on
  // IComparable<T>* / IEqualityComparable<T>*, Generic/Internal/Default*Comparer.mqh).
  test("dynamic_cast gives NULL when the object is not of the target class", async () => {
    const lines = await printedBy(
      `A *a = new C();
       B *b = dynamic_cast<B*>(a);
       Print(b == NULL, " ", CheckPointer(b) == POINTER_INVALID);
       A *a2 = new B();
       Print(dynamic_cast<B*>(a2) == NULL, " ", dynamic_cast<C*>(a2) == NULL);
       delete a; delete a2;`,
      `class A { public: virtual int F() { return 1; } };
       class B : public A { public: int G() { return 2; } };
       class C : public A { };`,
    );
    expect(lines).toEqual(["true true", "false true"]);
  });

  // Today: "cannot convert int to IHashable<int>*" (and "'eq' - undeclared identifier") in the
  // template's body: its instance for int is compiled although the call
  // H(5) resolves to the ordinary H(const int). MQL5 (like C++) instantiates only the function
  // it calls. This is how MetaQuotes' GetHashCode/Equals/Compare templates handle objects next to
  // the scalar overloads; the headers have no such template (see the dynamic_cast gap).
  test("a function template's body is not compiled for a call that picks an ordinary overload", async () => {
    const lines = await printedBy(
      `CKey *k = new CKey();
       Print(H(5), " ", H(k));
       delete k;`,
      `template<typename T> interface IHashable { int Hash(void); };
       class CKey : public IHashable<CKey*> { public: int Hash(void) { return 7; } };
       int H(const int v) { return v; }
       template<typename T> int H(T v)
         {
          IHashable<T> *eq = dynamic_cast<IHashable<T>*>(v);
          return(eq != NULL ? eq.Hash() : -1);
         }`,
    );
    expect(lines).toEqual(["5 7"]);
  });

  // Today: "'T' is not a class: MQL5 pointers point to objects" — T is deduced as int from the
  // argument 5 and the parameter type T* is then resolved, instead of the template being left out
  // of the overload set (deduction fails: 5 is not a pointer).
  test("a template with a T* parameter is not a candidate for a non-pointer argument", async () => {
    const lines = await printedBy(
      `CFoo *f = new CFoo();
       Print(P(5), " ", P(f));
       delete f;`,
      `class CFoo { };
       template<typename T> int P(T *v) { return 1; }
       int P(const int v) { return 2; }`,
    );
    expect(lines).toEqual(["2 1"]);
  });

  // Today: "3 3" — an enum converts to double at cost 1.5 and to int at cost 2, so the double
  // overload wins. In MQL5 an enum is an int: the int overload is the exact (promotion) match.
  // In the headers GetHashCode(enum) therefore hashes the value as a double (still consistent).
  test("an enum argument takes the int overload rather than the double one", async () => {
    const lines = await printedBy(
      `EColor c = BLUE_C;
       Print(H(BLUE_C), " ", H(c), " ", H(PERIOD_H1));`,
      `enum EColor { RED_C, GREEN_C, BLUE_C };
       int H(const int v) { return 1; }
       int H(const double v) { return 3; }`,
    );
    expect(lines).toEqual(["1 1 1"]);
  });

  // Today: "expected expression but found 'int'" — the parser does not take `Name<args>::` as a
  // scope. MQL5 calls a static method of a class template instance so (e.g.
  // CRedBlackTreeNode<int>::CreateEmptyNode()); through an object it works.
  test("a static method is called through a class template instance's name", () => {
    const r =
      compile(`template<typename T> class CBox { public: static int Two(void) { return 2; } };
int OnInit() { Print(CBox<int>::Two()); return(INIT_SUCCEEDED); }
void OnTick() {}
`);
    expect(r.ok ? "" : r.error).toBe("");
  });

  // Today: "10 10" — the fixed-size array passed to an `int &a[]` parameter is resized. In MQL5
  // ArrayResize fails on a fixed-size array (-1) wherever it is called, so the collections'
  // CopyTo(dst_array, …) fills a fixed-size array only as far as it goes.
  test("ArrayResize through a reference parameter leaves a fixed-size array alone", async () => {
    const lines = await printedBy(
      `int fixed[4];
       int r = Grow(fixed);
       Print(r, " ", ArraySize(fixed));`,
      "int Grow(int &a[]) { return ArrayResize(a, 10); }",
    );
    expect(lines).toEqual(["-1 4"]);
  });
});
