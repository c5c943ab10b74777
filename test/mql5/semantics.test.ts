// MQL5 language semantics, end to end: small programs compiled by the MQL5 compiler and run in
// the real EA runtime; expected values are the ones the MQL5 reference documents (integer
// division and wrap-around, 64-bit exactness, conversions, arrays, structs, classes, pointers,
// references, overloads).
import { describe, expect, test } from "bun:test";
import { printedBy, run } from "./support.ts";

describe("integers", () => {
  test("division truncates toward zero; % keeps the dividend's sign", async () => {
    expect(await printedBy('Print(7/2, " ", -7/2, " ", 7%3, " ", -7%3, " ", 7%-3);')).toEqual([
      "3 -3 1 -1 1",
    ]);
  });

  test("32-bit and narrower types wrap around", async () => {
    const lines = await printedBy(`
      int a = 2147483647; a++;
      uint u = 0; u--;
      uchar c = 250; c += 10;
      char ch = 127; ch++;
      short s = 32767; s++;
      ushort us = 65535; us++;
      int m = 65536 * 65536;
      Print(a, " ", u, " ", c, " ", ch, " ", s, " ", us, " ", m);`);
    expect(lines).toEqual(["-2147483648 4294967295 4 -128 -32768 0 0"]);
  });

  test("long and ulong are exact to 64 bits and wrap", async () => {
    const lines = await printedBy(`
      long l = 9223372036854775807;
      Print(l);
      l++;
      Print(l);
      ulong u = 18446744073709551615;
      Print(u);
      u++;
      Print(u);
      long m = 3037000500;
      Print(m * m);
      long x = 1;
      x <<= 40;
      Print(x, " ", x >> 3, " ", x | 5);
      long big = 9007199254740993;
      Print(big, " ", big - 1, " ", big / 3);
      long neg = -8; long one = -1; ulong top = 1; long mask = 0xFF;
      Print(neg >> 1, " ", one << 62, " ", top << 63, " ", (neg & mask), " ", (neg | 1), " ", (big ^ 1), " ", (int)(big >> 1));`);
    expect(lines).toEqual([
      "9223372036854775807",
      "-9223372036854775808",
      "18446744073709551615",
      "0",
      "-9223372036709301616",
      "1099511627776 137438953472 1099511627781",
      "9007199254740993 9007199254740992 3002399751580331",
      "-4 -4611686018427387904 9223372036854775808 248 -7 9007199254740992 0",
    ]);
  });

  test("mixed signedness converts to unsigned as C does", async () => {
    const lines = await printedBy(`
      int n = -1; uint u = 1;
      Print(n < u, " ", n + u, " ", (uint)n);`);
    expect(lines).toEqual(["false 0 4294967295"]);
  });

  test("bitwise operators on int and uint", async () => {
    const lines = await printedBy(`
      uint a = 0xF0F0F0F0;
      int b = -16;
      Print(a >> 4, " ", ~a, " ", b >> 2, " ", a & 0xFF, " ", 1 << 31, " ", 5 ^ 3);`);
    expect(lines).toEqual(["252645135 252645135 -4 240 -2147483648 6"]);
  });

  test("integer division by zero stops the program at the MQL5 line", async () => {
    const r = await run(`
int Div(int a, int b)
  {
   int r = a / b;
   return r;
  }
int OnInit() { return INIT_SUCCEEDED; }
void OnTick() { int z = 0; Print(Div(1, z)); }
`);
    const o = r.tick();
    expect(o.ok).toBe(false);
    expect(o.error?.message).toBe("zero divide in 'test.mq5' (4,12), function Div");
    expect(o.error?.stack).toBe("    at Div (test.mq5:4)\n    at OnTick (test.mq5:8)");
    // The EA log shows the MQL5 call stack under the message.
    expect(o.logs.map((l) => l.text)).toContain(
      "zero divide in 'test.mq5' (4,12), function Div\n    at Div (test.mq5:4)\n    at OnTick (test.mq5:8)",
    );
  });
});

describe("conversions", () => {
  test("double to int truncates; int to double; text of doubles", async () => {
    const lines = await printedBy(`
      int i = 3.99; int j = -3.99;
      double d = 1/3; double e = 1/3.0;
      Print(i, " ", j, " ", d, " ", 1.0, " ", 0.1 + 0.2, " ", e);
      string s = 5;
      Print(s + "x", " ", true, " ", (int)"42", " ", (double)"1.5e2");`);
    expect(lines).toEqual(["3 -3 0.0 1.0 0.3 0.3333333333333333", "5x true 42 150.0"]);
  });

  test("string concatenation and comparison", async () => {
    const lines = await printedBy(`
      string a = "abc";
      Print(a + 1 + 2, " ", "b" > "a", " ", a == "abc", " ", a + 1.5);`);
    expect(lines).toEqual(["abc12 true true abc1.5"]);
  });
});

describe("control flow", () => {
  test("switch falls through; do/while; break and continue", async () => {
    const lines = await printedBy(`
      string out = "";
      for (int i = 0; i < 5; i++) {
        switch (i) {
          case 0: out += "a";
          case 1: out += "b"; break;
          case 3: continue;
          default: out += "d";
        }
        out += "|";
      }
      int k = 0;
      do { k += 2; } while (k < 7);
      Print(out, " ", k);`);
    expect(lines).toEqual(["ab|b|d|d| 8"]);
  });
});

describe("functions", () => {
  test("overloads, default parameters and references", async () => {
    const lines = await printedBy(
      `Print(Kind(1), Kind(1.5), Kind("s"), " ", Sum(1), " ", Sum(1, 5));
       int x = 1; Inc(x); Inc(x);
       double arr[]; Fill(arr, 3);
       Print(x, " ", ArraySize(arr), " ", arr[2]);`,
      `string Kind(int v) { return "i"; }
       string Kind(double v) { return "d"; }
       string Kind(string v) { return "s"; }
       int Sum(int a, int b = 10) { return a + b; }
       void Inc(int &v) { v++; }
       void Fill(double &a[], int n) { ArrayResize(a, n); for (int i = 0; i < n; i++) a[i] = i * 1.5; }`,
    );
    expect(lines).toEqual(["ids 11 6", "3 3 3.0"]);
  });
});

describe("arrays", () => {
  test("static, dynamic and two-dimensional arrays; initialiser lists", async () => {
    const lines = await printedBy(`
      int a[5] = {1, 2, 3};
      string names[] = {"x", "y"};
      double m[2][3];
      m[1][2] = 4.5;
      int d[];
      ArrayResize(d, 4);
      d[3] = 9;
      Print(a[0] + a[2], " ", a[4], " ", ArraySize(a), " ", names[1], " ", m[1][2], " ", m[0][0], " ", d[3], " ", d[0]);`);
    expect(lines).toEqual(["4 0 5 y 4.5 0.0 9 0"]);
  });

  test("reading past the end stops the program with array out of range", async () => {
    const r = await run(`
int OnInit() { return INIT_SUCCEEDED; }
void OnTick()
  {
   int a[3];
   int i = 3;
   Print(a[i]);
  }
`);
    const o = r.tick();
    expect(o.ok).toBe(false);
    expect(o.error?.message).toBe("array out of range in 'test.mq5' (7,10), function OnTick");
  });
});

describe("structs and classes", () => {
  test("structs copy by value", async () => {
    const lines = await printedBy(
      `Pt a; a.x = 1; a.y = 2;
       Pt b = a; b.x = 10;
       Pt c; c = b; c.y = 20;
       Print(a.x, " ", b.x, " ", c.x, " ", b.y, " ", c.y);`,
      "struct Pt { int x; int y; };",
    );
    expect(lines).toEqual(["1 10 10 2 20"]);
  });

  test("constructors, initializer lists, inheritance, virtual and qualified calls", async () => {
    const lines = await printedBy(
      `CShape *s[2];
       s[0] = new CSquare(3);
       s[1] = new CCircle(1);
       for (int i = 0; i < 2; i++) Print(s[i].Name(), " ", s[i].Area());
       CSquare q(2);
       Print(q.Describe(), " ", CShape::count);
       delete s[0];
       Print(CheckPointer(s[0]) == POINTER_INVALID, " ", CheckPointer(s[1]) == POINTER_DYNAMIC, " ", CheckPointer(GetPointer(q)) == POINTER_AUTOMATIC);`,
      `class CShape
         {
       protected:
          string m_name;
       public:
          static int count;
                   CShape(string name) : m_name(name) { count++; }
          virtual double Area() { return 0; }
          string Name() { return m_name; }
          virtual string Describe() { return m_name + ":" + DoubleToString(Area(), 1); }
         };
       int CShape::count = 0;
       class CSquare : public CShape
         {
          double m_side;
       public:
                   CSquare(double side) : CShape("square"), m_side(side) {}
          virtual double Area() { return m_side * m_side; }
          virtual string Describe() { return "[" + CShape::Describe() + "]"; }
         };
       class CCircle : public CShape
         {
          double m_r;
       public:
                   CCircle(double r) : CShape("circle") { m_r = r; }
          virtual double Area();
         };
       double CCircle::Area() { return 3.0 * m_r * m_r; }`,
    );
    expect(lines).toEqual(["square 9.0", "circle 3.0", "[square:4.0] 3", "true true true"]);
  });

  test("using a deleted object stops the program with invalid pointer access", async () => {
    const r = await run(`
class CItem { public: int v; };
int OnInit() { return INIT_SUCCEEDED; }
void OnTick()
  {
   CItem *p = new CItem;
   delete p;
   Print(p.v);
  }
`);
    const o = r.tick();
    expect(o.ok).toBe(false);
    expect(o.error?.message).toBe("invalid pointer access in 'test.mq5' (8,10), function OnTick");
  });
});

describe("enums and macros", () => {
  test("user enums, EnumToString, #define constants and function-like macros", async () => {
    const lines = await printedBy(
      `Mode m = MODE_B;
       Print(m, " ", EnumToString(m), " ", EnumToString(MODE_SMA), " ", SQR(3 + 1), " ", LIMIT);`,
      `enum Mode { MODE_A, MODE_B = 5, MODE_C };
       #define SQR(x) ((x) * (x))
       #define LIMIT 42`,
    );
    expect(lines).toEqual(["5 MODE_B MODE_SMA 16 42"]);
  });
});

describe("templates", () => {
  test("function templates are instantiated per deduced or explicit type", async () => {
    const lines = await printedBy(
      `int a[] = {3, 9, 4};
       string s[] = {"b", "a"};
       Print(Max(3, 7), " ", Max(2.5, 1.0), " ", Max<long>(1, 2), " ", Largest(a), " ", Largest(s), " ", Half(7), " ", Half(7.0));`,
      `template<typename T> T Max(T a, T b) { return a > b ? a : b; }
       template<typename T> T Largest(const T &arr[])
         {
          T best = arr[0];
          for(int i = 1; i < ArraySize(arr); i++) if(arr[i] > best) best = arr[i];
          return best;
         }
       template<typename T> T Half(T v) { return v / 2; }`,
    );
    expect(lines).toEqual(["7 2.5 2 9 b 3 3.5"]);
  });

  test("class templates: members typed by the argument, out-of-line methods, nested instances", async () => {
    const lines = await printedBy(
      `CStack<int> ints;
       ints.Push(1); ints.Push(2); ints.Push(3);
       CStack<string> *names = new CStack<string>();
       names.Push("x"); names.Push("y");
       CPair<string, double> p("pi", 3.25);
       Print(ints.Pop(), " ", ints.Count(), " ", names.Pop(), " ", p.Key(), "=", p.Value(), " ", ints.Sum());
       delete names;`,
      `template<typename T>
       class CStack
         {
          T    m_items[];
          int  m_count;
       public:
               CStack(void) : m_count(0) {}
          void Push(T v);
          T    Pop(void) { m_count--; return m_items[m_count]; }
          int  Count(void) const { return m_count; }
          T    Sum(void) { T s = 0; for(int i = 0; i < m_count; i++) s += m_items[i]; return s; }
         };
       template<typename T>
       void CStack<T>::Push(T v)
         {
          if(ArraySize(m_items) <= m_count) ArrayResize(m_items, m_count + 4);
          m_items[m_count++] = v;
         }
       template<typename K, typename V>
       class CPair
         {
          K m_key; V m_value;
       public:
            CPair(K k, V v) : m_key(k), m_value(v) {}
          K Key(void) { return m_key; }
          V Value(void) { return m_value; }
         };`,
    );
    expect(lines).toEqual(["3 2 y pi=3.25 3"]);
  });
});

describe("more of the language", () => {
  test("operator overloading on structs and classes", async () => {
    const lines = await printedBy(
      `Vec a(1, 2), b(3, 4);
       Vec c = a + b;
       c += a;
       Vec d = -c;
       Print(c.x, ",", c.y, " ", d.x, " ", a == b, " ", a == Vec(1, 2), " ", c[1]);`,
      `class Vec
         {
       public:
          double x, y;
                Vec(void) : x(0), y(0) {}
                Vec(double ax, double ay) : x(ax), y(ay) {}
          Vec   operator+(const Vec &o) { return Vec(x + o.x, y + o.y); }
          void  operator+=(const Vec &o) { x += o.x; y += o.y; }
          Vec   operator-(void) { return Vec(-x, -y); }
          bool  operator==(const Vec &o) { return x == o.x && y == o.y; }
          double operator[](int i) { return i == 0 ? x : y; }
         };`,
    );
    expect(lines).toEqual(["5.0,8.0 -5.0 false true 8.0"]);
  });

  test("function pointers, static locals, __FUNCTION__, sizeof and literals", async () => {
    const lines = await printedBy(
      `Op f = Add;
       Print(Apply(f, 2, 3), " ", Apply(Mul, 2, 3), " ", Counter(), Counter(), Counter(), " ", Where());
       Print(sizeof(int), " ", sizeof(long), " ", sizeof(Pair), " ", C'255,0,0' == clrRed, " ", D'2024.01.02 03:04:05');`,
      `typedef int (*Op)(int, int);
       int Add(int a, int b) { return a + b; }
       int Mul(int a, int b) { return a * b; }
       int Apply(Op op, int a, int b) { return op(a, b); }
       int Counter() { static int n = 0; n++; return n; }
       string Where() { return __FUNCTION__; }
       struct Pair { int a; double b; };`,
    );
    expect(lines).toEqual(["5 6 123 Where", "4 8 12 true 2024.01.02 03:04:05"]);
  });

  test("structs: nested copies, arrays of structs, ZeroMemory, references", async () => {
    const lines = await printedBy(
      `Order o; o.ticket = 7; o.price.bid = 1.5; o.tags[1] = 3;
       Order copy = o; copy.price.bid = 2.5; copy.tags[1] = 9;
       Order list[]; ArrayResize(list, 2); list[1] = o;
       Bump(list[1]);
       ZeroMemory(o);
       Print(o.ticket, " ", o.price.bid, " ", copy.price.bid, " ", list[1].ticket, " ", list[1].tags[1], " ", list[0].ticket);`,
      `struct Price { double bid; double ask; };
       struct Order { long ticket; Price price; int tags[3]; };
       void Bump(Order &x) { x.ticket += 100; x.tags[1]++; }`,
    );
    expect(lines).toEqual(["0 0.0 2.5 107 4 0"]);
  });

  test("pointers passed by reference, arrays of objects, two-dimensional dynamic arrays", async () => {
    const lines = await printedBy(
      `CNode *head = NULL;
       for (int i = 1; i <= 3; i++) Prepend(head, i);
       int sum = 0;
       for (CNode *n = head; n != NULL; n = n.next) sum += n.value;
       CNode nodes[];
       ArrayResize(nodes, 2);
       nodes[1].value = 5;
       double grid[][3];
       ArrayResize(grid, 2);
       grid[1][2] = 7.5;
       Print(sum, " ", head.value, " ", nodes[1].value, " ", nodes[0].value, " ", ArrayRange(grid, 0), " ", grid[1][2], " ", ArraySize(grid));`,
      `class CNode { public: int value; CNode *next; CNode(void) : value(0), next(NULL) {} };
       void Prepend(CNode *&head, int v) { CNode *n = new CNode; n.value = v; n.next = head; head = n; }`,
    );
    expect(lines).toEqual(["6 3 5 0 2 7.5 6"]);
  });

  test("built-ins with reference parameters and overloads by arity", async () => {
    const lines = await printedBy(`
      string s = "a-b-c";
      int n = StringReplace(s, "-", "+");
      string parts[];
      int k = StringSplit(s, '+', parts);
      double bid = 0;
      bool ok = SymbolInfoDouble(_Symbol, SYMBOL_BID, bid);
      Print(n, " ", s, " ", k, " ", parts[2], " ", ok, " ", bid == SymbolInfoDouble(_Symbol, SYMBOL_BID), " ", bid > 0);`);
    expect(lines).toEqual(["2 a+b+c 3 c true true true"]);
  });
});

describe("local types", () => {
  test("structs, classes, enums and typedefs declared inside a function", async () => {
    const lines = await printedBy(`
      enum Side { BUY_SIDE = 1, SELL_SIDE = -1 };
      struct Fill { double price; Side side; };
      class Book
        {
      public:
         Fill fills[];
         void Add(double p, Side s) { int n = ArraySize(fills); ArrayResize(fills, n + 1); fills[n].price = p; fills[n].side = s; }
         double Net(void) { double v = 0; for(int i = 0; i < ArraySize(fills); i++) v += fills[i].price * fills[i].side; return v; }
        };
      typedef double Money;
      Book b;
      b.Add(1.5, BUY_SIDE);
      b.Add(0.5, SELL_SIDE);
      Money m = b.Net();
      Print(m, " ", EnumToString(b.fills[1].side));`);
    expect(lines).toEqual(["1.0 SELL_SIDE"]);
  });
});

describe("64-bit bit operations", () => {
  test("&, |, ^, << and >> agree with exact 64-bit arithmetic on small, large and negative values", async () => {
    const lines = await printedBy(`
      long v[] = {0, 1, -1, 255, -256, 4294967295, 4294967296, -4294967297, 9007199254740991, -9007199254740991, 9223372036854775807, -9223372036854775807 - 1, 1099511627776, 123456789012345};
      string out = "";
      long acc = 0;
      for (int i = 0; i < ArraySize(v); i++)
        for (int j = 0; j < ArraySize(v); j++)
          {
           acc ^= (v[i] & v[j]) + (v[i] | v[j]) * 3 + (v[i] ^ v[j]) * 7;
           acc += (v[i] << (j % 64)) ^ (v[i] >> (j % 64));
          }
      ulong u = 18446744073709551615;
      Print(acc, " ", u >> 60, " ", u & 0xFFFF, " ", (u ^ 1) >> 1, " ", (ulong)1 << 63 | 1);`);
    // Reference values computed with exact 64-bit wrapping arithmetic (BigInt.asIntN(64, …)).
    const v = [
      0n,
      1n,
      -1n,
      255n,
      -256n,
      4294967295n,
      4294967296n,
      -4294967297n,
      9007199254740991n,
      -9007199254740991n,
      9223372036854775807n,
      -9223372036854775808n,
      1099511627776n,
      123456789012345n,
    ];
    const w = (x: bigint) => BigInt.asIntN(64, x);
    let acc = 0n;
    v.forEach((a) => {
      v.forEach((b, j) => {
        acc = w(acc ^ w(w(w(a & b) + w(w(a | b) * 3n)) + w(w(a ^ b) * 7n)));
        acc = w(acc + w(w(a << BigInt(j % 64)) ^ w(a >> BigInt(j % 64))));
      });
    });
    expect(lines).toEqual([`${acc} 15 65535 9223372036854775807 9223372036854775809`]);
  });
});

describe("virtual and non-virtual methods", () => {
  test("a non-virtual method called through a base pointer runs the base's version; a virtual one the object's", async () => {
    const lines = await printedBy(
      `CBase *p = new CDerived;
       CDerived d;
       Print(p.Name(), " ", p.Kind(), " ", d.Name(), " ", d.Kind());
       delete p;`,
      `class CBase { public: string Name(void) { return "base"; } virtual string Kind(void) { return "base"; } };
       class CDerived : public CBase { public: string Name(void) { return "derived"; } virtual string Kind(void) { return "derived"; } };`,
    );
    expect(lines).toEqual(["base derived derived derived"]);
  });
});

describe("type names and declarations", () => {
  test("typename() of types and values; variables declared after a struct body", async () => {
    const lines = await printedBy(
      `Print(TypeOf(1), " ", TypeOf(2.5), " ", TypeOf("s"), " ", typename(s1), " ", typename(MODE_SMA), " ", ArraySize(s1.names), " ", pair[1].n);`,
      `template<typename T> string TypeOf(T v) { return typename(T) + "/" + typename(v); }
       struct S { string names[3]; int n; } s1, pair[2];`,
    );
    expect(lines).toEqual(["int/int double/double string/string struct S enum ENUM_MA_METHOD 3 0"]);
  });
});

describe("destructors of automatic objects", () => {
  test("locals are destroyed when their block is left, in reverse order, also on return; globals after OnDeinit", async () => {
    const r = await run(`
class CNoisy
  {
   string m_name;
public:
            CNoisy(string name) : m_name(name) { Print("+", m_name); }
           ~CNoisy(void) { Print("-", m_name); }
  };
class CQuiet : public CNoisy { public: CQuiet(void) : CNoisy("quiet") {} };
CNoisy g_first("g1");
CNoisy g_second("g2");
int Early(bool leave)
  {
   CNoisy a("a");
   if(leave)
      return(1);
   CNoisy b("b");
   return(2);
  }
void OnTick()
  {
   Early(true);
   Early(false);
   for(int i = 0; i < 2; i++)
     {
      CQuiet q;
      if(i == 1) break;
     }
   Print("tick done");
  }
void OnDeinit(const int reason) { Print("deinit"); }
`);
    r.tick();
    r.dispatch({ type: "deinit", reason: 0 });
    expect(r.printed).toEqual([
      "+g1",
      "+g2",
      "+a",
      "-a",
      "+a",
      "+b",
      "-b",
      "-a",
      "+quiet",
      "-quiet",
      "+quiet",
      "-quiet",
      "tick done",
      "deinit",
      "-g2",
      "-g1",
    ]);
  });
});

describe("tick history", () => {
  test("CopyTicks and CopyTicksRange return the ticks received, filtered and selected as MQL5 does", async () => {
    const r = await run(`
void OnTick()
  {
   MqlTick all[], last2[], range[], trades[];
   int n = CopyTicks(_Symbol, all);
   int k = CopyTicks(_Symbol, last2, COPY_TICKS_ALL, 0, 2);
   int m = CopyTicksRange(_Symbol, range, COPY_TICKS_INFO, 1700200001000, 1700200002000);
   int t = CopyTicks(_Symbol, trades, COPY_TICKS_TRADE);
   PrintFormat("%d %d %.2f %.2f %d %.2f %d", n, k, last2[0].bid, last2[1].bid, m, range[m - 1].bid, t);
  }
`);
    const tick = (bid: number, s: number) => ({
      tick: { bid, ask: bid + 0.01, time: s, time_msc: s * 1000, flags: 6 },
    });
    for (const [bid, s] of [
      [1.1, 1700200000],
      [1.2, 1700200001],
      [1.3, 1700200002],
      [1.4, 1700200003],
    ] as const) {
      r.tick(tick(bid, s));
    }
    // The init event's tick comes first; COPY_TICKS_TRADE: no last/volume changes.
    expect(r.printed.at(-1)).toBe("5 2 1.30 1.40 2 1.30 0");
  });
});

describe("char arrays", () => {
  test("CharArrayToString reads signed chars as bytes (UTF-8 round trip)", async () => {
    const lines = await printedBy(`
      char bytes[] = {99, 97, 102, -61, -87};
      uchar ubytes[];
      int n = StringToCharArray("café", ubytes, 0, WHOLE_ARRAY, CP_UTF8);
      Print(CharArrayToString(bytes, 0, 5, CP_UTF8), " ", n, " ", ubytes[3], " ", CharArrayToString(ubytes, 0, n - 1, CP_UTF8));`);
    expect(lines).toEqual(["café 6 195 café"]);
  });
});
