// The Standard Library's generic collections, written as MQL5 under
// ea-runtime/src/mql5/include/Generic (ArrayList, LinkedList, Queue, Stack, HashMap, HashSet,
// SortedMap, SortedSet, RedBlackTree, the Interfaces and the Internal helpers): small programs
// compiled with the real headers and run in the EA runtime, every public method exercised with
// the results the MQL5 reference documents (positions, orders, out parameters, refusals), hash
// tables with colliding keys and growing tables, sorted containers walked in key order, default
// comparers for scalars, strings, enums and objects (IComparable / IEqualityComparable or not).
// Side effects are kept out of Print's arguments (MQL5 does not fix their evaluation order).
import { describe, expect, test } from "bun:test";
import { compile, printedBy } from "./support.ts";

/** Helpers and element classes shared by the programs (after the includes under test). */
const PRELUDE = `
#include <Generic\\Interfaces\\IComparable.mqh>
#include <Generic\\Interfaces\\IComparer.mqh>
#include <Generic\\Interfaces\\IEqualityComparer.mqh>
#include <Generic\\Internal\\HashFunction.mqh>
template<typename T> string Join(T &arr[])
  {
   string s = "";
   for(int i = 0; i < ArraySize(arr); i++)
      s += (i > 0 ? "," : "") + (string)arr[i];
   return("[" + s + "]");
  }
template<typename T> string Items(ICollection<T> *c)
  {
   T arr[];
   c.CopyTo(arr);
   return(Join(arr));
  }
//--- a price: ordered, equal and hashed by its value
class CPrice : public IComparable<CPrice*>
  {
public:
   double            value;
                     CPrice(double v) : value(v) {}
   int               Compare(CPrice *other) { return(value < other.value ? -1 : (value > other.value ? 1 : 0)); }
   bool              Equals(CPrice *other) { return(value == other.value); }
   int               HashCode(void) { return((int)value); }
  };
//--- a plain class: matched by identity
class CTag
  {
public:
   string            name;
                     CTag(string n) : name(n) {}
  };
//--- descending ints
class CDescending : public IComparer<int>
  {
public:
   int               Compare(int x, int y) { return(y - x); }
  };
//--- strings by length only
class CByLength : public IComparer<string>
  {
public:
   int               Compare(string x, string y) { return(StringLen(x) - StringLen(y)); }
  };
//--- strings ignoring case
class CNoCase : public IEqualityComparer<string>
  {
public:
   bool              Equals(string x, string y) { return(StringCompare(x, y, false) == 0); }
   int               HashCode(string value) { string v = value; StringToLower(v); return(GetHashCode(v)); }
  };
//--- ints whose hash is their value modulo 4 (forced collisions)
class CMod4 : public IEqualityComparer<int>
  {
public:
   bool              Equals(int x, int y) { return(x == y); }
   int               HashCode(int value) { return(value % 4); }
  };
`;

function program(includes: string[], extra = ""): string {
  return `${includes.map((i) => `#include <Generic\\${i}.mqh>`).join("\n")}\n${PRELUDE}\n${extra}`;
}

describe("hash, equality and order functions (Generic/Internal)", () => {
  test("GetHashCode of scalars and strings, Equals, Compare, CPrimeGenerator", async () => {
    const lines = await printedBy(
      `Print(GetHashCode(42), " ", GetHashCode(-7), " ", GetHashCode(true), " ", GetHashCode(false), " ", GetHashCode((char)-3), " ", GetHashCode((uchar)200), " ", GetHashCode((short)-300), " ", GetHashCode((ushort)60000), " ", GetHashCode((uint)4294967295), " ", GetHashCode(clrRed));
       Print(GetHashCode((long)5), " ", GetHashCode((long)0x100000000), " ", GetHashCode((long)-1), " ", GetHashCode((ulong)0xFFFFFFFF00000001), " ", GetHashCode(D'1970.01.01 00:01:40'));
       Print(GetHashCode(""), " ", GetHashCode("a"), " ", GetHashCode("ab"), " ", GetHashCode("EURUSD"), " ", GetHashCode("GBPUSD"));
       double half = 3.0 / 2;
       Print(GetHashCode(0.0) == GetHashCode(-0.0), " ", GetHashCode(1.5) == GetHashCode(half), " ", GetHashCode(1.5) != GetHashCode(-1.5), " ", GetHashCode(1e300) == GetHashCode(1e300), " ", GetHashCode(2.0), " ", GetHashCode((float)2.0));
       Print(Equals(1, 1), " ", Equals("a", "b"), " ", Equals(0.1 + 0.2, 0.3), " ", Equals(true, true), " ", Equals((long)7, (long)7));
       Print(Compare(1, 2), " ", Compare(2, 1), " ", Compare(3, 3), " ", Compare("abc", "abd"), " ", Compare("b", "a"), " ", Compare(false, true), " ", Compare(2.5, 2.5), " ", Compare((ulong)0xFFFFFFFFFFFFFFFF, (ulong)1));
       Print(CPrimeGenerator::IsPrime(1), " ", CPrimeGenerator::IsPrime(2), " ", CPrimeGenerator::IsPrime(9), " ", CPrimeGenerator::IsPrime(97), " ", CPrimeGenerator::GetPrime(0), " ", CPrimeGenerator::GetPrime(4), " ", CPrimeGenerator::GetPrime(8), " ", CPrimeGenerator::ExpandPrime(3), " ", CPrimeGenerator::ExpandPrime(7), " ", CPrimeGenerator::ExpandPrime(17));`,
      `#include <Generic\\Internal\\HashFunction.mqh>
       #include <Generic\\Internal\\EqualFunction.mqh>
       #include <Generic\\Internal\\CompareFunction.mqh>
       #include <Generic\\Internal\\PrimeGenerator.mqh>`,
    );
    expect(lines).toEqual([
      "42 -7 1 0 -3 200 -300 60000 -1 255",
      "5 1 0 -2 100",
      "0 97 3105 2056437892 2096089713",
      "true true true true 1922 1922",
      "true false false true true",
      "-1 1 0 -1 1 -1 0 1",
      "false true false true 3 5 11 7 17 37",
    ]);
  });

  test("default comparers: scalars, strings, enums, IComparable objects, plain objects", async () => {
    const lines = await printedBy(
      `CDefaultEqualityComparer<string> se;
       CDefaultComparer<int> ic;
       CDefaultComparer<string> sc;
       Print(se.Equals("x", "x"), " ", se.Equals("x", "y"), " ", se.HashCode("ab"), " ", ic.Compare(3, 9), " ", ic.Compare(9, 3), " ", sc.Compare("b", "a"));
       CDefaultComparer<ENUM_TIMEFRAMES> tf;
       CDefaultEqualityComparer<ENUM_TIMEFRAMES> tfe;
       Print(tf.Compare(PERIOD_H1, PERIOD_M5), " ", tf.Compare(PERIOD_M1, PERIOD_D1), " ", tfe.Equals(PERIOD_H4, PERIOD_H4), " ", tfe.HashCode(PERIOD_M5) == tfe.HashCode(PERIOD_M5));
       CPrice *a = new CPrice(1.5), *b = new CPrice(1.5), *c = new CPrice(2.5);
       CDefaultEqualityComparer<CPrice*> pe;
       CDefaultComparer<CPrice*> pc;
       Print(pe.Equals(a, b), " ", pe.Equals(a, c), " ", pe.HashCode(c), " ", pc.Compare(a, c), " ", pc.Compare(c, a), " ", pc.Compare(a, b), " ", pe.Equals(NULL, NULL), " ", pe.Equals(NULL, a), " ", pe.HashCode(NULL));
       CTag *t1 = new CTag("x"), *t2 = new CTag("x");
       CDefaultEqualityComparer<CTag*> te;
       CDefaultComparer<CTag*> tc;
       Print(te.Equals(t1, t1), " ", te.Equals(t1, t2), " ", te.HashCode(t1) == te.HashCode(t2), " ", tc.Compare(t1, t2), " ", tc.Compare(NULL, t1));
       IEqualityComparer<string> *ie = GetPointer(se);
       IComparer<int> *ico = GetPointer(ic);
       Print(ie.Equals("q", "q"), " ", ico.Compare(1, 0));
       delete a; delete b; delete c; delete t1; delete t2;`,
      program(["Internal\\DefaultComparer", "Internal\\DefaultEqualityComparer", "ArrayList"]),
    );
    expect(lines).toEqual([
      "true false 3105 -1 1 1",
      "1 -1 true true",
      "true false 2 -1 1 0 true false 0",
      "true false true 0 -1",
      "true 1",
    ]);
  });
});

describe("CArrayList<T>", () => {
  test("adding, inserting, capacity, TryGetValue/TrySetValue, constructors", async () => {
    const lines = await printedBy(
      `CArrayList<int> list;
       Print(list.Count(), " ", list.Capacity());
       list.Add(10);
       Print(list.Count(), " ", list.Capacity());
       int more[] = {20, 30, 40, 50};
       list.AddRange(more);
       Print(Items<int>(&list), " ", list.Capacity());
       list.Insert(0, 5);
       list.Insert(6, 60);
       bool past = list.Insert(8, 1);
       bool neg = list.Insert(-1, 1);
       Print(Items<int>(&list), " ", past, " ", neg);
       int mid[] = {21, 22};
       bool ir = list.InsertRange(3, mid);
       Print(Items<int>(&list), " ", ir, " ", list.Count(), " ", list.Capacity());
       int v = -1;
       bool g1 = list.TryGetValue(3, v);
       Print(g1, " ", v);
       bool g2 = list.TryGetValue(9, v);
       Print(g2, " ", v);
       bool s1 = list.TrySetValue(0, 1);
       bool s2 = list.TrySetValue(-1, 0);
       Print(s1, " ", s2, " ", Items<int>(&list));
       CArrayList<int> copy(GetPointer(list));
       Print(copy.Count(), " ", copy.Capacity());
       copy.AddRange(GetPointer(copy));
       Print(copy.Count(), " ", copy.Capacity(), " ", Items<int>(&copy));
       int src[] = {3, 1, 2};
       CArrayList<int> fromArray(src);
       Print(Items<int>(&fromArray), " ", fromArray.Capacity());
       CArrayList<int> cap(10);
       Print(cap.Capacity(), " ", cap.Count());
       cap.Add(1);
       cap.Add(2);
       cap.TrimExcess();
       Print(cap.Capacity());
       cap.Capacity(1);
       Print(cap.Capacity());
       cap.Capacity(6);
       cap.Add(3);
       cap.Add(4);
       cap.Add(5);
       cap.TrimExcess();
       Print(cap.Capacity(), " ", Items<int>(&cap));
       CArrayList<string> names;
       names.Add("b");
       names.Insert(0, "a");
       string more_names[] = {"c", "d"};
       names.InsertRange(2, more_names);
       Print(Items<string>(&names), " ", names.Contains("c"), " ", names.Contains("e"));`,
      program(["ArrayList"]),
    );
    expect(lines).toEqual([
      "0 0",
      "1 4",
      "[10,20,30,40,50] 8",
      "[5,10,20,30,40,50,60] false false",
      "[5,10,20,21,22,30,40,50,60] true 9 16",
      "true 21",
      "false 21",
      "true false [1,10,20,21,22,30,40,50,60]",
      "9 9",
      "18 18 [1,10,20,21,22,30,40,50,60,1,10,20,21,22,30,40,50,60]",
      "[3,1,2] 4",
      "10 0",
      "2",
      "2",
      "6 [1,2,3,4,5]",
      "[a,b,c,d] true false",
    ]);
  });

  test("IndexOf, LastIndexOf, Contains, Remove, RemoveAt, RemoveRange, Clear", async () => {
    const lines = await printedBy(
      `int src[] = {4, 8, 15, 16, 23, 42, 8, 15};
       CArrayList<int> s(src);
       Print(s.IndexOf(15), " ", s.IndexOf(15, 3), " ", s.IndexOf(15, 3, 4), " ", s.IndexOf(99), " ", s.IndexOf(4, 9), " ", s.IndexOf(4, 2, 7));
       Print(s.LastIndexOf(8), " ", s.LastIndexOf(8, 5), " ", s.LastIndexOf(15, 6, 3), " ", s.LastIndexOf(15, 7, 1), " ", s.LastIndexOf(4, 8), " ", s.Contains(23), " ", s.Contains(5));
       bool r1 = s.Remove(8);
       bool r2 = s.Remove(99);
       bool r3 = s.RemoveAt(0);
       bool r4 = s.RemoveAt(6);
       bool r5 = s.RemoveRange(1, 2);
       bool r6 = s.RemoveRange(3, 2);
       Print(r1, r2, r3, r4, r5, r6, " ", Items<int>(&s), " ", s.Count());
       s.Clear();
       Print(s.Count(), " ", s.Capacity(), " ", Items<int>(&s), " ", s.IndexOf(15));`,
      program(["ArrayList"]),
    );
    expect(lines).toEqual([
      "2 7 -1 -1 -1 -1",
      "6 1 -1 7 -1 true false",
      "truefalsetruefalsetruefalse [15,42,8,15] 4",
      "0 8 [] -1",
    ]);
  });

  test("Sort (stable, with comparers, a range), BinarySearch, Reverse, CopyTo, IList", async () => {
    const lines = await printedBy(
      `int src[] = {5, 3, 9, 1, 7, 3};
       CArrayList<int> l(src);
       bool sorted = l.Sort();
       Print(Items<int>(&l), " ", sorted);
       Print(l.BinarySearch(7), " ", l.BinarySearch(4), " ", ~l.BinarySearch(4), " ", l.BinarySearch(10), " ", l.BinarySearch(0));
       CDescending desc;
       l.Sort(GetPointer(desc));
       Print(Items<int>(&l), " ", l.BinarySearch(5, GetPointer(desc)));
       bool part = l.Sort(1, 4, NULL);
       bool bad = l.Sort(3, 4, NULL);
       Print(Items<int>(&l), " ", part, " ", bad, " ", l.BinarySearch(1, 4, 5, NULL), " ", l.BinarySearch(1, 4, 8, NULL));
       l.Reverse();
       bool rv = l.Reverse(1, 3);
       bool rb = l.Reverse(4, 5);
       Print(Items<int>(&l), " ", rv, " ", rb);
       string words[] = {"ccc", "a", "bb", "d", "ee", "f"};
       CArrayList<string> w(words);
       CByLength by_length;
       w.Sort(GetPointer(by_length));
       Print(Items<string>(&w));
       int dst[];
       int n1 = l.CopyTo(dst);
       int part_dst[];
       ArrayResize(part_dst, 2);
       int n2 = l.CopyTo(part_dst, 1);
       int pre[];
       ArrayResize(pre, 2);
       pre[0] = 7;
       pre[1] = 7;
       int n3 = l.CopyTo(pre, 2);
       Print(n1, " ", ArraySize(dst), " ", n2, " ", Join(part_dst), " ", n3, " ", Join(pre));
       IList<int> *il = GetPointer(l);
       il.Insert(0, 100);
       int first = 0;
       il.TryGetValue(0, first);
       Print(il.Count(), " ", first, " ", il.IndexOf(100), " ", il.LastIndexOf(3));
       bool ra = il.RemoveAt(0);
       bool ts = il.TrySetValue(5, -9);
       Print(ra, " ", ts, " ", il.Contains(100), " ", Items<int>(il));`,
      program(["ArrayList"]),
    );
    expect(lines).toEqual([
      "[1,3,3,5,7,9] true",
      "4 -4 3 -7 -1",
      "[9,7,5,3,3,1] 2",
      "[9,3,3,5,7,1] true false 3 -6",
      "[1,3,5,7,3,9] true false",
      "[a,d,f,bb,ee,ccc]",
      "6 6 6 [0,1,3,5,7,3,9] 6 [7,7,1,3,5,7,3,9]",
      "7 100 0 5",
      "true true false [1,3,5,7,3,-9]",
    ]);
  });

  test("object pointers: identity for plain classes, IComparable order, never deleted", async () => {
    const lines = await printedBy(
      `CTag *a = new CTag("a"), *b = new CTag("a");
       CArrayList<CTag*> tags;
       tags.Add(a);
       tags.Add(b);
       tags.Add(a);
       Print(tags.IndexOf(b), " ", tags.LastIndexOf(a), " ", tags.Contains(new CTag("a")));
       bool removed = tags.Remove(a);
       tags.Clear();
       Print(removed, " ", CheckPointer(a) == POINTER_DYNAMIC, " ", a.name);
       CArrayList<CPrice*> prices;
       prices.Add(new CPrice(3.5));
       prices.Add(new CPrice(1.25));
       prices.Add(new CPrice(2.0));
       CPrice *probe = new CPrice(2.0);
       Print(prices.IndexOf(probe), " ", prices.Contains(probe));
       prices.Sort();
       CPrice *out[];
       prices.CopyTo(out);
       Print(out[0].value, " ", out[1].value, " ", out[2].value, " ", prices.BinarySearch(probe));`,
      program(["ArrayList"]),
    );
    expect(lines).toEqual(["1 2 false", "true true a", "2 true", "1.25 2.0 3.5 1"]);
  });
});

describe("CLinkedList<T> and CLinkedListNode<T>", () => {
  test("adding values and nodes, the ring of nodes, Find, Remove, CopyTo", async () => {
    const lines = await printedBy(
      `CLinkedList<string> l;
       Print(l.Count(), " ", l.First() == NULL, " ", l.Last() == NULL, " ", l.Head() == NULL);
       bool added = l.Add("c");
       CLinkedListNode<string> *a = l.AddFirst("a");
       CLinkedListNode<string> *e = l.AddLast("e");
       CLinkedListNode<string> *b = l.AddAfter(a, "b");
       CLinkedListNode<string> *d = l.AddBefore(e, "d");
       Print(added, " ", Items<string>(&l), " ", l.Count(), " ", l.Head().Value(), " ", l.First().Value(), " ", l.Last().Value());
       Print(l.Last().Next() == l.First(), " ", l.First().Previous() == l.Last(), " ", b.Next().Value(), " ", b.Previous().Value(), " ", b.List() == GetPointer(l));
       string walk = "";
       CLinkedListNode<string> *node = l.First();
       for(int i = 0; i < l.Count(); i++, node = node.Next())
          walk += node.Value();
       string back = "";
       node = l.Last();
       do { back += node.Value(); node = node.Previous(); } while(node != l.Last());
       Print(walk, " ", back);
       CLinkedListNode<string> *z = new CLinkedListNode<string>("z");
       CLinkedListNode<string> *y = new CLinkedListNode<string>("y");
       CLinkedListNode<string> *x = new CLinkedListNode<string>("x");
       CLinkedListNode<string> *w = new CLinkedListNode<string>("w");
       bool n1 = l.AddFirst(z);
       bool n2 = l.AddLast(y);
       bool n3 = l.AddAfter(z, x);
       bool n4 = l.AddBefore(z, w);
       bool n5 = l.AddLast(z);
       bool n6 = l.AddAfter(new CLinkedListNode<string>("free"), "q") == NULL;
       Print(n1, n2, n3, n4, n5, n6, " ", Items<string>(&l), " ", l.Count(), " ", z.List() == GetPointer(l));
       l.AddLast("c");
       Print(l.Find("c") == l.FindLast("c"), " ", l.Find("c").Next().Value(), " ", l.FindLast("c").Previous().Value(), " ", l.Find("none") == NULL, " ", l.Contains("d"), " ", l.Contains("k"));
       bool r1 = l.Remove("c");
       bool r2 = l.Remove("none");
       bool r3 = l.Remove(b);
       bool r4 = l.RemoveFirst();
       bool r5 = l.RemoveLast();
       Print(r1, r2, r3, r4, r5, " ", Items<string>(&l), " ", l.Count(), " ", l.Head().Value());
       l.First().Value("W");
       string dst[];
       ArrayResize(dst, 1);
       dst[0] = ">";
       int copied = l.CopyTo(dst, 1);
       Print(copied, " ", Join(dst));
       l.Clear();
       Print(l.Count(), " ", l.First() == NULL, " ", l.RemoveFirst(), " ", l.RemoveLast(), " ", Items<string>(&l));`,
      program(["LinkedList"]),
    );
    expect(lines).toEqual([
      "0 true true true",
      "true [a,b,c,d,e] 5 a a e",
      "true true c a true",
      "abcde edcba",
      "truetruetruetruefalsetrue [w,z,x,a,b,c,d,e,y] 9 true",
      "false d y true true false",
      "truefalsetruetruetrue [z,x,a,d,e,y] 6 z",
      "6 [>,W,x,a,d,e,y]",
      "0 true false false []",
    ]);
  });

  test("constructors from an array and a collection, a list of ints and of objects", async () => {
    const lines = await printedBy(
      `int src[] = {1, 2, 3, 2};
       CLinkedList<int> a(src);
       CLinkedList<int> b(GetPointer(a));
       b.AddFirst(0);
       Print(Items<int>(&a), " ", Items<int>(&b), " ", b.FindLast(2).Previous().Value(), " ", b.Find(2).Next().Value());
       ICollection<int> *c = GetPointer(b);
       c.Remove(2);
       c.Add(9);
       Print(c.Count(), " ", Items<int>(c), " ", c.Contains(3));
       CTag *t = new CTag("t");
       CLinkedList<CTag*> tags;
       tags.AddLast(t);
       tags.AddLast(new CTag("t"));
       Print(tags.Find(t) == tags.First(), " ", tags.Count(), " ", tags.Remove(t), " ", CheckPointer(t) == POINTER_DYNAMIC, " ", tags.First().Value().name);`,
      program(["LinkedList"]),
    );
    expect(lines).toEqual([
      "[1,2,3,2] [0,1,2,3,2] 3 3",
      "5 [0,1,3,2,9] true",
      "true 2 true true t",
    ]);
  });
});

describe("CQueue<T> and CStack<T>", () => {
  test("CQueue: first in first out through a wrapping ring, Peek, Remove, CopyTo, TrimExcess", async () => {
    const lines = await printedBy(
      `CQueue<int> q;
       for(int i = 1; i <= 4; i++)
          q.Enqueue(i);
       int d1 = q.Dequeue();
       int d2 = q.Dequeue();
       q.Enqueue(5);
       q.Add(6);
       Print(d1, " ", d2, " ", q.Peek(), " ", q.Count(), " ", Items<int>(&q));
       q.Enqueue(7);
       Print(Items<int>(&q), " ", q.Count(), " ", q.Contains(7), " ", q.Contains(1));
       bool r1 = q.Remove(5);
       bool r2 = q.Remove(42);
       Print(r1, " ", r2, " ", Items<int>(&q));
       string drained = "";
       while(q.Count() > 0)
          drained += (string)q.Dequeue();
       Print(drained, " ", q.Dequeue(), " ", q.Peek());
       string src[] = {"x", "y"};
       CQueue<string> s(src);
       CQueue<string> c(GetPointer(s));
       c.Enqueue("z");
       string first = c.Dequeue();
       CQueue<string> none;
       Print(first, " ", Items<string>(&c), " ", Items<string>(&s), " [", none.Peek(), "]");
       CQueue<double> big(100);
       big.Enqueue(1.5);
       big.TrimExcess();
       big.Enqueue(2.5);
       Print(big.Dequeue(), " ", big.Dequeue(), " ", big.Count());
       c.Clear();
       Print(c.Count(), " ", Items<string>(&c));`,
      program(["Queue"]),
    );
    expect(lines).toEqual([
      "1 2 3 4 [3,4,5,6]",
      "[3,4,5,6,7] 5 true false",
      "true false [3,4,6,7]",
      "3467 0 0",
      "x [y,z] [x,y] []",
      "1.5 2.5 0",
      "0 []",
    ]);
  });

  test("CStack: last in first out, Peek, Pop of an empty stack, Remove, CopyTo bottom first", async () => {
    const lines = await printedBy(
      `CStack<string> s;
       s.Push("a");
       s.Push("b");
       s.Add("c");
       string top = s.Pop();
       Print(top, " ", s.Peek(), " ", s.Count(), " ", Items<string>(&s), " ", s.Contains("a"), " ", s.Contains("c"));
       s.Push("d");
       s.Push("a");
       bool r1 = s.Remove("a");
       bool r2 = s.Remove("zz");
       Print(r1, " ", r2, " ", Items<string>(&s));
       string popped = "";
       while(s.Count() > 0)
          popped += s.Pop();
       Print(popped, " [", s.Pop(), "] [", s.Peek(), "]");
       int src[] = {1, 2, 3};
       CStack<int> fromArray(src);
       CStack<int> fromCollection(GetPointer(fromArray));
       fromCollection.Push(4);
       int p1 = fromCollection.Pop();
       int p2 = fromCollection.Pop();
       Print(p1, p2, " ", fromArray.Peek(), " ", Items<int>(&fromCollection));
       CStack<int> sized(50);
       sized.Push(7);
       sized.TrimExcess();
       sized.Push(8);
       Print(sized.Pop(), sized.Pop(), " ", sized.Count());
       fromArray.Clear();
       Print(fromArray.Count(), " ", fromArray.Pop());`,
      program(["Stack"]),
    );
    expect(lines).toEqual([
      "c b 2 [a,b] true false",
      "true false [b,d,a]",
      "adb [] []",
      "43 3 [1,2]",
      "87 0",
      "0 0",
    ]);
  });
});

describe("CHashMap<TKey,TValue>", () => {
  test("int keys: Add, refusals, TryGetValue/TrySetValue, colliding keys, growth, removal order", async () => {
    const lines = await printedBy(
      `CHashMap<int, string> m;
       bool a1 = m.Add(1, "one");
       bool a2 = m.Add(4, "four");
       bool a3 = m.Add(1, "uno");
       Print(a1, a2, a3, " ", m.Count());
       string v = "?";
       bool g1 = m.TryGetValue(1, v);
       Print(g1, " ", v);
       bool g2 = m.TryGetValue(2, v);
       Print(g2, " ", v);
       bool s1 = m.TrySetValue(1, "ONE");
       bool s2 = m.TrySetValue(7, "seven");
       m.TryGetValue(1, v);
       Print(s1, " ", s2, " ", v, " ", m.Count());
       // 0, 3, 6, 9, 12 share a bucket while there are 3 buckets; 100 keys grow the table
       for(int k = 0; k < 100; k += 3)
          m.TrySetValue(k, "k" + (string)k);
       int keys[];
       string values[];
       int n = m.CopyTo(keys, values);
       Print(n, " ", m.Count(), " ", keys[0], "=", values[0], " ", keys[3], "=", values[3], " ", keys[n - 1], "=", values[n - 1]);
       int found = 0;
       for(int k = 0; k < 100; k += 3)
          if(m.ContainsKey(k) && m.Contains(k, "k" + (string)k))
             found++;
       Print(found, " ", m.ContainsKey(2), " ", m.ContainsValue("seven"), " ", m.ContainsValue("eight"), " ", m.Contains(4, "four"), " ", m.Contains(4, "five"));
       bool r1 = m.Remove(4);
       bool r2 = m.Remove(4);
       bool r3 = m.Remove(999);
       m.Add(500, "new");
       ArrayFree(keys);
       ArrayFree(values);
       m.CopyTo(keys, values);
       Print(r1, r2, r3, " ", m.Count(), " ", keys[0], " ", keys[1], " ", keys[2], " ", values[1]);
       int start[];
       ArrayResize(start, 1);
       start[0] = -1;
       string vals[];
       int copied = m.CopyTo(start, vals, 1);
       Print(copied, " ", ArraySize(start), " ", start[0], " ", start[1], " [", vals[0], "] ", vals[1]);
       m.Clear();
       bool after = m.TryGetValue(1, v);
       Print(m.Count(), " ", after, " ", m.ContainsKey(0), " ", m.Add(0, "zero"), " ", m.Count());`,
      program(["HashMap"]),
    );
    expect(lines).toEqual([
      "truetruefalse 2",
      "true one",
      "false one",
      "true true ONE 3",
      "37 37 1=ONE 0=k0 99=k99",
      "34 false true false true false",
      "truefalsefalse 37 1 500 7 new",
      "37 38 -1 1 [] ONE",
      "0 false false true 1",
    ]);
  });

  test("string and long keys, hash collisions under a custom comparer, Comparer()", async () => {
    const lines = await printedBy(
      `CHashMap<string, double> prices;
       prices.Add("EURUSD", 1.0850);
       prices.Add("GBPUSD", 1.2700);
       prices.Add("USDJPY", 151.25);
       double p = 0;
       bool got = prices.TryGetValue("GBPUSD", p);
       Print(got, " ", p, " ", prices.ContainsKey("eurusd"), " ", prices.Count());
       CNoCase no_case;
       CHashMap<string, int> tickets(GetPointer(no_case));
       tickets.Add("EURUSD", 1);
       bool dup = tickets.Add("eurusd", 2);
       tickets.TrySetValue("EurUsd", 3);
       int t = 0;
       tickets.TryGetValue("EURusd", t);
       Print(dup, " ", t, " ", tickets.Count(), " ", tickets.Comparer() == GetPointer(no_case), " ", prices.Comparer() != NULL);
       // 1, 2^32, 2^33+3 and 2^34+5 all hash to 1 (low ^ high word)
       CHashMap<long, int> wide;
       wide.Add(1, 10);
       wide.Add(0x100000000, 20);
       wide.Add(0x200000003, 30);
       wide.Add(0x400000005, 40);
       int w1 = 0, w2 = 0, w3 = 0, w4 = 0;
       wide.TryGetValue(1, w1);
       wide.TryGetValue(0x100000000, w2);
       wide.TryGetValue(0x200000003, w3);
       wide.TryGetValue(0x400000005, w4);
       bool rm = wide.Remove(0x100000000);
       Print(GetHashCode((long)0x200000003), " ", GetHashCode((long)0x400000005), " ", w1, w2, w3, w4, " ", rm, " ", wide.ContainsKey(0x100000000), " ", wide.ContainsKey(0x400000005), " ", wide.Count());
       CMod4 mod4;
       CHashMap<int, int> clash(5, GetPointer(mod4));
       for(int i = 0; i < 40; i++)
          clash.Add(i, i * i);
       int sum = 0;
       for(int i = 0; i < 40; i++)
         {
          int sq = 0;
          if(clash.TryGetValue(i, sq))
             sum += sq;
         }
       for(int i = 0; i < 40; i += 2)
          clash.Remove(i);
       Print(sum, " ", clash.Count(), " ", clash.ContainsKey(38), " ", clash.ContainsKey(39));
       CHashMap<datetime, long> by_time(16);
       by_time.Add(D'2024.01.01', 1);
       by_time.Add(D'2024.01.02', 2);
       long lv = 0;
       by_time.TryGetValue(D'2024.01.02', lv);
       Print(lv, " ", by_time.ContainsKey(D'2024.01.03'));`,
      program(["HashMap"]),
    );
    expect(lines).toEqual([
      "true 1.27 false 3",
      "false 3 1 true true",
      "1 1 10203040 true false true 3",
      "20540 20 false true",
      "2 false",
    ]);
  });

  test("pairs: Add, Contains, Remove, CopyTo new pairs, a map from a map, IMap and ICollection", async () => {
    const lines = await printedBy(
      `CHashMap<string, int> m;
       CKeyValuePair<string, int> *pair = new CKeyValuePair<string, int>("a", 1);
       bool a1 = m.Add(pair);
       bool a2 = m.Add(pair);
       m.Add("b", 2);
       CKeyValuePair<string, int> *other = new CKeyValuePair<string, int>("b", 3);
       Print(a1, a2, " ", m.Contains(pair), " ", m.Contains(other), " ", m.Remove(other), " ", m.Count());
       other.Value(2);
       bool r = m.Remove(other);
       Print(r, " ", m.Count(), " ", other.Key(), "=", other.Value());
       m.Add("c", 3);
       m.Add("d", 4);
       CKeyValuePair<string, int> *pairs[];
       int n = m.CopyTo(pairs);
       Print(n, " ", pairs[0].Key(), pairs[0].Value(), " ", pairs[1].Key(), pairs[1].Value(), " ", pairs[2].Key(), pairs[2].Value(), " ", pairs[0] != pair);
       for(int i = 0; i < n; i++)
          delete pairs[i];
       CKeyValuePair<string, int> *clone = pair.Clone();
       clone.Key("z");
       Print(pair.Key(), " ", clone.Key(), clone.Value(), " ", pair.Compare(clone) < 0, " ", pair.Equals(clone), " ", pair.HashCode() == GetHashCode("a"));
       CHashMap<string, int> copy(GetPointer(m));
       copy.TrySetValue("a", 100);
       int ca = 0, ma = 0;
       copy.TryGetValue("a", ca);
       m.TryGetValue("a", ma);
       Print(copy.Count(), " ", ca, " ", ma);
       IMap<string, int> *im = GetPointer(copy);
       im.Add("e", 5);
       im.Remove("c");
       string ks[];
       int vs[];
       im.CopyTo(ks, vs);
       ICollection<CKeyValuePair<string, int>*> *ic = GetPointer(copy);
       Print(Join(ks), " ", Join(vs), " ", ic.Count(), " ", ic.Contains(pair));
       ic.Clear();
       Print(copy.Count(), " ", m.Count());
       delete pair;
       delete other;
       delete clone;`,
      program(["HashMap"]),
    );
    expect(lines).toEqual([
      "truefalse true false false 2",
      "true 1 b=2",
      "3 a1 c3 d4 true",
      "a z1 true false true",
      "3 100 1",
      "[a,d,e] [100,4,5] 3 false",
      "0 3",
    ]);
  });

  test("object values and keys: identity for plain objects, IEqualityComparable keys by value", async () => {
    const lines = await printedBy(
      `CHashMap<string, CTag*> by_name;
       CTag *x = new CTag("x");
       by_name.Add("x", x);
       by_name.Add("y", new CTag("y"));
       CTag *got = NULL;
       bool ok = by_name.TryGetValue("x", got);
       Print(ok, " ", got == x, " ", got.name, " ", by_name.ContainsValue(x), " ", by_name.ContainsValue(new CTag("x")));
       CHashMap<CPrice*, string> by_price;
       by_price.Add(new CPrice(1.5), "low");
       by_price.Add(new CPrice(2.5), "high");
       CPrice *probe = new CPrice(2.5);
       string label = "";
       bool found = by_price.TryGetValue(probe, label);
       bool again = by_price.Add(probe, "again");
       Print(found, " ", label, " ", again, " ", by_price.Count());
       CHashMap<CTag*, int> by_tag;
       CTag *k1 = new CTag("k"), *k2 = new CTag("k");
       by_tag.Add(k1, 1);
       by_tag.Add(k2, 2);
       int v1 = 0, v2 = 0;
       by_tag.TryGetValue(k1, v1);
       by_tag.TryGetValue(k2, v2);
       Print(by_tag.Count(), " ", v1, v2, " ", by_tag.ContainsKey(new CTag("k")));`,
      program(["HashMap"]),
    );
    expect(lines).toEqual(["true true x true false", "true high false 2", "2 12 false"]);
  });
});

describe("CHashSet<T>", () => {
  test("Add, Contains, Remove, slot reuse order, TrimExcess, constructors, Comparer", async () => {
    const lines = await printedBy(
      `int src[] = {5, 1, 5, 3, 1};
       CHashSet<int> s(src);
       bool a1 = s.Add(7);
       bool a2 = s.Add(3);
       Print(Items<int>(&s), " ", s.Count(), " ", a1, " ", a2, " ", s.Contains(1), " ", s.Contains(2));
       bool r1 = s.Remove(1);
       bool r2 = s.Remove(1);
       s.Add(9);
       Print(r1, " ", r2, " ", Items<int>(&s));
       s.Remove(5);
       s.TrimExcess();
       s.Add(11);
       Print(Items<int>(&s), " ", s.Count());
       CHashSet<int> copy(GetPointer(s));
       copy.Add(20);
       Print(Items<int>(&copy), " ", Items<int>(&s));
       CNoCase no_case;
       string words[] = {"Buy", "BUY", "sell", "Sell", "close"};
       CHashSet<string> ci(words, GetPointer(no_case));
       Print(Items<string>(&ci), " ", ci.Contains("SELL"), " ", ci.Comparer() == GetPointer(no_case));
       CHashSet<string> cs(words);
       Print(cs.Count(), " ", cs.Contains("SELL"));
       for(int i = 0; i < 1000; i++)
          cs.Add("w" + (string)i);
       int hits = 0;
       for(int i = 0; i < 1000; i++)
          if(cs.Contains("w" + (string)i))
             hits++;
       Print(cs.Count(), " ", hits);
       cs.Clear();
       Print(cs.Count(), " ", cs.Contains("w1"), " ", cs.Add("w1"));`,
      program(["HashSet"]),
    );
    expect(lines).toEqual([
      "[5,1,3,7] 4 true false true false",
      "true false [5,9,3,7]",
      "[9,3,7,11] 4",
      "[9,3,7,11,20] [9,3,7,11]",
      "[Buy,sell,close] true true",
      "5 false",
      "1005 1000",
      "0 false true",
    ]);
  });

  test("set operations with arrays and collections, subset and superset tests", async () => {
    const lines = await printedBy(
      `int base[] = {1, 2, 3, 4};
       int odd[] = {1, 3, 5, 5};
       CHashSet<int> s(base);
       s.UnionWith(odd);
       Print(Items<int>(&s));
       s.ExceptWith(odd);
       Print(Items<int>(&s));
       s.UnionWith(odd);
       s.IntersectWith(base);
       Print(Items<int>(&s));
       s.SymmetricExceptWith(odd);
       Print(Items<int>(&s));
       CHashSet<int> other(odd);
       s.SymmetricExceptWith(GetPointer(other));
       Print(Items<int>(&s));
       int sub[] = {2, 4};
       int same[] = {4, 3, 2, 1, 1};
       int super[] = {1, 2, 3, 4, 6};
       Print(s.IsSubsetOf(same), s.IsProperSubsetOf(same), s.IsProperSubsetOf(super), " ", s.IsSupersetOf(sub), s.IsProperSupersetOf(sub), s.IsProperSupersetOf(same), " ", s.SetEquals(same), s.SetEquals(super), " ", s.Overlaps(odd), s.Overlaps(GetPointer(other)));
       int none[] = {7, 8};
       Print(s.Overlaps(none), " ", s.IsSubsetOf(GetPointer(s)), s.IsProperSubsetOf(GetPointer(s)), " ", s.SetEquals(GetPointer(s)));
       CHashSet<int> empty;
       Print(empty.IsSubsetOf(none), empty.IsProperSubsetOf(none), empty.IsSupersetOf(GetPointer(empty)), " ", empty.Overlaps(none));
       s.IntersectWith(GetPointer(other));
       Print(Items<int>(&s));
       s.UnionWith(GetPointer(other));
       s.ExceptWith(GetPointer(s));
       Print(Items<int>(&s), " ", s.Count());
       ISet<int> *is = GetPointer(other);
       is.UnionWith(none);
       Print(Items<int>(is), " ", is.IsSupersetOf(odd));`,
      program(["HashSet"]),
    );
    expect(lines).toEqual([
      "[1,2,3,4,5]",
      "[2,4]",
      "[2,3,4,1]",
      "[2,5,4]",
      "[3,2,4,1]",
      "truefalsetrue truetruefalse truefalse truetrue",
      "false truefalse true",
      "truetruetrue false",
      "[3,1]",
      "[] 0",
      "[1,3,5,7,8] true",
    ]);
  });
});

describe("CSortedMap<TKey,TValue>", () => {
  test("keys in order, TryGetValue/TrySetValue, Remove, values, pairs, a comparer, from a map", async () => {
    const lines = await printedBy(
      `CSortedMap<string, double> m;
       m.Add("USDJPY", 151.25);
       m.Add("EURUSD", 1.085);
       m.Add("GBPUSD", 1.27);
       bool dup = m.Add("EURUSD", 2.0);
       m.Add("AUDUSD", 0.65);
       string k[];
       double v[];
       int n = m.CopyTo(k, v);
       Print(n, " ", Join(k), " ", Join(v), " ", dup);
       double p = -1;
       bool g1 = m.TryGetValue("GBPUSD", p);
       Print(g1, " ", p);
       bool g2 = m.TryGetValue("NZDUSD", p);
       Print(g2, " ", p);
       bool s1 = m.TrySetValue("EURUSD", 1.09);
       bool s2 = m.TrySetValue("CADJPY", 110.5);
       ArrayFree(k);
       m.CopyTo(k, v);
       Print(s1, s2, " ", Join(k), " ", v[2], " ", m.Count());
       bool r1 = m.Remove("AUDUSD");
       bool r2 = m.Remove("AUDUSD");
       Print(r1, r2, " ", m.ContainsKey("AUDUSD"), " ", m.ContainsKey("USDJPY"), " ", m.ContainsValue(1.27), " ", m.ContainsValue(0.65), " ", m.Contains("EURUSD", 1.09), " ", m.Contains("EURUSD", 1.085), " ", m.Count());
       CKeyValuePair<string, double> *pairs[];
       int np = m.CopyTo(pairs, 0);
       CKeyValuePair<string, double> *probe = new CKeyValuePair<string, double>("GBPUSD", 1.27);
       bool cp = m.Contains(probe);
       bool rp = m.Remove(probe);
       bool ap = m.Add(probe);
       Print(np, " ", pairs[0].Key(), " ", pairs[np - 1].Key(), "=", pairs[np - 1].Value(), " ", cp, rp, ap, " ", m.Count());
       for(int i = 0; i < np; i++)
          delete pairs[i];
       delete probe;
       CDescending desc;
       CSortedMap<int, string> down(GetPointer(desc));
       down.Add(2, "two");
       down.Add(10, "ten");
       down.Add(-5, "minus five");
       int dk[];
       string dv[];
       down.CopyTo(dk, dv);
       Print(Join(dk), " ", dv[0], " ", down.Comparer() == GetPointer(desc));
       CHashMap<int, string> h;
       h.Add(30, "c");
       h.Add(10, "a");
       h.Add(20, "b");
       CSortedMap<int, string> fromHash(GetPointer(h));
       int fk[];
       string fv[];
       fromHash.CopyTo(fk, fv);
       CHashMap<int, string> back(GetPointer(fromHash));
       Print(Join(fk), " ", Join(fv), " ", back.Count());
       m.Clear();
       Print(m.Count(), " ", m.ContainsKey("EURUSD"), " ", m.Add("EURUSD", 1.0));`,
      program(["SortedMap", "HashMap"]),
    );
    expect(lines).toEqual([
      "4 [AUDUSD,EURUSD,GBPUSD,USDJPY] [0.65,1.085,1.27,151.25] false",
      "true 1.27",
      "false 1.27",
      "truetrue [AUDUSD,CADJPY,EURUSD,GBPUSD,USDJPY] 1.09 5",
      "truefalse false true true false true false 4",
      "4 CADJPY USDJPY=151.25 truetruetrue 4",
      "[10,2,-5] ten true",
      "[10,20,30] [a,b,c] 3",
      "0 false true",
    ]);
  });

  test("enum and datetime keys, object values, many keys kept in order", async () => {
    const lines = await printedBy(
      `CSortedMap<ENUM_TIMEFRAMES, string> tf;
       tf.Add(PERIOD_D1, "D1");
       tf.Add(PERIOD_M5, "M5");
       tf.Add(PERIOD_H1, "H1");
       ENUM_TIMEFRAMES keys[];
       string names[];
       tf.CopyTo(keys, names);
       Print(Join(names), " ", EnumToString(keys[0]));
       CSortedMap<datetime, CTag*> events;
       events.Add(D'2024.03.01', new CTag("march"));
       events.Add(D'2024.01.01', new CTag("january"));
       CTag *t = NULL;
       events.TryGetValue(D'2024.03.01', t);
       datetime when[];
       CTag *tags[];
       events.CopyTo(when, tags);
       Print(t.name, " ", tags[0].name, " ", when[1] == D'2024.03.01');
       CSortedMap<int, int> many;
       MathSrand(11);
       for(int i = 0; i < 500; i++)
          many.TrySetValue(MathRand() % 1000, i);
       int mk[];
       int mv[];
       int n = many.CopyTo(mk, mv);
       bool ordered = true;
       for(int i = 1; i < n; i++)
          if(mk[i] <= mk[i - 1])
             ordered = false;
       for(int i = 0; i < n; i += 2)
          many.Remove(mk[i]);
       ArrayFree(mk);
       many.CopyTo(mk, mv);
       for(int i = 1; i < ArraySize(mk); i++)
          if(mk[i] <= mk[i - 1])
             ordered = false;
       Print(ordered, " ", n == ArraySize(mk) + (n + 1) / 2, " ", many.Count() == ArraySize(mk));`,
      program(["SortedMap"]),
    );
    expect(lines).toEqual(["[M5,H1,D1] PERIOD_M5", "march january true", "true true true"]);
  });
});

describe("CSortedSet<T>", () => {
  test("order, min and max, views, reverse, set operations, a comparer, objects", async () => {
    const lines = await printedBy(
      `int src[] = {5, 1, 9, 3, 7, 3};
       CSortedSet<int> s(src);
       bool a1 = s.Add(4);
       bool a2 = s.Add(9);
       int mn = 0, mx = 0;
       bool m1 = s.TryGetMin(mn);
       bool m2 = s.TryGetMax(mx);
       Print(Items<int>(&s), " ", s.Count(), " ", a1, a2, " ", m1, m2, " ", mn, " ", mx, " ", s.Contains(7), s.Contains(8));
       int view[];
       bool v1 = s.GetViewBetween(view, 3, 7);
       int rev[];
       s.GetReverse(rev);
       int none[];
       bool v2 = s.GetViewBetween(none, 7, 3);
       Print(v1, " ", Join(view), " ", Join(rev), " ", v2);
       bool r1 = s.Remove(1);
       bool r2 = s.Remove(1);
       s.TryGetMin(mn);
       Print(r1, r2, " ", mn, " ", Items<int>(&s));
       int odd[] = {1, 3, 5, 5};
       s.SymmetricExceptWith(odd);
       Print(Items<int>(&s));
       s.IntersectWith(src);
       Print(Items<int>(&s));
       s.UnionWith(odd);
       s.ExceptWith(src);
       Print(Items<int>(&s));
       int big[] = {1, 2, 3, 4};
       s.UnionWith(big);
       Print(Items<int>(&s), " ", s.IsSubsetOf(big), s.IsProperSubsetOf(big), s.IsSupersetOf(odd), s.IsProperSupersetOf(odd), " ", s.SetEquals(big), s.Overlaps(odd));
       CSortedSet<int> copy(GetPointer(s));
       copy.Add(0);
       Print(copy.IsProperSupersetOf(GetPointer(s)), s.IsProperSubsetOf(GetPointer(copy)), s.SetEquals(GetPointer(copy)), " ", Items<int>(&copy));
       CDescending desc;
       CSortedSet<int> down(src, GetPointer(desc));
       Print(Items<int>(&down), " ", down.Comparer() == GetPointer(desc));
       CByLength by_length;
       string words[] = {"ccc", "a", "bb", "dd"};
       CSortedSet<string> lengths(words, GetPointer(by_length));
       Print(Items<string>(&lengths), " ", lengths.Contains("zz"));
       CSortedSet<CPrice*> prices;
       prices.Add(new CPrice(2.5));
       prices.Add(new CPrice(0.5));
       prices.Add(new CPrice(2.5));
       CPrice *low = NULL;
       prices.TryGetMin(low);
       Print(prices.Count(), " ", low.value);
       CSortedSet<string> empty;
       string e = "none";
       Print(empty.TryGetMin(e), " ", e, " ", Items<string>(&empty));
       s.Clear();
       Print(s.Count(), " ", s.TryGetMax(mx));`,
      program(["SortedSet"]),
    );
    expect(lines).toEqual([
      "[1,3,4,5,7,9] 6 truefalse truetrue 1 9 truefalse",
      "true [3,4,5,7] [9,7,5,4,3,1] false",
      "truefalse 3 [3,4,5,7,9]",
      "[1,4,7,9]",
      "[1,7,9]",
      "[]",
      "[1,2,3,4] truefalsefalsefalse truetrue",
      "truetruefalse [0,1,2,3,4]",
      "[9,7,5,3,1] true",
      "[a,bb,ccc] true",
      "2 0.5",
      "false none []",
      "0 false",
    ]);
  });
});

describe("CRedBlackTree<T> and CRedBlackTreeNode<T>", () => {
  test("nodes, Find, extremes, removals, and the red-black rules after random changes", async () => {
    const lines = await printedBy(
      `CRedBlackTree<int> t;
       Print(t.Root() == NULL, " ", t.FindMin() == NULL, " ", t.RemoveMin(), " ", t.RemoveMax());
       t.Add(10);
       t.Add(20);
       t.Add(30);
       CRedBlackTreeNode<int> *root = t.Root();
       Print(root.Value(), " ", root.Color() == RED_BLACK_TREE_NODE_BLACK, " ", root.Left().Value(), " ", root.Right().Value(), " ", root.Left().Color() == RED_BLACK_TREE_NODE_RED, " ", root.Left().Parent() == root, " ", root.Parent() == NULL, " ", root.IsLeaf(), root.Left().IsLeaf());
       bool dup = t.Add(20);
       int values[] = {5, 25, 1, 40, 15};
       for(int i = 0; i < ArraySize(values); i++)
          t.Add(values[i]);
       int mn = 0, mx = 0;
       t.TryGetMin(mn);
       t.TryGetMax(mx);
       Print(dup, " ", t.Count(), " ", Items<int>(&t), " ", mn, " ", mx, " ", t.FindMin().Value(), " ", t.FindMax().Value(), " ", t.Find(15).Value(), " ", t.Find(16) == NULL, " ", t.Contains(25));
       bool r1 = t.Remove(20);
       bool r2 = t.Remove(20);
       bool r3 = t.Remove(t.Find(5));
       bool r4 = t.RemoveMin();
       bool r5 = t.RemoveMax();
       CRedBlackTree<int> other;
       other.Add(15);
       bool r6 = t.Remove(other.Root());
       Print(r1, r2, r3, r4, r5, r6, " ", Items<int>(&t), " ", t.Count());
       CRedBlackTreeNode<int> *empty = root.CreateEmptyNode();
       Print(empty.Value(), " ", empty.Color() == RED_BLACK_TREE_NODE_BLACK, " ", empty.IsLeaf());
       delete empty;
       CRedBlackTree<int> r;
       MathSrand(3);
       int present[];
       ArrayResize(present, 300);
       ArrayInitialize(present, 0);
       int mismatches = 0, broken = 0;
       for(int i = 0; i < 2000; i++)
         {
          int v = MathRand() % 300;
          if(MathRand() % 3 == 0)
            {
             if(r.Remove(v) != (present[v] == 1))
                mismatches++;
             present[v] = 0;
            }
          else
            {
             if(r.Add(v) != (present[v] == 0))
                mismatches++;
             present[v] = 1;
            }
          if(i % 50 == 0 && BlackHeight(r.Root(), NULL) < 0)
             broken++;
         }
       int expected = 0;
       for(int v = 0; v < 300; v++)
          expected += present[v];
       Print(mismatches, " ", broken, " ", r.Count() == expected, " ", BlackHeight(r.Root(), NULL) > 0);
       CDescending desc;
       int src[] = {3, 1, 2};
       CRedBlackTree<int> down(src, GetPointer(desc));
       CArrayList<int> list(src);
       CRedBlackTree<int> fromList(GetPointer(list));
       Print(Items<int>(&down), " ", Items<int>(&fromList), " ", down.Comparer() == GetPointer(desc));
       r.Clear();
       Print(r.Count(), " ", r.Root() == NULL);`,
      program(
        ["RedBlackTree", "ArrayList"],
        `// black height of a valid red-black subtree (its values ascending), or a negative number
         int BlackHeight(CRedBlackTreeNode<int> *n, CRedBlackTreeNode<int> *parent)
           {
            if(n == NULL)
               return(1);
            if(n.Parent() != parent)
               return(-1);
            if(n.Color() == RED_BLACK_TREE_NODE_RED &&
               ((n.Left() != NULL && n.Left().Color() == RED_BLACK_TREE_NODE_RED) ||
                (n.Right() != NULL && n.Right().Color() == RED_BLACK_TREE_NODE_RED)))
               return(-2);
            if((n.Left() != NULL && n.Left().Value() >= n.Value()) || (n.Right() != NULL && n.Right().Value() <= n.Value()))
               return(-3);
            int l = BlackHeight(n.Left(), n);
            int r = BlackHeight(n.Right(), n);
            if(l < 0 || r < 0 || l != r)
               return(-4);
            return(l + (n.Color() == RED_BLACK_TREE_NODE_BLACK ? 1 : 0));
           }`,
      ),
    );
    expect(lines).toEqual([
      "true true false false",
      "20 true 10 30 true true true falsetrue",
      "false 8 [1,5,10,15,20,25,30,40] 1 40 1 40 15 true true",
      "truefalsetruetruetruefalse [10,15,25,30] 4",
      "0 true true",
      "0 0 true true",
      "[3,2,1] [1,2,3] true",
      "0 true",
    ]);
  });
});

describe("every Generic header", () => {
  test("a program including every header, using none of them, compiles and runs", async () => {
    const headers = [
      "ArrayList",
      "HashMap",
      "HashSet",
      "LinkedList",
      "Queue",
      "RedBlackTree",
      "SortedMap",
      "SortedSet",
      "Stack",
      "Interfaces\\ICollection",
      "Interfaces\\IComparable",
      "Interfaces\\IComparer",
      "Interfaces\\IEqualityComparable",
      "Interfaces\\IEqualityComparer",
      "Interfaces\\IList",
      "Interfaces\\IMap",
      "Interfaces\\ISet",
      "Internal\\ArrayFunction",
      "Internal\\CompareFunction",
      "Internal\\DefaultComparer",
      "Internal\\DefaultEqualityComparer",
      "Internal\\EqualFunction",
      "Internal\\HashFunction",
      "Internal\\PrimeGenerator",
    ];
    // Both separators and any letter case, as MetaEditor accepts; each header once.
    const includes = headers
      .map((h, i) =>
        i % 2 === 0
          ? `#include <Generic\\${h}.mqh>`
          : `#include <generic/${h.replace("\\", "/")}.MQH>`,
      )
      .join("\n");
    const r = compile(
      `${includes}\n${includes}\nint OnInit() { Print("ok"); return(INIT_SUCCEEDED); }\nvoid OnTick() {}\n`,
    );
    expect(r.ok ? "" : r.error).toBe("");
    const lines = await printedBy(`Print("ok");`, includes);
    expect(lines).toEqual(["ok"]);
  });

  test("each header compiles on its own, first in a program", () => {
    const paths = [
      "ArrayList",
      "HashMap",
      "HashSet",
      "LinkedList",
      "Queue",
      "RedBlackTree",
      "SortedMap",
      "SortedSet",
      "Stack",
      "Interfaces\\ICollection",
      "Interfaces\\IComparable",
      "Interfaces\\IComparer",
      "Interfaces\\IEqualityComparable",
      "Interfaces\\IEqualityComparer",
      "Interfaces\\IList",
      "Interfaces\\IMap",
      "Interfaces\\ISet",
      "Internal\\ArrayFunction",
      "Internal\\CompareFunction",
      "Internal\\DefaultComparer",
      "Internal\\DefaultEqualityComparer",
      "Internal\\EqualFunction",
      "Internal\\HashFunction",
      "Internal\\PrimeGenerator",
    ];
    const failures = paths
      .map((p) => ({
        p,
        r: compile(`#include <Generic\\${p}.mqh>\nint OnInit() { return(0); }\nvoid OnTick() {}\n`),
      }))
      .filter((x) => !x.r.ok)
      .map((x) => `${x.p}: ${x.r.ok ? "" : x.r.error}`);
    expect(failures).toEqual([]);
  });
});
