/**
 * Compile time of the MQL5 compiler on a large builder-shaped EA (bench/mql5/generate.ts):
 * `compileMql5` end to end, and the same pipeline run stage by stage from the compiler's exported
 * functions and classes (decode → implicit headers → preprocess → lex → parse → bind → lower),
 * in the order compile.ts runs them. The staged run's JS is compared with compileMql5's, so a
 * change of the pipeline in compile.ts shows as `stagedMatchesCompileMql5: false` rather than as
 * wrong stage times. The compiler itself is not modified.
 */

import { Binder } from "../../ea-runtime/src/mql5/binder.ts";
import { compileMql5, makeResolver } from "../../ea-runtime/src/mql5/compile.ts";
import { decodeMql5 } from "../../ea-runtime/src/mql5/decode.ts";
import { DiagnosticBag, formatDiagnostic } from "../../ea-runtime/src/mql5/diagnostics.ts";
import {
  IMPLICIT_HEADERS,
  runtimeGlobals,
  STANDARD_HEADERS,
} from "../../ea-runtime/src/mql5/include/index.ts";
import { lex } from "../../ea-runtime/src/mql5/lexer.ts";
import { Lowering } from "../../ea-runtime/src/mql5/lower.ts";
import { parse } from "../../ea-runtime/src/mql5/parser.ts";
import { preprocess } from "../../ea-runtime/src/mql5/preprocess.ts";
import type { Token } from "../../ea-runtime/src/mql5/tokens.ts";
import { MQL5_ENUMS } from "../../ea-runtime/src/runtime/constants.ts";
import { generateEa } from "./generate.ts";

const NOW = 1_764_115_200; // 2025-11-26 00:00 UTC
const NAME = "generated.mq5";

export const STAGES = [
  "decode",
  "implicitHeaders",
  "preprocess",
  "lex",
  "parse",
  "bind",
  "lower",
] as const;
type Stage = (typeof STAGES)[number];

/** compile.ts's pipeline, timed per stage. Throws with the diagnostics on an error. */
function compileStaged(bytes: Uint8Array): { js: string; ms: Record<Stage, number> } {
  const ms = {} as Record<Stage, number>;
  const bag = new DiagnosticBag();
  const check = (stage: Stage): void => {
    if (bag.hasErrors) {
      throw new Error(`${stage}: ${bag.errors().slice(0, 10).map(formatDiagnostic).join("\n")}`);
    }
  };
  let t = performance.now();
  const lap = (stage: Stage): void => {
    const now = performance.now();
    ms[stage] = now - t;
    t = now;
    check(stage);
  };

  const decoded = decodeMql5(bytes);
  if (!decoded.ok) {
    throw new Error(`decode: ${decoded.error}`);
  }
  lap("decode");

  const resolver = makeResolver(new Map());
  const tokens: Token[] = [];
  const nativeFiles = new Set<string>(STANDARD_HEADERS.keys());
  for (const h of IMPLICIT_HEADERS) {
    const pp = preprocess({
      main: { file: h, text: STANDARD_HEADERS.get(h) ?? "" },
      resolver,
      now: NOW,
    });
    bag.items.push(...pp.diagnostics);
    const ht = lex(pp.text, pp.origins, bag);
    for (let i = 0; i < ht.length - 1; i += 1) {
      tokens.push(ht[i] as Token);
    }
  }
  lap("implicitHeaders");

  const pp = preprocess({ main: { file: NAME, text: decoded.text }, resolver, now: NOW });
  bag.items.push(...pp.diagnostics);
  lap("preprocess");

  for (const tok of lex(pp.text, pp.origins, bag)) {
    tokens.push(tok);
  }
  lap("lex");

  const typeNames = new Set<string>(Object.keys(MQL5_ENUMS));
  for (const tok of tokens) {
    if (tok.kind === "ident" && tok.text.startsWith("ENUM_")) {
      typeNames.add(tok.text);
    }
  }
  const program = parse(tokens, bag, { typeNames });
  lap("parse");

  const binder = new Binder(bag, { nativeFiles, runtimeClasses: runtimeGlobals() });
  binder.bind(program);
  lap("bind");

  const js = new Lowering(binder, bag).lowerProgram(NAME);
  lap("lower");
  return { js, ms };
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
}

const round1 = (x: number): number => Math.round(x * 10) / 10;

export interface CompileTimeResult {
  sourceBytes: number;
  sourceLines: number;
  blocks: number;
  jsBytes: number;
  runs: number;
  /** The first compileMql5 of the process (code not yet optimised by the JIT). */
  coldMs: number;
  medianMs: number;
  minMs: number;
  maxMs: number;
  /** Median per stage of the staged runs; their sum is `stagedTotalMs`. */
  stagesMedianMs: Record<Stage, number>;
  stagedTotalMs: number;
  stagedMatchesCompileMql5: boolean;
  goalMs: number;
}

/** Compiles a generated EA of ≈`targetBytes`, `runs` times each way, alternating. */
export function benchCompileTime(targetBytes: number, runs: number): CompileTimeResult {
  const { text, blocks } = generateEa(targetBytes);
  const bytes = new TextEncoder().encode(text);
  const compile = () => compileMql5({ main: { name: NAME, bytes }, now: NOW });

  let t0 = performance.now();
  const first = compile();
  const coldMs = performance.now() - t0;
  if (!first.ok) {
    throw new Error(`the generated EA does not compile:\n${first.error}`);
  }
  const staged0 = compileStaged(bytes);

  const whole: number[] = [];
  const stages: Record<Stage, number[]> = Object.fromEntries(STAGES.map((s) => [s, []])) as never;
  for (let r = 0; r < runs; r++) {
    t0 = performance.now();
    compile();
    whole.push(performance.now() - t0);
    const { ms } = compileStaged(bytes);
    for (const s of STAGES) {
      stages[s].push(ms[s]);
    }
  }
  const stagesMedianMs = Object.fromEntries(
    STAGES.map((s) => [s, round1(median(stages[s]))]),
  ) as Record<Stage, number>;
  return {
    sourceBytes: bytes.length,
    sourceLines: text.split("\n").length,
    blocks,
    jsBytes: first.js.length,
    runs,
    coldMs: round1(coldMs),
    medianMs: round1(median(whole)),
    minMs: round1(Math.min(...whole)),
    maxMs: round1(Math.max(...whole)),
    stagesMedianMs,
    stagedTotalMs: round1(STAGES.reduce((sum, s) => sum + stagesMedianMs[s], 0)),
    stagedMatchesCompileMql5: staged0.js === first.js,
    goalMs: 2000,
  };
}
