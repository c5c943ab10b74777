// Sleep in compiled MQL5: the handler suspends (Outcome.sleep), returns at once, and continues
// on a `resume` event; events arriving meanwhile update the EA's data at once while their
// handlers wait, in order, coalesced as MT5 queues them; OnInit/OnDeinit run to the end; a
// function that sleeps cannot become a function pointer.
import { describe, expect, test } from "bun:test";
import { compileError, run } from "./support.ts";

const SLEEPER = `
int calls = 0;
void Pause(int ms) { Print("pause ", ms); Sleep(ms); }
class CStep { public: virtual void Go(int n) { Print("step ", n); Pause(n * 10); Print("stepped ", n); } };
CStep step;
int OnInit() { Sleep(1000); Print("init done"); return INIT_SUCCEEDED; }
void OnTick()
  {
   calls++;
   Print("tick ", calls, " bid ", DoubleToString(SymbolInfoDouble(_Symbol, SYMBOL_BID), 5));
   step.Go(calls);
   Print("tick ", calls, " done");
  }
void OnTimer() { Print("timer"); }
`;

describe("Sleep", () => {
  test("a handler suspends and resumes; events meanwhile wait and are coalesced", async () => {
    const r = await run(SLEEPER);
    expect(r.init.ok).toBe(true);
    expect(r.init.sleep).toBeUndefined();
    const first = r.dispatch({
      type: "tick",
      snapshot: { tick: { bid: 1.2, ask: 1.2001, time: 1700200000 } },
    });
    expect(first.sleep).toBe(10);
    // Two ticks and a timer while suspended: the data moves, the handlers wait (one tick kept).
    for (const bid of [1.3, 1.4]) {
      const o = r.dispatch({
        type: "tick",
        snapshot: { tick: { bid, ask: bid + 0.0001, time: 1700200001 } },
      });
      expect(o.ok).toBe(true);
      expect(o.sleep).toBeUndefined();
    }
    r.dispatch({ type: "timer" });
    // Resume: the first OnTick ends, then the waiting OnTick starts and sleeps in turn.
    const second = r.dispatch({ type: "resume" });
    expect(second.sleep).toBe(20);
    const third = r.dispatch({ type: "resume" });
    expect(third.sleep).toBeUndefined();
    expect(r.printed).toEqual([
      "init done",
      "tick 1 bid 1.20000",
      "step 1",
      "pause 10",
      "stepped 1",
      "tick 1 done",
      "tick 2 bid 1.40000",
      "step 2",
      "pause 20",
      "stepped 2",
      "tick 2 done",
      "timer",
    ]);
  });

  test("deinit abandons a suspended handler and runs OnDeinit", async () => {
    const r = await run(
      `${SLEEPER}\nvoid OnDeinit(const int reason) { Print("deinit ", reason); }`,
    );
    expect(r.dispatch({ type: "tick" }).sleep).toBe(10);
    const d = r.dispatch({ type: "deinit", reason: 1 });
    expect(d.ok).toBe(true);
    expect(r.printed.slice(-2)).toEqual(["pause 10", "deinit 1"]);
  });

  test("a sleeping function cannot be used as a function pointer", () => {
    expect(
      compileError(`typedef void (*Fn)(void);
void Nap() { Sleep(5); }
void OnTick() { Fn f = Nap; f(); }
`),
    ).toBe("test.mq5:3:24: a function that calls Sleep cannot be used as a function pointer");
  });
});
