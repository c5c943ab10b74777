/**
 * Test support for the MQL5 compiler: compile a program from source text and run it in the
 * real EA runtime (in-process harness), collecting what it prints.
 */
import { type CompileResult, compileMql5 } from "../../ea-runtime/src/mql5/compile.ts";
import {
  barsFromCloses,
  type HostScript,
  type InProcess,
  initEvent,
  inProcess,
  type Outcome,
} from "../ea-runtime/harness.ts";

export const NOW = 1_764_115_200; // 2025.11.26 00:00 UTC

export function compile(
  src: string,
  headers: Record<string, string> = {},
  name = "test.mq5",
): CompileResult {
  const enc = new TextEncoder();
  return compileMql5({
    main: { name, bytes: enc.encode(src) },
    headers: Object.entries(headers).map(([n, t]) => ({ name: n, bytes: enc.encode(t) })),
    now: NOW,
  });
}

/** Compiles or throws with the compiler's errors. */
export function compileOk(src: string, headers: Record<string, string> = {}): string {
  const r = compile(src, headers);
  if (!r.ok) {
    throw new Error(`compile failed:\n${r.error}`);
  }
  return r.js;
}

/** The compile error text (throws when the program compiles). */
export function compileError(src: string, headers: Record<string, string> = {}): string {
  const r = compile(src, headers);
  if (r.ok) {
    throw new Error("expected a compile error");
  }
  return r.error;
}

export interface Run {
  readonly rt: InProcess;
  readonly init: Outcome;
  /** Every line printed (info level), load and init included. */
  readonly printed: string[];
  /** Dispatches a tick; `snapshot` (a WireSnapshot delta) moves the quote, bars, positions… */
  tick(snapshot?: Record<string, unknown>): Outcome;
  /** Dispatches any event (timer, trade, deinit…). */
  dispatch(event: Record<string, unknown>): Outcome;
}

export interface RunOptions {
  /** Headers uploaded with the program, by name. */
  readonly headers?: Record<string, string>;
  /** The program's file name (default test.mq5). */
  readonly name?: string;
  /** The init event (default: 50 H1 bars of EURUSD around 1.1). */
  readonly init?: Record<string, unknown>;
  /** Answers the runtime's host calls (default: every trade succeeds). */
  readonly host?: HostScript;
}

/** Loads a program, runs OnInit on 50 H1 bars of EURUSD and returns a handle to tick it. */
export async function run(
  src: string,
  inputs: Record<string, unknown> = {},
  opts: RunOptions = {},
): Promise<Run> {
  const compiled = compile(src, opts.headers ?? {}, opts.name);
  if (!compiled.ok) {
    throw new Error(`compile failed:\n${compiled.error}`);
  }
  const js = compiled.js;
  const rt = await inProcess(opts.host);
  const printed: string[] = [];
  const collect = (o: Outcome): Outcome => {
    for (const l of o.logs) {
      printed.push(l.level === "info" ? l.text : `[${l.level}] ${l.text}`);
    }
    return o;
  };
  const loaded = collect(rt.load(js, { inputs }));
  if (!loaded.ok) {
    throw new Error(`load failed: ${loaded.error?.message}\n${js}`);
  }
  const closes = Array.from({ length: 50 }, (_, i) => 1.1 + Math.sin(i / 5) * 0.01);
  const init = collect(rt.dispatch(opts.init ?? initEvent(barsFromCloses(closes))));
  return {
    rt,
    init,
    printed,
    tick: (snapshot) =>
      collect(rt.dispatch(snapshot ? { type: "tick", snapshot } : { type: "tick" })),
    dispatch: (event) => collect(rt.dispatch(event)),
  };
}

/** Runs `body` as the body of OnInit and returns the printed lines. */
export async function printedBy(body: string, globals = ""): Promise<string[]> {
  const r = await run(
    `${globals}\nint OnInit() {\n${body}\nreturn INIT_SUCCEEDED;\n}\nvoid OnTick() {}\n`,
  );
  if (!r.init.ok) {
    return [...r.printed, `ERROR ${r.init.error?.message}`];
  }
  return r.printed;
}
