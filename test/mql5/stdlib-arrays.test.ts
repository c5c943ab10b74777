// The Standard Library's data collections, written as MQL5 under ea-runtime/src/mql5/include
// (Arrays/Array.mqh … ArrayObj.mqh, List.mqh, TreeNode.mqh, Tree.mqh): small programs compiled
// with the real headers and run in the EA runtime, every public method exercised with the
// results the MQL5 reference documents (insert positions, sorted searches, memory management
// flags deleting the objects they remove, list navigation).
import { describe, expect, test } from "bun:test";
import { compile, printedBy } from "./support.ts";

/** A `Dump(const CArrayX *a)` helper printing "[e0,e1,…]" with `fmt` applied to each element. */
function dump(cls: string, fmt: string): string {
  return `
string Dump(const ${cls} *a)
  {
   string s = "";
   for(int i = 0; i < a.Total(); i++)
      s += (i > 0 ? "," : "") + ${fmt};
   return("[" + s + "]");
  }`;
}

describe("CArray and CArrayInt", () => {
  test("attributes, capacity in steps, adding and inserting", async () => {
    const lines = await printedBy(
      `CArrayInt a;
       Print(a.Step(), " ", a.Total(), " ", a.Max(), " ", a.Available(), " ", a.IsSorted(), " ", a.SortMode(), " ", a.Type());
       bool st0 = a.Step(0);
       bool st4 = a.Step(4);
       Print(st0, " ", st4, " ", a.Step());
       a.Add(5);
       Print(a.Total(), " ", a.Max(), " ", a.Available());
       bool rs10 = a.Reserve(10);
       bool rs0 = a.Reserve(0);
       Print(rs10, " ", rs0, " ", a.Max());
       int src[] = {8, 3, 9, 3};
       a.AddArray(src);
       CArrayInt b;
       b.Add(1);
       b.Add(7);
       a.AddArray(GetPointer(b));
       Print(Dump(GetPointer(a)), " ", a.Total());
       bool i1 = a.Insert(4, 0);
       bool i2 = a.Insert(6, 100);
       bool i3 = a.Insert(0, -1);
       Print(i1, " ", i2, " ", i3, " ", Dump(GetPointer(a)));
       int ins[] = {10, 11};
       bool r1 = a.InsertArray(ins, 2);
       bool r2 = a.InsertArray(GetPointer(b), 0);
       bool r3 = a.InsertArray(ins, -1);
       Print(r1, " ", r2, " ", r3, " ", Dump(GetPointer(a)), " ", a.Total(), " ", a.Max());
       Print(a.At(0), " ", a[4], " ", a.At(13), " ", a.At(-1), " ", a.Minimum(0, WHOLE_ARRAY), " ", a.Maximum(0, WHOLE_ARRAY), " ", a.Minimum(2, 3), " ", a.Maximum(5, 100), " ", a.Minimum(20, 1));`,
      `#include <Arrays\\ArrayInt.mqh>
       ${dump("CArrayInt", "IntegerToString(a.At(i))")}`,
    );
    expect(lines).toEqual([
      "16 0 0 0 false -1 7",
      "false true 4",
      "1 4 3",
      "true false 12",
      "[5,8,3,9,3,1,7] 7",
      "true true false [4,5,8,3,9,3,1,7,6]",
      "true true false [1,7,4,5,10,11,8,3,9,3,1,7,6] 13 16",
      "1 10 2147483647 2147483647 0 5 2 5 -1",
    ]);
  });

  test("updating, shifting, deleting, comparing, assigning", async () => {
    const lines = await printedBy(
      `CArrayInt a;
       int src[] = {1, 7, 4, 5, 10, 11, 8, 3, 9, 3, 1, 7, 6};
       a.AssignArray(src);
       bool u1 = a.Update(1, 70);
       bool u2 = a.Update(13, 0);
       Print(u1, " ", u2, " ", a.At(1), " ", a.Total());
       bool s1 = a.Shift(0, 3);
       bool s2 = a.Shift(12, -12);
       bool s3 = a.Shift(5, 8);
       bool s4 = a.Shift(2, 0);
       Print(s1, " ", s2, " ", s3, " ", s4, " ", Dump(GetPointer(a)));
       bool d1 = a.Delete(1);
       bool d2 = a.Delete(12);
       bool d3 = a.DeleteRange(4, 2);
       bool d4 = a.DeleteRange(7, 50);
       bool d5 = a.DeleteRange(7, 9);
       bool d6 = a.DeleteRange(-1, 2);
       Print(d1, " ", d2, " ", d3, " ", d4, " ", d5, " ", d6, " ", Dump(GetPointer(a)));
       int same[] = {6, 4, 11, 8, 3, 9, 3};
       int other[] = {6, 4, 11};
       CArrayInt c;
       c.AssignArray(same);
       Print(a.CompareArray(same), " ", a.CompareArray(other), " ", a.CompareArray(GetPointer(c)), " ", c.Total(), " ", c.SortMode());
       c.Update(6, 2);
       Print(a.CompareArray(GetPointer(c)), " ", Dump(GetPointer(c)));`,
      `#include <Arrays/ArrayInt.mqh>
       ${dump("CArrayInt", "IntegerToString(a.At(i))")}`,
    );
    expect(lines).toEqual([
      "true false 70 13",
      "true true false true [6,70,4,5,1,10,11,8,3,9,3,1,7]",
      "true false true true false false [6,4,11,8,3,9,3]",
      "true false true 7 -1",
      "false [6,4,11,8,3,9,2]",
    ]);
  });

  test("sorting, searching the sorted array, InsertSort, Resize, Clear, Shutdown", async () => {
    const lines = await printedBy(
      `CArrayInt a;
       int src[] = {6, 4, 11, 8, 3, 9, 3};
       a.AddArray(src);
       bool early = a.InsertSort(5);
       Print(a.Search(3), " ", early, " ", a.SearchLinear(9), " ", a.SearchLinear(5));
       a.Sort();
       Print(Dump(GetPointer(a)), " ", a.IsSorted(), " ", a.SortMode());
       Print(a.Search(8), " ", a.Search(5), " ", a.SearchFirst(3), " ", a.SearchLast(3), " ", a.SearchGreat(3), " ", a.SearchGreat(11), " ", a.SearchLess(4), " ", a.SearchLess(3), " ", a.SearchGreatOrEqual(5), " ", a.SearchGreatOrEqual(12), " ", a.SearchLessOrEqual(5), " ", a.SearchLessOrEqual(2), " ", a.SearchLinear(9));
       bool is1 = a.InsertSort(5);
       bool is2 = a.InsertSort(0);
       bool is3 = a.InsertSort(20);
       Print(is1, " ", is2, " ", is3, " ", Dump(GetPointer(a)), " ", a.IsSorted());
       a.Add(1);
       Print(a.IsSorted(), " ", a.SortMode(), " ", a.Search(1));
       a.Sort(1);
       Print(a.IsSorted(), " ", a.IsSorted(1), " ", a.SortMode(), " ", Dump(GetPointer(a)), " ", a.Search(1));
       CArrayInt d;
       d.Add(42);
       bool as = d.AssignArray(GetPointer(a));
       bool self = d.AssignArray(GetPointer(d));
       Print(as, " ", self, " ", d.Total(), " ", d.SortMode(), " ", d.CompareArray(GetPointer(a)));
       Print(a.Total(), " ", a.Max());
       bool rz = a.Resize(5);
       bool rzn = a.Resize(-1);
       Print(rz, " ", rzn, " ", a.Total(), " ", a.Max(), " ", Dump(GetPointer(a)));
       a.Clear();
       Print(a.Total(), " ", a.Max());
       bool sd = a.Shutdown();
       Print(sd, " ", a.Total(), " ", a.Max(), " ", a.SortMode(), " ", a.Save(0), " ", a.Load(0));`,
      `#include <Arrays/ArrayInt.mqh>
       ${dump("CArrayInt", "IntegerToString(a.At(i))")}`,
    );
    expect(lines).toEqual([
      "-1 false 5 -1",
      "[3,3,4,6,8,9,11] true 0",
      "4 -1 0 1 2 -1 1 -1 3 -1 2 -1 5",
      "true true true [0,3,3,4,5,6,8,9,11,20] true",
      "false -1 -1",
      "false true 1 [0,1,3,3,4,5,6,8,9,11,20] 1",
      "true true 11 1 true",
      "11 16",
      "true false 5 16 [0,1,3,3,4]",
      "0 16",
      "true 0 0 -1 false false",
    ]);
  });
});

describe("the other typed arrays", () => {
  test("CArrayChar: char values, CHAR_MAX for a missing index", async () => {
    const lines = await printedBy(
      `CArrayChar c;
       char src[] = {'c', 'a', 'b'};
       c.AddArray(src);
       c.Add(-5);
       c.Sort();
       Print(c.Type(), " ", Dump(GetPointer(c)), " ", c.At(9), " ", c.Search('b'), " ", c.Maximum(0, WHOLE_ARRAY), " ", c.Minimum(1, 2));
       c.Insert(100, 1);
       c.Delete(0);
       Print(Dump(GetPointer(c)), " ", c.SearchLinear(98), " ", c[0]);`,
      `#include <Arrays/ArrayChar.mqh>
       ${dump("CArrayChar", "IntegerToString(a.At(i))")}`,
    );
    expect(lines).toEqual(["2 [-5,97,98,99] 127 2 3 1", "[100,97,98,99] 2 100"]);
  });

  test("CArrayShort: short values, SHORT_MAX for a missing index", async () => {
    const lines = await printedBy(
      `CArrayShort s;
       short src[] = {300, -2, 32767, 7};
       s.AssignArray(src);
       s.Sort();
       Print(s.Type(), " ", Dump(GetPointer(s)), " ", s.At(4), " ", s.SearchGreat(7), " ", s.Minimum(1, 2));
       bool ok = s.InsertSort(100);
       Print(ok, " ", Dump(GetPointer(s)), " ", s.SearchLessOrEqual(299));`,
      `#include <Arrays/ArrayShort.mqh>
       ${dump("CArrayShort", "IntegerToString(a.At(i))")}`,
    );
    expect(lines).toEqual(["4 [-2,7,300,32767] 32767 2 1", "true [-2,7,100,300,32767] 2"]);
  });

  test("CArrayLong: 64-bit values kept and compared exactly, LONG_MAX for a missing index", async () => {
    const lines = await printedBy(
      `CArrayLong l;
       l.Add(9007199254740993);
       l.Add(LONG_MIN);
       l.Add(9223372036854775807);
       l.Add(9007199254740992);
       l.Sort();
       Print(l.Type(), " ", Dump(GetPointer(l)), " ", l.At(4));
       Print(l.Search(9007199254740993), " ", l.SearchLess(9007199254740993), " ", l.SearchGreat(9007199254740992), " ", l.Maximum(0, WHOLE_ARRAY));`,
      `#include <Arrays/ArrayLong.mqh>
       ${dump("CArrayLong", "(string)a.At(i)")}`,
    );
    expect(lines).toEqual([
      "10 [-9223372036854775808,9007199254740992,9007199254740993,9223372036854775807] 9223372036854775807",
      "2 1 2 3",
    ]);
  });

  test("CArrayFloat: Delta makes close values equal in searches", async () => {
    const lines = await printedBy(
      `CArrayFloat f;
       f.Add(2.5);
       f.Add(0.125);
       f.Add(1.0);
       f.Sort();
       Print(f.Type(), " ", Dump(GetPointer(f)), " ", f.Search(1.01), " ", f.SearchGreat(1.01), " ", f.At(7) > 3.4e38);
       f.Delta(0.05);
       Print(f.Search(1.01), " ", f.SearchGreat(1.01), " ", f.SearchLess(0.1), " ", f.SearchLinear(2.52));`,
      `#include <Arrays/ArrayFloat.mqh>
       ${dump("CArrayFloat", "DoubleToString(a.At(i), 3)")}`,
    );
    expect(lines).toEqual(["12 [0.125,1.000,2.500] -1 2 true", "1 2 -1 2"]);
  });

  test("CArrayDouble: Delta (absolute value) in searches and comparisons", async () => {
    const lines = await printedBy(
      `CArrayDouble d;
       double v[] = {3.3, 1.1, 2.2};
       d.AddArray(v);
       d.Sort();
       Print(d.Type(), " ", Dump(GetPointer(d)), " ", d.Search(2.2), " ", d.Search(2.2000001), " ", d.CompareArray(v), " ", d.At(5) == DBL_MAX);
       d.Delta(-0.001);
       double close[] = {1.1, 2.2000001, 3.3};
       Print(d.Search(2.2000001), " ", d.SearchLess(2.2000001), " ", d.SearchGreatOrEqual(2.1995), " ", d.CompareArray(close), " ", d.Maximum(0, 2));
       d.Update(0, 5.5);
       Print(Dump(GetPointer(d)), " ", d.IsSorted(), " ", d.Minimum(0, WHOLE_ARRAY));`,
      `#include <Arrays/ArrayDouble.mqh>
       ${dump("CArrayDouble", "DoubleToString(a.At(i), 2)")}`,
    );
    expect(lines).toEqual([
      "13 [1.10,2.20,3.30] 1 -1 false true",
      "1 0 1 true 1",
      "[5.50,2.20,3.30] false 1",
    ]);
  });

  test("CArrayString: adding, inserting, moving, deleting; an empty string for a missing index", async () => {
    const lines = await printedBy(
      `CArrayString s;
       string v[] = {"pear", "Apple"};
       s.AddArray(v);
       s.Add("fig");
       s.Insert("kiwi", 1);
       string w[] = {"lime", "plum"};
       s.InsertArray(w, 0);
       Print(s.Type(), " ", s.Total(), " ", Dump(GetPointer(s)), " [", s.At(9), "] [", s.At(-1), "] ", s[2]);
       s.Update(3, "date");
       s.Shift(0, 5);
       s.Delete(1);
       Print(Dump(GetPointer(s)));
       CArrayString t;
       t.AssignArray(GetPointer(s));
       t.DeleteRange(1, 2);
       t.Resize(2);
       Print(Dump(GetPointer(t)), " ", t.Total(), " ", t.Max(), " ", s.Total());
       s.Shutdown();
       Print(s.Total(), " ", s.Max(), " [", s.At(0), "]");`,
      `#include <Arrays/ArrayString.mqh>
       ${dump("CArrayString", "a.At(i)")}`,
    );
    expect(lines).toEqual([
      "14 6 [lime,plum,pear,kiwi,Apple,fig] [] [] pear",
      "[plum,date,Apple,fig,lime]",
      "[plum,fig] 2 16 5",
      "0 0 []",
    ]);
  });

  // StringCompare returns 0 for any two strings (see compiler-gaps-stdlib.test.ts): the sorted
  // order, the searches and the comparisons of CArrayString wait for it.
  test("CArrayString: StringCompare order in Sort, the searches and CompareArray", async () => {
    const lines = await printedBy(
      `CArrayString s;
       string v[] = {"pear", "Apple", "apple", "banana"};
       s.AddArray(v);
       Print(s.Type(), " ", s.SearchLinear("apple"), " ", s.Search("apple"));
       s.Sort();
       Print(Dump(GetPointer(s)), " ", s.Search("banana"), " ", s.Search("cherry"), " ", s.SearchGreat("b"), " ", s.SearchLess("b"), " [", s.At(9), "]");
       bool ok = s.InsertSort("cherry");
       Print(ok, " ", Dump(GetPointer(s)), " ", s[3]);
       CArrayString t;
       t.AssignArray(GetPointer(s));
       t.Shift(4, -4);
       t.DeleteRange(3, 10);
       Print(Dump(GetPointer(t)), " ", t.CompareArray(GetPointer(s)), " ", t.SortMode());`,
      `#include <Arrays/ArrayString.mqh>
       ${dump("CArrayString", "a.At(i)")}`,
    );
    expect(lines).toEqual([
      "14 2 -1",
      "[apple,Apple,banana,pear] 2 -1 2 1 []",
      "true [apple,Apple,banana,cherry,pear] cherry",
      "[pear,apple,Apple] false -1",
    ]);
  });
});

/** A CObject with a value and a name: Compare orders by value (mode 0) or by name (mode 1). */
const ITEM = `
class CItem : public CObject
  {
public:
   int               m_v;
   string            m_name;
                     CItem(const int v, const string name) : m_v(v), m_name(name) {}
   virtual int       Compare(const CObject *node, const int mode = 0) const
     {
      const CItem *other = (const CItem *)node;
      if(mode == 1)
         return(m_name > other.m_name ? 1 : (m_name < other.m_name ? -1 : 0));
      if(m_v > other.m_v)
         return(1);
      if(m_v < other.m_v)
         return(-1);
      return(0);
     }
  };
bool Gone(const CObject *p) { return(CheckPointer(p) == POINTER_INVALID); }`;

describe("CArrayObj", () => {
  test("adding, inserting, Update/Delete/Detach with FreeMode, Shift, DeleteRange", async () => {
    const lines = await printedBy(
      `CArrayObj *arr = new CArrayObj;
       Print(arr.FreeMode(), " ", arr.Type(), " ", arr.Total(), " ", arr.CreateElement(0), " ", arr.IsSorted());
       CItem *i5 = new CItem(5, "e");
       CItem *i2 = new CItem(2, "b");
       CItem *i9 = new CItem(9, "a");
       CItem *i7 = new CItem(7, "d");
       CItem *i3 = new CItem(3, "c");
       bool a1 = arr.Add(i5);
       bool a2 = arr.Add(i2);
       bool a3 = arr.Add(NULL);
       bool a4 = arr.Insert(i9, 0);
       bool a5 = arr.Insert(i7, 99);
       bool a6 = arr.Insert(i3, -1);
       Print(a1, " ", a2, " ", a3, " ", a4, " ", a5, " ", a6, " ", Dump(arr));
       Print(arr.At(1) == i5, " ", arr.At(4) == NULL, " ", arr.At(-1) == NULL, " ", arr.Max(), " ", arr.Available());
       bool u = arr.Update(2, i3);
       bool uo = arr.Update(4, i2);
       Print(u, " ", uo, " ", Gone(i2), " ", Dump(arr));
       bool sh = arr.Shift(3, -2);
       Print(sh, " ", Dump(arr));
       CObject *det = arr.Detach(0);
       Print(det == i9, " ", Gone(i9), " ", Dump(arr), " ", arr.Detach(5) == NULL);
       bool dl = arr.Delete(1);
       bool dlo = arr.Delete(2);
       Print(dl, " ", dlo, " ", Gone(i5), " ", Dump(arr));
       CItem *i1 = new CItem(1, "z");
       CItem *i4 = new CItem(4, "f");
       arr.Add(i9);
       arr.Add(i1);
       arr.Add(i4);
       bool dr = arr.DeleteRange(3, 1);
       Print(dr, " ", Gone(i3), " ", Gone(i9), " ", Gone(i1), " ", Gone(i7), " ", Gone(i4), " ", Dump(arr));
       arr.FreeMode(false);
       arr.Delete(0);
       Print(arr.FreeMode(), " ", Gone(i7), " ", Dump(arr));
       delete i7;
       arr.FreeMode(true);
       delete arr;
       Print(Gone(i4), " ", Gone(arr));`,
      `#include <Arrays\\ArrayObj.mqh>
       ${ITEM}
       ${dump("CArrayObj", '(a.At(i) == NULL ? "null" : IntegerToString(((CItem *)a.At(i)).m_v))')}`,
    );
    expect(lines).toEqual([
      "true 30584 0 false false",
      "true true false true true false [9,5,2,7]",
      "true true true 16 12",
      "true false true [9,5,3,7]",
      "true [9,7,5,3]",
      "true false [7,5,3] true",
      "true false true [7,3]",
      "true true true true false false [7,4]",
      "false false [4]",
      "true true",
    ]);
  });

  test("sorting by the elements' Compare in each mode; searching; InsertSort", async () => {
    const lines = await printedBy(
      `CArrayObj arr;
       arr.Add(new CItem(7, "d"));
       arr.Add(new CItem(3, "c"));
       arr.Add(new CItem(9, "a"));
       arr.Add(new CItem(1, "z"));
       arr.Add(new CItem(4, "f"));
       CItem probe(4, "?");
       Print(arr.Search(GetPointer(probe)), " ", arr.InsertSort(new CItem(0, "x")));
       arr.Sort(0);
       Print(Dump(GetPointer(arr)), " ", arr.IsSorted(0), " ", arr.SortMode());
       int found = arr.Search(GetPointer(probe));
       probe.m_v = 5;
       int missing = arr.Search(GetPointer(probe));
       int great = arr.SearchGreat(GetPointer(probe));
       int less = arr.SearchLess(GetPointer(probe));
       probe.m_v = 4;
       int goe = arr.SearchGreatOrEqual(GetPointer(probe));
       int loe = arr.SearchLessOrEqual(GetPointer(probe));
       probe.m_v = 10;
       int none = arr.SearchGreat(GetPointer(probe));
       Print(found, " ", missing, " ", great, " ", less, " ", goe, " ", loe, " ", none);
       CItem *dup = new CItem(4, "g");
       bool is = arr.InsertSort(dup);
       probe.m_v = 4;
       Print(is, " ", Dump(GetPointer(arr)), " ", arr.At(3) == dup, " ", arr.SearchFirst(GetPointer(probe)), " ", arr.SearchLast(GetPointer(probe)));
       arr.Sort(1);
       probe.m_name = "d";
       Print(Dump(GetPointer(arr)), " ", arr.IsSorted(), " ", arr.IsSorted(1), " ", arr.Search(GetPointer(probe)));
       arr.Sort(1);
       bool isb = arr.InsertSort(new CItem(8, "b"));
       Print(arr.SortMode(), " ", isb, " ", Dump(GetPointer(arr)));`,
      `#include <Arrays/ArrayObj.mqh>
       ${ITEM}
       ${dump("CArrayObj", "IntegerToString(((CItem *)a.At(i)).m_v)")}`,
    );
    expect(lines).toEqual([
      "-1 false",
      "[1,3,4,7,9] true 0",
      "2 -1 3 2 2 2 -1",
      "true [1,3,4,4,7,9] true 2 3",
      "[9,3,7,4,4,1] false true 2",
      "1 true [9,8,3,7,4,4,1]",
    ]);
  });

  test("arrays sharing elements: AddArray, InsertArray, AssignArray, CompareArray; Clear, Resize, Shutdown", async () => {
    const lines = await printedBy(
      `CArrayObj *owner = new CArrayObj;
       CItem *it[6];
       for(int i = 0; i < 6; i++)
         {
          it[i] = new CItem(i * 10, "n");
          owner.Add(it[i]);
         }
       CArrayObj view;
       view.FreeMode(false);
       bool asg = view.AssignArray(owner);
       Print(asg, " ", Dump(GetPointer(view)), " ", view.CompareArray(owner), " ", view.SortMode());
       view.Delete(0);
       Print(Gone(it[0]), " ", view.CompareArray(owner), " ", Dump(GetPointer(view)));
       CArrayObj other;
       other.FreeMode(false);
       other.Add(it[5]);
       bool ad = other.AddArray(GetPointer(view));
       bool ia = other.InsertArray(owner, 1);
       bool ib = other.InsertArray(GetPointer(view), -1);
       Print(ad, " ", ia, " ", ib, " ", other.Total(), " ", Dump(GetPointer(other)));
       CItem *x = new CItem(7, "x");
       CArrayObj eq;
       eq.FreeMode(false);
       eq.Add(x);
       CArrayObj eq2;
       eq2.Add(new CItem(7, "y"));
       Print(eq.CompareArray(GetPointer(eq2)), " ", eq.CompareArray(NULL));
       bool rz = owner.Resize(4);
       Print(rz, " ", owner.Total(), " ", owner.Max(), " ", Gone(it[3]), " ", Gone(it[4]), " ", Gone(it[5]));
       view.Clear();
       Print(view.Total(), " ", Gone(it[1]));
       owner.Clear();
       Print(owner.Total(), " ", owner.Max(), " ", Gone(it[0]), " ", Gone(it[1]), " ", Gone(it[3]));
       CItem *kept = new CItem(1, "k");
       owner.Add(kept);
       bool sd = owner.Shutdown();
       Print(sd, " ", owner.Total(), " ", owner.Max(), " ", Gone(kept), " ", owner.Save(0), " ", owner.Load(0));
       delete owner;
       delete x;`,
      `#include <Arrays/ArrayObj.mqh>
       ${ITEM}
       ${dump("CArrayObj", "IntegerToString(((CItem *)a.At(i)).m_v)")}`,
    );
    expect(lines).toEqual([
      "true [0,10,20,30,40,50] true -1",
      "false false [10,20,30,40,50]",
      "true true false 12 [50,0,10,20,30,40,50,10,20,30,40,50]",
      "true false",
      "true 4 16 false true true",
      "0 false",
      "0 16 true true true",
      "true 0 0 true false false",
    ]);
  });
});

describe("derived collections", () => {
  test("classes derived from CArrayObj and CList reach the protected members and override the virtuals", async () => {
    const lines = await printedBy(
      `CItems items;
       for(int i = 1; i <= 4; i++)
          items.Add(new CItem(i * i, "i"));
       Print(items.Sum(), " ", items.CreateElement(1), " ", items.Sum(), " ", items.Type(), " ", items.Total());
       CItemList list;
       CObject *made = list.CreateElement();
       list.Add(made);
       list.Add(list.CreateElement());
       Print(list.Total(), " ", list.Count(), " ", ((CItem *)list.GetFirstNode()).m_name);`,
      `#include <Arrays/ArrayObj.mqh>
       #include <Arrays/List.mqh>
       ${ITEM}
       class CItems : public CArrayObj
         {
       public:
          int               Sum(void) const
            {
             int s = 0;
             for(int i = 0; i < m_data_total; i++)
                s += ((CItem *)m_data[i]).m_v;
             return(s);
            }
          virtual bool      CreateElement(const int index)
            {
             if(index < 0 || index >= m_data_total)
                return(false);
             if(m_free_mode)
                delete m_data[index];
             m_data[index] = new CItem(-100, "made");
             return(true);
            }
         };
       class CItemList : public CList
         {
       public:
          virtual CObject  *CreateElement(void) { return(new CItem(m_data_total, "node")); }
          int               Count(void) const
            {
             int n = 0;
             for(CObject *node = m_first_node; node != NULL; node = node.Next())
                n++;
             return(n);
            }
         };`,
    );
    expect(lines).toEqual(["30 true -74 30584 4", "2 2 node"]);
  });
});

describe("CList", () => {
  test("adding, inserting and navigating with the current node", async () => {
    const lines = await printedBy(
      `CList list;
       Print(list.Total(), " ", list.FreeMode(), " ", list.IsSorted(), " ", list.SortMode(), " ", list.Type(), " ", list.GetFirstNode() == NULL, " ", list.GetCurrentNode() == NULL, " ", list.CreateElement() == NULL);
       CItem *a = new CItem(1, "a");
       CItem *b = new CItem(2, "b");
       CItem *c = new CItem(3, "c");
       CItem *d = new CItem(4, "d");
       CItem *e = new CItem(5, "e");
       int ia = list.Add(a);
       int ic = list.Add(c);
       int ib = list.Insert(b, 1);
       int ie = list.Insert(e, 10);
       int id = list.Insert(d, 3);
       int bad = list.Add(NULL);
       int neg = list.Insert(new CItem(0, "?"), -1);
       Print(ia, " ", ic, " ", ib, " ", ie, " ", id, " ", bad, " ", neg, " ", Walk(GetPointer(list)), " ", list.Total());
       Print(Name(list.GetCurrentNode()), " ", Name(list.GetFirstNode()), " ", Name(list.GetNextNode()), " ", Name(list.GetNextNode()), " ", Name(list.GetPrevNode()), " ", Name(list.GetCurrentNode()));
       Print(Name(list.GetLastNode()), " ", list.GetNextNode() == NULL, " ", Name(list.GetCurrentNode()), " ", Name(list.GetFirstNode()), " ", list.GetPrevNode() == NULL, " ", Name(list.GetCurrentNode()));
       Print(Name(list.GetNodeAtIndex(3)), " ", Name(list.GetNextNode()), " ", list.GetNodeAtIndex(5) == NULL, " ", Name(list.GetCurrentNode()), " ", Name(list.GetNodeAtIndex(0)), " ", Name(list.GetNodeAtIndex(4)), " ", Name(list.GetNodeAtIndex(2)));
       Print(list.IndexOf(a), " ", list.IndexOf(d), " ", list.IndexOf(e), " ", list.IndexOf(NULL), " ", Name(list.GetCurrentNode()));
       Print(Name(a.Prev()), " ", Name(a.Next()), " ", Name(c.Prev()), " ", Name(c.Next()), " ", Name(e.Next()));
       CItem *stranger = new CItem(9, "s");
       Print(list.IndexOf(stranger));
       delete stranger;`,
      `#include <Arrays/List.mqh>
       ${ITEM}
       string Name(CObject *node) { return(node == NULL ? "-" : ((CItem *)node).m_name); }
       string Walk(CList *l)
         {
          string s = "";
          for(CObject *n = l.GetFirstNode(); n != NULL; n = l.GetNextNode())
             s += Name(n);
          return(s);
         }`,
    );
    expect(lines).toEqual([
      "0 true false -1 30585 true true true",
      "0 1 1 3 3 -1 -1 abcde 5",
      "e a b c b b",
      "e true e a true a",
      "d e true e a e c",
      "0 3 4 -1 c",
      "- b b d -",
      "-1",
    ]);
  });

  test("detaching and deleting with FreeMode, Clear, the destructor", async () => {
    const lines = await printedBy(
      `CList *list = new CList;
       CItem *n[6];
       for(int i = 0; i < 6; i++)
         {
          n[i] = new CItem(i, CharToString((uchar)('a' + i)));
          list.Add(n[i]);
         }
       list.GetNodeAtIndex(2);
       CObject *det = list.DetachCurrent();
       Print(Name(det), " ", Gone(n[2]), " ", det.Prev() == NULL, " ", det.Next() == NULL, " ", Name(list.GetCurrentNode()), " ", list.Total(), " ", Walk(list));
       delete det;
       list.GetLastNode();
       bool dc = list.DeleteCurrent();
       Print(dc, " ", Gone(n[5]), " ", Name(list.GetCurrentNode()), " ", list.Total(), " ", Walk(list));
       bool d0 = list.Delete(0);
       bool d9 = list.Delete(9);
       Print(d0, " ", d9, " ", Gone(n[0]), " ", Name(list.GetCurrentNode()), " ", Walk(list), " ", list.IndexOf(n[4]));
       list.FreeMode(false);
       list.GetFirstNode();
       bool dk = list.DeleteCurrent();
       Print(dk, " ", Gone(n[1]), " ", list.FreeMode(), " ", Walk(list));
       list.Clear();
       Print(list.Total(), " ", list.GetFirstNode() == NULL, " ", Gone(n[3]), " ", Gone(n[4]), " ", n[3].Next() == NULL, " ", list.DeleteCurrent(), " ", list.DetachCurrent() == NULL);
       list.FreeMode(true);
       list.Add(n[1]);
       list.Add(n[3]);
       delete list;
       Print(Gone(n[1]), " ", Gone(n[3]), " ", Gone(n[4]));
       delete n[4];`,
      `#include <Arrays/List.mqh>
       ${ITEM}
       string Name(CObject *node) { return(node == NULL ? "-" : ((CItem *)node).m_name); }
       string Walk(CList *l)
         {
          string s = "";
          for(CObject *n = l.GetFirstNode(); n != NULL; n = l.GetNextNode())
             s += Name(n);
          return(s);
         }`,
    );
    expect(lines).toEqual([
      "c false true true d 5 abdef",
      "true true e 4 abde",
      "true false true b bde 2",
      "true false false de",
      "0 true false false true false true",
      "true true false",
    ]);
  });

  test("Sort by the nodes' Compare, Search, MoveToIndex, Exchange, CompareList", async () => {
    const lines = await printedBy(
      `CList list;
       CItem *k = new CItem(3, "k");
       CItem *m = new CItem(1, "m");
       CItem *b = new CItem(2, "b");
       CItem *x = new CItem(5, "x");
       list.Add(k);
       list.Add(m);
       list.Add(b);
       list.Add(x);
       CItem probe(2, "?");
       Print(list.Search(GetPointer(probe)) == NULL, " ", list.IsSorted());
       list.Sort(0);
       Print(Walk(GetPointer(list)), " ", list.IsSorted(), " ", list.SortMode(), " ", Name(list.Search(GetPointer(probe))), " ", Name(list.GetCurrentNode()), " ", list.IndexOf(b));
       probe.m_v = 4;
       Print(list.Search(GetPointer(probe)) == NULL, " ", Name(list.GetCurrentNode()));
       list.Sort(1);
       probe.m_name = "m";
       Print(Walk(GetPointer(list)), " ", list.SortMode(), " ", Name(list.Search(GetPointer(probe))), " ", Name(m.Prev()), " ", Name(m.Next()), " ", Name(list.GetLastNode()));
       list.GetNodeAtIndex(0);
       bool mv = list.MoveToIndex(3);
       Print(mv, " ", Walk(GetPointer(list)), " ", list.IsSorted(), " ", list.IndexOf(b));
       list.GetNodeAtIndex(2);
       bool mv2 = list.MoveToIndex(0);
       Print(mv2, " ", Name(list.GetCurrentNode()), " ", list.IndexOf(list.GetCurrentNode()), " ", list.MoveToIndex(4), " ", Walk(GetPointer(list)));
       bool ex = list.Exchange(x, m);
       Print(ex, " ", Walk(GetPointer(list)));
       bool ex2 = list.Exchange(b, k);
       CItem *stranger = new CItem(0, "s");
       bool ex3 = list.Exchange(b, stranger);
       Print(ex2, " ", ex3, " ", Walk(GetPointer(list)), " ", Name(k.Prev()), " ", Name(k.Next()), " ", Name(b.Next()));
       delete stranger;
       CList same;
       same.Add(new CItem(1, "p"));
       same.Add(new CItem(2, "q"));
       same.Add(new CItem(5, "r"));
       same.Add(new CItem(3, "s"));
       CList shorter;
       shorter.Add(new CItem(1, "t"));
       Print(list.CompareList(GetPointer(same)), " ", list.CompareList(GetPointer(shorter)), " ", same.CompareList(GetPointer(list)));
       same.GetFirstNode();
       same.DeleteCurrent();
       same.Add(new CItem(9, "u"));
       Print(list.CompareList(GetPointer(same)), " ", list.CompareList(NULL), " ", list.Save(0), " ", list.Load(0));`,
      `#include <Arrays/List.mqh>
       ${ITEM}
       string Name(CObject *node) { return(node == NULL ? "-" : ((CItem *)node).m_name); }
       string Walk(CList *l)
         {
          string s = "";
          for(CObject *n = l.GetFirstNode(); n != NULL; n = l.GetNextNode())
             s += Name(n);
          return(s);
         }`,
    );
    expect(lines).toEqual([
      "true false",
      "mbkx true 0 b b 1",
      "true b",
      "bkmx 1 m k x x",
      "true kmxb false 3",
      "true x 0 false xkmb",
      "true mkxb",
      "true false mbxk x - x",
      "true false true",
      "false false false false",
    ]);
  });
});

/** A CTreeNode keyed by an int (Compare by key). */
const KEY = `
class CKey : public CTreeNode
  {
public:
   int               m_key;
                     CKey(const int key) : m_key(key) {}
   virtual int       Compare(const CObject *node, const int mode = 0) const
     {
      const CKey *other = (const CKey *)node;
      if(m_key > other.m_key)
         return(1);
      if(m_key < other.m_key)
         return(-1);
      return(0);
     }
  };
int Key(CTreeNode *node) { return(node == NULL ? -1 : ((CKey *)node).m_key); }
string InOrder(CTreeNode *node)
  {
   if(node == NULL)
      return("");
   string l = InOrder(node.Left());
   string r = InOrder(node.Right());
   return(l + IntegerToString(Key(node)) + "," + r);
  }
bool Gone(const CObject *p) { return(CheckPointer(p) == POINTER_INVALID); }`;

describe("CTree and CTreeNode", () => {
  test("node links, balance and GetNext", async () => {
    const lines = await printedBy(
      `CKey *root = new CKey(5);
       CKey *l = new CKey(2);
       CKey *r = new CKey(8);
       CKey *rr = new CKey(9);
       root.Left(l);
       l.Owner(root);
       root.Right(r);
       r.Owner(root);
       r.Right(rr);
       rr.Owner(r);
       Print(root.Balance(), " ", rr.RefreshBalance(), " ", r.RefreshBalance(), " ", l.RefreshBalance(), " ", root.RefreshBalance(), " ", root.BalanceL(), " ", root.BalanceR(), " ", rr.BalanceL());
       CKey probe(7);
       Print(Key(root.GetNext(GetPointer(probe))), " ", Key(l.GetNext(GetPointer(probe))), " ", Key(r.GetNext(GetPointer(probe))), " ", Key(rr.Owner()), " ", Key(root.Owner()), " ", root.Type(), " ", root.SaveNode(0), " ", root.LoadNode(0, root));
       delete root; delete l; delete r; delete rr;`,
      `#include <Arrays/TreeNode.mqh>
       ${KEY}`,
    );
    expect(lines).toEqual(["1 1 2 1 3 1 2 0", "8 -1 -1 8 -1 34952 false false"]);
  });

  test("Insert keeps the tree balanced; Find, Detach, Delete, Clear", async () => {
    const lines = await printedBy(
      `CTree *tree = new CTree;
       Print(tree.Root() == NULL, " ", tree.Type(), " ", tree.CreateElement() == NULL, " ", tree.Find(NULL) == NULL);
       CKey *keys[10];
       for(int i = 0; i < 10; i++)
         {
          keys[i] = new CKey(i + 1);
          tree.Insert(keys[i]);
         }
       CTreeNode *root = tree.Root();
       Print(InOrder(root), " ", Key(root), " ", root.Balance(), " ", root.BalanceL(), " ", root.BalanceR(), " ", Key(root.Left()), " ", Key(root.Right()), " ", tree.Insert(NULL) == NULL);
       CKey probe(7);
       CTreeNode *f = tree.Find(GetPointer(probe));
       probe.m_key = 11;
       Print(f == keys[6], " ", Key(f.Owner()), " ", tree.Find(GetPointer(probe)) == NULL);
       bool dt = tree.Detach(keys[3]);
       Print(dt, " ", Gone(keys[3]), " ", keys[3].Owner() == NULL, " ", keys[3].Left() == NULL, " ", InOrder(tree.Root()), " ", Key(tree.Root()), " ", tree.Root().Balance());
       bool again = tree.Detach(keys[3]);
       bool del = tree.Delete(keys[7]);
       bool del2 = tree.Delete(keys[0]);
       Print(again, " ", del, " ", del2, " ", Gone(keys[7]), " ", Gone(keys[0]), " ", InOrder(tree.Root()), " ", tree.Root().Balance());
       tree.Insert(keys[3]);
       Print(InOrder(tree.Root()), " ", Key(keys[3].Owner()), " ", tree.Save(0), " ", tree.Load(0));
       tree.Clear();
       Print(tree.Root() == NULL, " ", Gone(keys[1]), " ", Gone(keys[3]), " ", Gone(keys[9]));
       CKey *last = new CKey(1);
       tree.Insert(last);
       delete tree;
       Print(Gone(last));`,
      `#include <Arrays/Tree.mqh>
       ${KEY}`,
    );
    expect(lines).toEqual([
      "true 39321 true true",
      "1,2,3,4,5,6,7,8,9,10, 4 4 2 3 2 8 true",
      "true 6 true",
      "true false true true 1,2,3,5,6,7,8,9,10, 5 4",
      "false true true true true 2,3,5,6,7,9,10, 4",
      "2,3,4,5,6,7,9,10, 3 false false",
      "true true true true",
      "true",
    ]);
  });
});

describe("headers", () => {
  test("every collection and string header resolves and compiles, used or not", () => {
    const r = compile(`#include <Arrays\\Array.mqh>
#include <Arrays\\ArrayChar.mqh>
#include <Arrays\\ArrayShort.mqh>
#include <Arrays\\ArrayInt.mqh>
#include <Arrays\\ArrayLong.mqh>
#include <Arrays\\ArrayFloat.mqh>
#include <Arrays\\ArrayDouble.mqh>
#include <Arrays\\ArrayString.mqh>
#include <Arrays\\ArrayObj.mqh>
#include <Arrays\\List.mqh>
#include <Arrays\\TreeNode.mqh>
#include <Arrays\\Tree.mqh>
#include <Strings\\String.mqh>
#include <arrays/arrayobj.mqh>
#include "Arrays/List.mqh"
int OnInit() { return(INIT_SUCCEEDED); }
void OnTick() {}
`);
    expect(r.ok ? "ok" : r.error).toBe("ok");
  });
});
