// Compiler gaps found while writing the MQL5 Wizard framework (Indicators/*, Expert/*): minimal
// reproductions, skipped or todo until the compiler handles them. The headers work around each
// one with plain MQL5 (noted per test).
import { describe, expect, test } from "bun:test";
import { run } from "./support.ts";

describe("compiler gaps (Wizard framework)", () => {
  // The preprocessor does not resolve `..` in a quoted include: "A/Sub/X.mqh" including
  // "../Common.mqh" looks for "a/sub/../common.mqh", misses, and falls back to the first uploaded
  // header with the same base name (here B/Common.mqh); in the standard tree, where there is no
  // such fallback, `#include "../ExpertSignal.mqh"` from Expert/Signal/SignalMA.mqh is "cannot
  // open include file". Workaround in the headers: `#include <Expert/ExpertSignal.mqh>`.
  test("'..' in a quoted #include is resolved against the including file's folder", async () => {
    const r = await run(
      `#include "A/Sub/X.mqh"\nint OnInit() { Print(V()); return 0; }\nvoid OnTick() {}\n`,
      {},
      {
        headers: {
          "B/Common.mqh": "int V() { return 2; }\n",
          "A/Common.mqh": "int V() { return 1; }\n",
          "A/Sub/X.mqh": '#include "../Common.mqh"\n',
        },
      },
    );
    expect(r.printed).toEqual(["1"]);
  });

  // A class of a standard header is taken for a native (runtime) class when none of its methods
  // has a body inside the class: one whose methods are all defined out of line compiles, and
  // `new CTimeBuffer` then fails at run time with "ReferenceError: CTimeBuffer is not defined".
  // Only standard headers are concerned, so no test program can show it; reproduction: a class
  // `class CFoo : public CObject { protected: virtual int F(void); };` with
  // `int CFoo::F(void) { return 1; }` in a header under ea-runtime/src/mql5/include, and
  // `CFoo *p = new CFoo;` in a program. Workaround in the headers: every class has an inline
  // constructor body.
  // Fixed: covered at the binding stage in lower.test.ts ("standard headers").
  test.todo(
    "a standard-header class whose methods are all defined out of line is compiled, not taken for a native class",
  );

  // A call to a built-in in NATIVE_GAPS is refused wherever it appears, even in a method of a
  // library class that the program never calls: a header declaring such a class fails every
  // program that includes it (as Indicators/*.mqh would have while the runtime lacked iSAR…).
  // Fixed: covered at the binding stage in lower.test.ts ("standard headers").
  test.todo(
    "a call to a built-in the runtime lacks, in a method nobody calls, does not refuse the program",
  );
});
