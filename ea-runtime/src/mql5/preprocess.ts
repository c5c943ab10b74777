/**
 * Second compiler stage: the MQL5 preprocessor, from decoded source text to the text the lexer
 * reads, with the origin of every output line.
 *
 * Owns the directives (#include, #define/#undef, #ifdef/#ifndef/#else/#endif, #property; the
 * refusal of #import, #resource and of #if/#elif, which MQL5 does not have), comment removal and
 * macro expansion, including the predefined macros the compiler itself defines. It does NOT own
 * finding files (an `IncludeResolver` does, including any case-insensitive lookup) nor
 * __FUNCTION__/__FUNCSIG__, which need the enclosing function and are left as identifiers for a
 * later stage.
 *
 * Line structure: the output keeps one line per input line, so a token's line in the output maps
 * back through `origins` to the file and line the author wrote. A directive line, a continuation
 * line of a directive, a line in a false #ifdef branch and a line of an #import block become an
 * empty line; an #include directive line is replaced by the included file's lines (a trailing
 * newline at the end of an included file does not add a line). Comments become spaces, so
 * columns before the first macro expansion on a line stay exact. A macro invocation whose
 * arguments continue on later lines is expanded onto its first line and the lines it consumed
 * become empty.
 *
 * Decisions, following the MQL5 reference:
 * - A file is included once per compilation: a second #include of the same resolved file is
 *   skipped (MetaQuotes' own headers have no include guards and include each other freely), which
 *   also makes include cycles terminate.
 * - Macros: object-like and function-like (no space before `(`), `#` stringizes an argument and
 *   `##` pastes tokens (both documented for MQL5; `##` may not start or end a definition).
 *   Expansion follows C: arguments are expanded before substitution except next to `#`/`##`, the
 *   result is rescanned with the rest of the line, and a macro is not expanded again inside its
 *   own expansion (hide sets), so self-reference cannot loop. Variadic macros are refused.
 *   Macros are expanded in #property values too (`#property version VERSION`).
 * - Predefined: __MQL5__, __MQL__ and _RELEASE (1; the service compiles release builds),
 *   __MQLBUILD__/__MQL5BUILD__, __DATE__/__DATETIME__ (datetime literals, UTC, from `now`),
 *   __FILE__ (base name) and __PATH__ (as included), __LINE__, __COUNTER__ and __RANDOM__ (a
 *   64-bit value derived from `now` and a counter, so the stage stays pure and repeatable).
 * - Directive continuation: `\` as the last non-blank character of a directive line joins the
 *   next line (trailing blanks after the backslash are tolerated); a block comment that starts on
 *   a directive line and ends on a later one also continues the directive, as in C.
 * Errors are collected and processing goes on; the function never throws.
 * Pure; imports only diagnostics.ts.
 */
import { type Diagnostic, DiagnosticBag, type Loc } from "./diagnostics.ts";

export interface SourceText {
  readonly file: string;
  readonly text: string;
}

/** Resolves `#include` names; `system` is true for <…>. Returns undefined when not found. */
export interface IncludeResolver {
  resolve(name: string, fromFile: string, system: boolean): SourceText | undefined;
}

export interface PreprocessOptions {
  /** Text already decoded (LF line ends). */
  readonly main: SourceText;
  readonly resolver: IncludeResolver;
  /** Unix seconds, for __DATE__ / __DATETIME__ (and the seed of __RANDOM__). */
  readonly now: number;
  /** __MQLBUILD__ / __MQL5BUILD__ value, default 4620. */
  readonly build?: number;
}

export interface PropertyDirective {
  readonly name: string;
  readonly value: string;
  readonly loc: Loc;
}

export interface LineOrigin {
  readonly file: string;
  readonly line: number;
}

export interface PreprocessResult {
  /** Preprocessed text: directives removed, comments replaced by spaces, macros expanded. */
  readonly text: string;
  /** origins[i] = where output line i+1 came from (file as included, 1-based line). */
  readonly origins: readonly LineOrigin[];
  readonly properties: readonly PropertyDirective[];
  /** Files included, in order of first inclusion (resolved names). */
  readonly includes: readonly string[];
  readonly diagnostics: readonly Diagnostic[];
}

export const DEFAULT_BUILD = 4620;

/** Deepest #include nesting (include-once already stops cycles; this stops endless resolvers). */
const MAX_INCLUDE_DEPTH = 64;
/** Deepest nesting of macro invocations inside macro arguments. */
const MAX_ARG_DEPTH = 64;
/** Most tokens one source line may expand to (stops exponential macro definitions). */
const MAX_EXPANSION = 100_000;

export function preprocess(options: PreprocessOptions): PreprocessResult {
  const pp = new Preprocessor(options);
  try {
    pp.run();
  } catch (err) {
    pp.internalError(err);
  }
  return pp.result();
}

// ---------------------------------------------------------------------------------------------
// Preprocessing tokens
// ---------------------------------------------------------------------------------------------

const IDENT = 0;
const NUMBER = 1;
const STRING = 2;
/** Character literal, also C'…' and D'…'. */
const CHAR = 3;
/** A run of operator characters (`+=`, `->`, `::`); exact operators are the lexer's business. */
const OP = 4;
/** One of ( ) [ ] { } , ; */
const PUNCT = 5;
const HASH = 6;
const PASTE = 7;
const OTHER = 8;

interface Tok {
  readonly kind: number;
  readonly text: string;
  /** Whitespace before the token on its line ("" when adjacent to the previous token). */
  readonly ws: string;
  /** Offset in the current logical line's text, for locations. */
  readonly pos: number;
  /** Macros this token came out of (C's hide set); never expanded again inside them. */
  readonly hs: ReadonlySet<string> | undefined;
  /** In a macro body: index of the parameter this identifier names, else -1. */
  readonly param: number;
}

const DYN_NONE = 0;
const DYN_LINE = 1;
const DYN_FILE = 2;
const DYN_PATH = 3;
const DYN_DATE = 4;
const DYN_DATETIME = 5;
const DYN_COUNTER = 6;
const DYN_RANDOM = 7;

interface Macro {
  readonly name: string;
  readonly fn: boolean;
  readonly params: readonly string[];
  readonly body: readonly Tok[];
  readonly dyn: number;
}

function isIdentStart(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95;
}

function isIdentPart(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95 || (c >= 48 && c <= 57);
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

/** + - * / % < > = ! & | ^ ~ ? : . */
function isOpChar(c: number): boolean {
  switch (c) {
    case 43:
    case 45:
    case 42:
    case 47:
    case 37:
    case 60:
    case 62:
    case 61:
    case 33:
    case 38:
    case 124:
    case 94:
    case 126:
    case 63:
    case 58:
    case 46:
      return true;
    default:
      return false;
  }
}

/** ( ) [ ] { } , ; */
function isPunct(c: number): boolean {
  return (
    c === 40 || c === 41 || c === 91 || c === 93 || c === 123 || c === 125 || c === 44 || c === 59
  );
}

function isBlank(c: number): boolean {
  return c <= 32;
}

/** End of a quoted literal starting at `i` (the quote); unterminated literals end the text. */
function skipQuoted(s: string, i: number, quote: number): number {
  const n = s.length;
  let j = i + 1;
  while (j < n) {
    const d = s.charCodeAt(j);
    if (d === 92) {
      // A backslash before a line break does not carry the literal to the next line.
      if (s.charCodeAt(j + 1) === 10) {
        return j + 1;
      }
      j += 2;
    } else if (d === quote) {
      return j + 1;
    } else if (d === 10) {
      return j;
    } else {
      j++;
    }
  }
  return n;
}

/** End of a preprocessing number (digits, letters, `.`, and a sign after a decimal exponent). */
function skipNumber(s: string, i: number): number {
  const n = s.length;
  const hex = s.charCodeAt(i) === 48 && (s.charCodeAt(i + 1) | 32) === 120;
  let j = i;
  while (j < n) {
    const d = s.charCodeAt(j);
    if (!hex && (d === 101 || d === 69)) {
      const e = s.charCodeAt(j + 1);
      j += e === 43 || e === 45 ? 2 : 1;
    } else if (isIdentPart(d) || d === 46) {
      j++;
    } else {
      break;
    }
  }
  return Math.min(j, n);
}

function tok(kind: number, text: string, ws: string, pos: number): Tok {
  return { kind, text, ws, pos, hs: undefined, param: -1 };
}

/** Splits one line of comment-free text into preprocessing tokens. */
function tokenize(s: string, base: number): Tok[] {
  const toks: Tok[] = [];
  const n = s.length;
  let i = 0;
  let wsStart = 0;
  while (i < n) {
    const c = s.charCodeAt(i);
    if (isBlank(c)) {
      i++;
      continue;
    }
    const ws = i > wsStart ? s.slice(wsStart, i) : "";
    const start = i;
    let kind: number;
    if (isIdentStart(c)) {
      i++;
      while (i < n && isIdentPart(s.charCodeAt(i))) {
        i++;
      }
      kind = IDENT;
      if (i - start === 1 && (c === 67 || c === 68) && s.charCodeAt(i) === 39) {
        i = skipQuoted(s, i, 39);
        kind = CHAR;
      }
    } else if (isDigit(c) || (c === 46 && isDigit(s.charCodeAt(i + 1)))) {
      i = skipNumber(s, i);
      kind = NUMBER;
    } else if (c === 34) {
      i = skipQuoted(s, i, 34);
      kind = STRING;
    } else if (c === 39) {
      i = skipQuoted(s, i, 39);
      kind = CHAR;
    } else if (c === 35) {
      if (s.charCodeAt(i + 1) === 35) {
        i += 2;
        kind = PASTE;
      } else {
        i++;
        kind = HASH;
      }
    } else if (isOpChar(c)) {
      i++;
      while (i < n) {
        const d = s.charCodeAt(i);
        if (!isOpChar(d) || (d === 46 && isDigit(s.charCodeAt(i + 1)))) {
          break;
        }
        i++;
      }
      kind = OP;
    } else if (isPunct(c)) {
      i++;
      kind = PUNCT;
    } else {
      i++;
      kind = OTHER;
    }
    toks.push(tok(kind, s.slice(start, i), ws, base + start));
    wsStart = i;
  }
  return toks;
}

/** Whether two tokens written next to each other would read as different tokens. */
function needsSpace(prev: Tok, next: Tok): boolean {
  const a = prev.kind;
  const b = next.kind;
  if ((a === IDENT || a === NUMBER) && (b === IDENT || b === NUMBER)) {
    return true;
  }
  if (a === OP && b === OP) {
    return true;
  }
  if (a === IDENT && b === CHAR) {
    return true;
  }
  if ((a === HASH || a === PASTE) && (b === HASH || b === PASTE)) {
    return true;
  }
  if (a === NUMBER && b === OP && next.text.charCodeAt(0) === 46) {
    return true;
  }
  return a === OP && b === NUMBER && prev.text.charCodeAt(prev.text.length - 1) === 46;
}

function render(toks: readonly Tok[]): string {
  const parts: string[] = [];
  let prev: Tok | undefined;
  for (const t of toks) {
    if (t.ws !== "") {
      parts.push(t.ws);
    } else if (prev !== undefined && needsSpace(prev, t)) {
      parts.push(" ");
    }
    parts.push(t.text);
    prev = t;
  }
  return parts.join("");
}

function quoteString(s: string): string {
  return `"${s.replace(/[\\"]/g, "\\$&")}"`;
}

/** The value of a string literal's text (quotes included), escapes decoded. */
function unquoteString(lit: string): string {
  const end = lit.length >= 2 && lit.endsWith('"') ? lit.length - 1 : lit.length;
  const parts: string[] = [];
  let i = 1;
  while (i < end) {
    const c = lit[i] as string;
    if (c !== "\\" || i + 1 >= end) {
      parts.push(c);
      i++;
      continue;
    }
    const e = lit[i + 1] as string;
    i += 2;
    switch (e) {
      case "n":
        parts.push("\n");
        break;
      case "t":
        parts.push("\t");
        break;
      case "r":
        parts.push("\r");
        break;
      case "0":
        parts.push("\0");
        break;
      default:
        parts.push(e);
    }
  }
  return parts.join("");
}

function baseName(path: string): string {
  const i = Math.max(path.lastIndexOf("/"), path.lastIndexOf("\\"));
  return i >= 0 ? path.slice(i + 1) : path;
}

function pad2(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}

/** splitmix64: a well-mixed 64-bit value from a 64-bit seed. */
function splitmix64(seed: bigint): bigint {
  const mask = (1n << 64n) - 1n;
  let z = (seed + 0x9e3779b97f4a7c15n) & mask;
  z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & mask;
  z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & mask;
  return z ^ (z >> 31n);
}

// ---------------------------------------------------------------------------------------------
// Comment removal
// ---------------------------------------------------------------------------------------------

interface Stripped {
  readonly lines: string[];
  /** cont[i]: line i ends inside a block comment (a directive on it continues). */
  readonly cont: boolean[];
}

/** Replaces comments by spaces (keeping newlines) and splits into lines, in one scan. */
function stripComments(text: string): Stripped {
  const n = text.length;
  const parts: string[] = [];
  const cont: boolean[] = [];
  let last = 0;
  let line = 0;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 10) {
      line++;
      i++;
    } else if (c === 34 || c === 39) {
      i = skipQuoted(text, i, c);
    } else if (c === 47 && text.charCodeAt(i + 1) === 47) {
      let end = text.indexOf("\n", i);
      if (end < 0) {
        end = n;
      }
      parts.push(text.slice(last, i), " ".repeat(end - i));
      last = end;
      i = end;
    } else if (c === 47 && text.charCodeAt(i + 1) === 42) {
      const close = text.indexOf("*/", i + 2);
      const end = close < 0 ? n : close + 2;
      parts.push(text.slice(last, i));
      let segStart = i;
      for (let nl = text.indexOf("\n", i); nl >= 0 && nl < end; nl = text.indexOf("\n", nl + 1)) {
        parts.push(" ".repeat(nl - segStart), "\n");
        cont[line] = true;
        line++;
        segStart = nl + 1;
      }
      parts.push(" ".repeat(end - segStart));
      last = end;
      i = end;
    } else {
      i++;
    }
  }
  parts.push(text.slice(last));
  const lines = parts.join("").split("\n");
  return { lines, cont };
}

/** Index of the first non-blank character when the line is a directive (`#` first), else -1. */
function directiveStart(line: string): number {
  const n = line.length;
  for (let i = 0; i < n; i++) {
    const c = line.charCodeAt(i);
    if (c === 35) {
      return i;
    }
    if (c !== 32 && c !== 9 && c !== 11 && c !== 12) {
      return -1;
    }
  }
  return -1;
}

function isBlankLine(line: string): boolean {
  for (let i = 0; i < line.length; i++) {
    if (!isBlank(line.charCodeAt(i))) {
      return false;
    }
  }
  return true;
}

function skipBlanks(s: string, i: number): number {
  let j = i;
  while (j < s.length && isBlank(s.charCodeAt(j))) {
    j++;
  }
  return j;
}

function identEnd(s: string, i: number): number {
  if (i >= s.length || !isIdentStart(s.charCodeAt(i))) {
    return i;
  }
  let j = i + 1;
  while (j < s.length && isIdentPart(s.charCodeAt(j))) {
    j++;
  }
  return j;
}

// ---------------------------------------------------------------------------------------------
// The preprocessor
// ---------------------------------------------------------------------------------------------

interface FileCtx {
  readonly file: string;
  readonly lines: readonly string[];
  readonly cont: readonly boolean[];
  /** 0-based index of the first line of the logical line being processed. */
  line0: number;
  /** Offsets in the logical line's text where each of its physical lines starts. */
  lineStarts: number[];
  /** Next line not yet consumed (macro arguments may pull lines). */
  next: number;
  /** Text length of the logical line so far (offset base of the next pulled line). */
  length: number;
}

interface Group {
  readonly directive: string;
  readonly loc: Loc;
  readonly parentActive: boolean;
  readonly cond: boolean;
  /** #if / #elif: the group is refused and skipped entirely. */
  readonly refused: boolean;
  inElse: boolean;
}

class Preprocessor {
  private readonly bag = new DiagnosticBag();
  private readonly out: string[] = [];
  private readonly origins: LineOrigin[] = [];
  private readonly properties: PropertyDirective[] = [];
  private readonly includes: string[] = [];
  private readonly seen = new Set<string>();
  private readonly macros = new Map<string, Macro>();
  private readonly groups: Group[] = [];
  private cur: FileCtx | undefined;
  private depth = 0;
  /** groups[groupBase…] were opened in the file being processed. */
  private groupBase = 0;
  private counter = 0;
  private randoms = 0;
  private budget = 0;
  private budgetReported = false;

  constructor(private readonly options: PreprocessOptions) {
    const build = Number.isFinite(options.build) ? Math.trunc(options.build as number) : undefined;
    const b = String(build ?? DEFAULT_BUILD);
    this.defineStatic("__MQL5__", "1");
    this.defineStatic("__MQL__", "1");
    this.defineStatic("_RELEASE", "1");
    this.defineStatic("__MQLBUILD__", b);
    this.defineStatic("__MQL5BUILD__", b);
    this.defineDynamic("__LINE__", DYN_LINE);
    this.defineDynamic("__FILE__", DYN_FILE);
    this.defineDynamic("__PATH__", DYN_PATH);
    this.defineDynamic("__DATE__", DYN_DATE);
    this.defineDynamic("__DATETIME__", DYN_DATETIME);
    this.defineDynamic("__COUNTER__", DYN_COUNTER);
    this.defineDynamic("__RANDOM__", DYN_RANDOM);
  }

  run(): void {
    const main = this.options.main;
    this.seen.add(main.file);
    this.processFile(main, false);
  }

  internalError(err: unknown): void {
    const file = this.cur?.file ?? this.options.main.file;
    const line = (this.cur?.line0 ?? 0) + 1;
    this.bag.error({ file, line, col: 1 }, `internal preprocessor error: ${String(err)}`);
  }

  result(): PreprocessResult {
    return {
      text: this.out.join("\n"),
      origins: this.origins,
      properties: this.properties,
      includes: this.includes,
      diagnostics: this.bag.items,
    };
  }

  private defineStatic(name: string, value: string): void {
    this.macros.set(name, { name, fn: false, params: [], body: tokenize(value, 0), dyn: DYN_NONE });
  }

  private defineDynamic(name: string, dyn: number): void {
    this.macros.set(name, { name, fn: false, params: [], body: [], dyn });
  }

  private emit(text: string, file: string, index: number): void {
    this.out.push(text);
    this.origins.push({ file, line: index + 1 });
  }

  private active(): boolean {
    const g = this.groups[this.groups.length - 1];
    return g === undefined || (g.parentActive && !g.refused && (g.inElse ? !g.cond : g.cond));
  }

  // ----- files and lines -----

  private processFile(src: SourceText, included: boolean): void {
    const text = src.text.includes("\r") ? src.text.replace(/\r\n?/g, "\n") : src.text;
    const { lines, cont } = stripComments(text);
    if (included && lines.length > 1 && lines[lines.length - 1] === "") {
      lines.pop();
    }
    const ctx: FileCtx = {
      file: src.file,
      lines,
      cont,
      line0: 0,
      lineStarts: [0],
      next: 0,
      length: 0,
    };
    const saved = this.cur;
    this.cur = ctx;
    const savedBase = this.groupBase;
    const base = this.groups.length;
    this.groupBase = base;
    let importBlock = false;
    const n = lines.length;
    let i = 0;
    while (i < n) {
      const line = lines[i] as string;
      const hash = directiveStart(line);
      if (importBlock) {
        if (hash >= 0 && this.directiveName(line, hash) === "import") {
          importBlock = false;
          const rest = line.slice(identEnd(line, skipBlanks(line, hash + 1)));
          if (!isBlankLine(rest)) {
            importBlock = true;
            this.importError({ file: src.file, line: i + 1, col: hash + 1 });
          }
        }
        this.emit("", src.file, i);
        i++;
        continue;
      }
      if (hash >= 0) {
        let j = i;
        let joined = line;
        while (j + 1 < n) {
          const bs = this.continuationBackslash(joined);
          if (bs >= 0) {
            joined = joined.slice(0, bs) + (lines[j + 1] as string);
          } else if (cont[j] === true) {
            joined = `${joined} ${lines[j + 1] as string}`;
          } else {
            break;
          }
          j++;
        }
        const dangling = this.continuationBackslash(joined);
        if (dangling >= 0) {
          // A continuation at the end of the file continues nothing.
          joined = joined.slice(0, dangling);
        }
        ctx.line0 = i;
        ctx.lineStarts = [0];
        ctx.next = j + 1;
        const outcome = this.directive(joined, hash, ctx);
        if (outcome === "import") {
          importBlock = true;
        }
        if (outcome !== "included") {
          this.emit("", src.file, i);
        }
        for (let k = i + 1; k <= j; k++) {
          this.emit("", src.file, k);
        }
        i = j + 1;
      } else if (!this.active()) {
        this.emit("", src.file, i);
        i++;
      } else {
        i = this.codeLine(ctx, i);
      }
    }
    while (this.groups.length > base) {
      const g = this.groups.pop() as Group;
      this.bag.error(g.loc, `#${g.directive} without matching #endif`);
    }
    this.groupBase = savedBase;
    this.cur = saved;
  }

  /** Index of a trailing `\` (only blanks after it), else -1. */
  private continuationBackslash(s: string): number {
    let k = s.length - 1;
    while (k >= 0 && (s.charCodeAt(k) === 32 || s.charCodeAt(k) === 9)) {
      k--;
    }
    return k >= 0 && s.charCodeAt(k) === 92 ? k : -1;
  }

  private directiveName(line: string, hash: number): string {
    const p = skipBlanks(line, hash + 1);
    return line.slice(p, identEnd(line, p));
  }

  /** Processes an active code line (and any lines its macro arguments pull); returns next index. */
  private codeLine(ctx: FileCtx, i: number): number {
    const line = ctx.lines[i] as string;
    if (!this.hasMacro(line)) {
      this.emit(line, ctx.file, i);
      return i + 1;
    }
    ctx.line0 = i;
    ctx.lineStarts = [0];
    ctx.next = i + 1;
    ctx.length = line.length;
    this.budget = 0;
    this.budgetReported = false;
    const toks = this.expand(tokenize(line, 0), true, 0);
    this.emit(render(toks), ctx.file, i);
    for (let k = i + 1; k < ctx.next; k++) {
      this.emit("", ctx.file, k);
    }
    return ctx.next;
  }

  /** Fast check: does the line name a defined macro outside literals? */
  private hasMacro(s: string): boolean {
    const n = s.length;
    let i = 0;
    while (i < n) {
      const c = s.charCodeAt(i);
      if (isIdentStart(c)) {
        const start = i;
        i++;
        while (i < n && isIdentPart(s.charCodeAt(i))) {
          i++;
        }
        if (this.macros.has(s.slice(start, i))) {
          return true;
        }
      } else if (isDigit(c)) {
        i = skipNumber(s, i);
      } else if (c === 34 || c === 39) {
        i = skipQuoted(s, i, c);
      } else {
        i++;
      }
    }
    return false;
  }

  /** Takes the next line of the current file into the logical line, when it is code. */
  private pullLine(stack: Tok[]): boolean {
    const ctx = this.cur;
    if (ctx === undefined || ctx.next >= ctx.lines.length) {
      return false;
    }
    const line = ctx.lines[ctx.next] as string;
    if (directiveStart(line) >= 0) {
      return false;
    }
    const base = ctx.length + 1;
    ctx.lineStarts.push(base);
    ctx.length = base + line.length;
    ctx.next++;
    const toks = tokenize(line, base);
    for (let k = toks.length - 1; k >= 0; k--) {
      const t = toks[k] as Tok;
      stack.push(k === 0 ? { ...t, ws: t.ws === "" ? " " : t.ws } : t);
    }
    return true;
  }

  /** Is a `(` next? With `pull`, looks past blank lines of the file and pulls them when it is. */
  private parenNext(stack: Tok[], pull: boolean): boolean {
    const top = stack[stack.length - 1];
    if (top !== undefined) {
      return top.kind === PUNCT && top.text === "(";
    }
    const ctx = this.cur;
    if (!pull || ctx === undefined) {
      return false;
    }
    for (let k = ctx.next; k < ctx.lines.length; k++) {
      const line = ctx.lines[k] as string;
      if (isBlankLine(line)) {
        continue;
      }
      if (directiveStart(line) >= 0 || line.charCodeAt(skipBlanks(line, 0)) !== 40) {
        return false;
      }
      while (ctx.next <= k) {
        this.pullLine(stack);
      }
      // Blank lines pulled before the `(` line leave nothing on the stack but the `(` line.
      const t = stack[stack.length - 1];
      return t !== undefined && t.kind === PUNCT && t.text === "(";
    }
    return false;
  }

  private locOf(pos: number): Loc {
    const ctx = this.cur;
    if (ctx === undefined) {
      return { file: this.options.main.file, line: 1, col: 1 };
    }
    let k = ctx.lineStarts.length - 1;
    while (k > 0 && (ctx.lineStarts[k] as number) > pos) {
      k--;
    }
    return {
      file: ctx.file,
      line: ctx.line0 + k + 1,
      col: pos - (ctx.lineStarts[k] as number) + 1,
    };
  }

  // ----- macro expansion -----

  /**
   * Expands `input` completely. With `pull`, a function-like macro may take its arguments from
   * the following lines of the file (top level only; arguments expand in isolation).
   */
  private expand(input: readonly Tok[], pull: boolean, depth: number): Tok[] {
    const out: Tok[] = [];
    const stack: Tok[] = [];
    for (let k = input.length - 1; k >= 0; k--) {
      stack.push(input[k] as Tok);
    }
    while (stack.length > 0) {
      const t = stack.pop() as Tok;
      if (t.kind !== IDENT) {
        out.push(t);
        continue;
      }
      const m = this.macros.get(t.text);
      if (m === undefined || (t.hs?.has(t.text) ?? false)) {
        out.push(t);
        continue;
      }
      if (m.dyn !== DYN_NONE) {
        out.push(this.dynamic(m.dyn, t));
        continue;
      }
      if (this.budget > MAX_EXPANSION) {
        this.tooLarge(t.text, t);
        out.push(t);
        continue;
      }
      const hs = new Set(t.hs);
      hs.add(m.name);
      if (!m.fn) {
        this.pushReplacement(stack, this.substitute(m, [], hs, t, depth));
        continue;
      }
      const ctx = this.cur;
      const mark = ctx === undefined ? 0 : ctx.lineStarts.length;
      const markNext = ctx === undefined ? 0 : ctx.next;
      const markLength = ctx === undefined ? 0 : ctx.length;
      if (!this.parenNext(stack, pull)) {
        out.push(t);
        continue;
      }
      const consumed: Tok[] = [];
      const args = this.collectArgs(stack, pull, consumed);
      if (args === undefined && ctx !== undefined && ctx.lineStarts.length > mark) {
        // Unterminated: give back the lines pulled for it, so they keep their own lines.
        const base = ctx.lineStarts[mark] as number;
        ctx.lineStarts.length = mark;
        ctx.next = markNext;
        ctx.length = markLength;
        let keep = 0;
        while (keep < consumed.length && (consumed[keep] as Tok).pos < base) {
          keep++;
        }
        consumed.length = keep;
      }
      let error: string | undefined;
      if (args === undefined) {
        error = `unterminated argument list invoking macro "${m.name}"`;
      } else if (
        args.length !== m.params.length &&
        !(m.params.length === 0 && args.length === 1 && args[0]?.length === 0)
      ) {
        const want = m.params.length;
        error = `macro "${m.name}" requires ${want} argument${want === 1 ? "" : "s"}, but ${args.length} given`;
      }
      if (error !== undefined || args === undefined) {
        this.bag.error(this.locOf(t.pos), error ?? "");
        out.push(t);
        // The tokens after the name are expanded as ordinary text.
        for (let k = consumed.length - 1; k >= 0; k--) {
          stack.push(consumed[k] as Tok);
        }
        continue;
      }
      this.pushReplacement(stack, this.substitute(m, args, hs, t, depth));
    }
    return out;
  }

  private tooLarge(name: string, at: Tok): void {
    if (!this.budgetReported) {
      this.budgetReported = true;
      this.bag.error(
        this.locOf(at.pos),
        `macro expansion of "${name}" is too large (more than ${MAX_EXPANSION} tokens)`,
      );
    }
  }

  private pushReplacement(stack: Tok[], repl: readonly Tok[]): void {
    this.budget += repl.length;
    for (let k = repl.length - 1; k >= 0; k--) {
      stack.push(repl[k] as Tok);
    }
  }

  /** Pops `( … )` from the stack; the arguments, or undefined when `)` never comes. */
  private collectArgs(stack: Tok[], pull: boolean, consumed: Tok[]): Tok[][] | undefined {
    const args: Tok[][] = [];
    let cur: Tok[] = [];
    let level = 0;
    for (;;) {
      if (stack.length === 0 && !(pull && this.pullLine(stack))) {
        return undefined;
      }
      const t = stack.pop() as Tok;
      consumed.push(t);
      if (t.kind === PUNCT) {
        if (t.text === "(") {
          level++;
          if (level === 1) {
            continue;
          }
        } else if (t.text === ")") {
          level--;
          if (level === 0) {
            args.push(cur);
            return args;
          }
        } else if (t.text === "," && level === 1) {
          args.push(cur);
          cur = [];
          continue;
        }
      }
      cur.push(t);
    }
  }

  /** The replacement of one invocation: parameters substituted, # and ## applied, hide set added. */
  private substitute(
    m: Macro,
    args: readonly (readonly Tok[])[],
    hs: ReadonlySet<string>,
    at: Tok,
    depth: number,
  ): Tok[] {
    const body = m.body;
    const res: Tok[] = [];
    const expanded: (Tok[] | undefined)[] = [];
    let leftEmpty = false;
    const n = body.length;
    for (let i = 0; i < n; i++) {
      if (this.budget + res.length > MAX_EXPANSION) {
        this.tooLarge(m.name, at);
        break;
      }
      const b = body[i] as Tok;
      const next = body[i + 1];
      if (b.kind === HASH && m.fn && next !== undefined && next.param >= 0) {
        res.push(tok(STRING, this.stringize(args[next.param] ?? []), b.ws, at.pos));
        leftEmpty = false;
        i++;
        continue;
      }
      if (b.kind === PASTE && next !== undefined) {
        i++;
        let right: readonly Tok[];
        const after = body[i + 1];
        if (next.param >= 0) {
          right = args[next.param] ?? [];
        } else if (next.kind === HASH && m.fn && after !== undefined && after.param >= 0) {
          right = [tok(STRING, this.stringize(args[after.param] ?? []), "", at.pos)];
          i++;
        } else {
          right = [next];
        }
        if (right.length === 0) {
          continue;
        }
        const left = leftEmpty ? undefined : res.pop();
        leftEmpty = false;
        if (left === undefined) {
          this.pushArg(res, right, next.ws);
          continue;
        }
        const merged = tokenize(left.text + (right[0] as Tok).text, 0);
        for (let k = 0; k < merged.length; k++) {
          const t = merged[k] as Tok;
          res.push({ ...t, ws: k === 0 ? left.ws : t.ws, pos: at.pos });
        }
        for (let k = 1; k < right.length; k++) {
          res.push(right[k] as Tok);
        }
        continue;
      }
      if (b.param >= 0) {
        const arg = args[b.param] ?? [];
        if (next !== undefined && next.kind === PASTE) {
          leftEmpty = arg.length === 0;
          this.pushArg(res, arg, b.ws);
          continue;
        }
        let e = expanded[b.param];
        if (e === undefined) {
          e = this.expandArg(arg, depth + 1);
          expanded[b.param] = e;
        }
        this.pushArg(res, e, b.ws);
        leftEmpty = false;
        continue;
      }
      res.push(b);
      leftEmpty = false;
    }
    // Positions become the invocation's; the first token takes the invocation's spacing.
    const union = new Map<ReadonlySet<string>, ReadonlySet<string>>();
    for (let k = 0; k < res.length; k++) {
      const t = res[k] as Tok;
      let h: ReadonlySet<string> = hs;
      if (t.hs !== undefined && t.hs !== hs) {
        let u = union.get(t.hs);
        if (u === undefined) {
          const s = new Set(hs);
          for (const name of t.hs) {
            s.add(name);
          }
          u = s;
          union.set(t.hs, u);
        }
        h = u;
      }
      const ws = k === 0 ? at.ws : t.ws === "" ? "" : " ";
      res[k] = { kind: t.kind, text: t.text, ws, pos: at.pos, hs: h, param: -1 };
    }
    return res;
  }

  private pushArg(res: Tok[], arg: readonly Tok[], ws: string): void {
    for (let k = 0; k < arg.length; k++) {
      const t = arg[k] as Tok;
      res.push(k === 0 ? { ...t, ws } : t);
    }
  }

  private expandArg(arg: readonly Tok[], depth: number): Tok[] {
    if (depth > MAX_ARG_DEPTH) {
      const first = arg[0];
      if (first !== undefined && !this.budgetReported) {
        this.budgetReported = true;
        this.bag.error(this.locOf(first.pos), "macro invocations nested too deeply in arguments");
      }
      return [...arg];
    }
    return this.expand(arg, false, depth);
  }

  private stringize(arg: readonly Tok[]): string {
    const parts: string[] = [];
    for (let k = 0; k < arg.length; k++) {
      const t = arg[k] as Tok;
      if (k > 0 && t.ws !== "") {
        parts.push(" ");
      }
      parts.push(t.kind === STRING || t.kind === CHAR ? t.text.replace(/[\\"]/g, "\\$&") : t.text);
    }
    return `"${parts.join("")}"`;
  }

  private dynamic(dyn: number, at: Tok): Tok {
    const loc = this.locOf(at.pos);
    const now = Number.isFinite(this.options.now) ? Math.trunc(this.options.now) : 0;
    switch (dyn) {
      case DYN_LINE:
        return tok(NUMBER, String(loc.line), at.ws, at.pos);
      case DYN_FILE:
        return tok(STRING, quoteString(baseName(loc.file)), at.ws, at.pos);
      case DYN_PATH:
        return tok(STRING, quoteString(loc.file), at.ws, at.pos);
      case DYN_DATE:
      case DYN_DATETIME: {
        const d = new Date(now * 1000);
        const valid = Number.isFinite(d.getTime());
        const date = valid ? d : new Date(0);
        const day = `${date.getUTCFullYear()}.${pad2(date.getUTCMonth() + 1)}.${pad2(date.getUTCDate())}`;
        const time = `${pad2(date.getUTCHours())}:${pad2(date.getUTCMinutes())}:${pad2(date.getUTCSeconds())}`;
        const text = dyn === DYN_DATE ? `D'${day}'` : `D'${day} ${time}'`;
        return tok(CHAR, text, at.ws, at.pos);
      }
      case DYN_COUNTER:
        return tok(NUMBER, String(this.counter++), at.ws, at.pos);
      default: {
        const seed = BigInt(now) * 0x100000001b3n + BigInt(this.randoms++);
        return tok(NUMBER, splitmix64(seed).toString(), at.ws, at.pos);
      }
    }
  }

  // ----- directives -----

  /** Handles one (joined) directive line. "included" when the line was replaced by a file. */
  private directive(text: string, hash: number, ctx: FileCtx): "included" | "import" | undefined {
    const loc: Loc = { file: ctx.file, line: ctx.line0 + 1, col: hash + 1 };
    const p = skipBlanks(text, hash + 1);
    const q = identEnd(text, p);
    const name = text.slice(p, q);
    const rest = text.slice(q);
    switch (name) {
      case "ifdef":
      case "ifndef":
        this.ifdef(name, rest, loc);
        return undefined;
      case "if":
      case "elif":
        this.bag.error(loc, `#${name} is not supported in MQL5: use #ifdef or #ifndef`);
        if (name === "if") {
          this.groups.push({
            directive: name,
            loc,
            parentActive: this.active(),
            cond: false,
            refused: true,
            inElse: false,
          });
        }
        return undefined;
      case "else":
        this.elseDirective(rest, loc);
        return undefined;
      case "endif":
        this.endif(rest, loc);
        return undefined;
    }
    if (!this.active()) {
      return undefined;
    }
    switch (name) {
      case "":
        if (!isBlankLine(rest)) {
          this.bag.error(loc, `invalid preprocessor directive "#${rest.trim()}"`);
        }
        return undefined;
      case "define":
        this.define(rest, q, loc);
        return undefined;
      case "undef":
        this.undef(rest, loc);
        return undefined;
      case "include":
        return this.include(rest, loc, ctx) ? "included" : undefined;
      case "property":
        this.property(rest, q, loc);
        return undefined;
      case "import":
        this.importError(loc);
        return isBlankLine(rest) ? undefined : "import";
      case "resource":
        this.bag.error(loc, "#resource is not supported");
        return undefined;
      default:
        this.bag.error(loc, `unknown preprocessor directive "#${name}"`);
        return undefined;
    }
  }

  private importError(loc: Loc): void {
    this.bag.error(
      loc,
      "#import is not supported: an EA on this service cannot call DLL or EX5 functions",
    );
  }

  /** The single identifier a directive takes, warning about anything after it. */
  private nameArg(directive: string, rest: string, loc: Loc): string | undefined {
    const p = skipBlanks(rest, 0);
    const q = identEnd(rest, p);
    if (q === p) {
      this.bag.error(
        loc,
        p >= rest.length
          ? `#${directive}: macro name missing`
          : `#${directive}: macro name must be an identifier`,
      );
      return undefined;
    }
    if (!isBlankLine(rest.slice(q))) {
      this.bag.warning(loc, `extra tokens after #${directive} ${rest.slice(p, q)}`);
    }
    return rest.slice(p, q);
  }

  private ifdef(directive: "ifdef" | "ifndef", rest: string, loc: Loc): void {
    const parentActive = this.active();
    let cond = false;
    if (parentActive) {
      const name = this.nameArg(directive, rest, loc);
      cond = name !== undefined && this.macros.has(name) === (directive === "ifdef");
    }
    this.groups.push({ directive, loc, parentActive, cond, refused: false, inElse: false });
  }

  /** The innermost group opened in the current file (an including file's groups are closed). */
  private openGroup(): Group | undefined {
    return this.groups.length > this.groupBase ? this.groups[this.groups.length - 1] : undefined;
  }

  private elseDirective(rest: string, loc: Loc): void {
    const g = this.openGroup();
    if (g === undefined) {
      this.bag.error(loc, "#else without #ifdef");
      return;
    }
    if (g.inElse) {
      this.bag.error(loc, "#else after #else");
      return;
    }
    if (!isBlankLine(rest) && g.parentActive) {
      this.bag.warning(loc, "extra tokens after #else");
    }
    g.inElse = true;
  }

  private endif(rest: string, loc: Loc): void {
    const g = this.openGroup();
    if (g === undefined) {
      this.bag.error(loc, "#endif without #ifdef");
      return;
    }
    if (!isBlankLine(rest) && g.parentActive) {
      this.bag.warning(loc, "extra tokens after #endif");
    }
    this.groups.pop();
  }

  private define(rest: string, offset: number, loc: Loc): void {
    const p = skipBlanks(rest, 0);
    const q = identEnd(rest, p);
    if (q === p) {
      this.bag.error(
        loc,
        p >= rest.length
          ? "#define: macro name missing"
          : "#define: macro name must be an identifier",
      );
      return;
    }
    const name = rest.slice(p, q);
    const params: string[] = [];
    let fn = false;
    let bodyStart = q;
    if (rest.charCodeAt(q) === 40) {
      fn = true;
      const end = this.parseParams(rest, q + 1, name, params, loc);
      if (end < 0) {
        return;
      }
      bodyStart = end;
    } else if (bodyStart < rest.length && !isBlank(rest.charCodeAt(bodyStart))) {
      this.bag.warning(loc, `missing whitespace after the macro name "${name}"`);
    }
    const body = tokenize(rest.slice(bodyStart), offset + bodyStart).map(
      (t, k): Tok => ({
        ...t,
        ws: k === 0 ? "" : t.ws,
        param: t.kind === IDENT ? params.indexOf(t.text) : -1,
      }),
    );
    const first = body[0];
    const last = body[body.length - 1];
    if (
      (first !== undefined && first.kind === PASTE) ||
      (last !== undefined && last.kind === PASTE)
    ) {
      this.bag.error(loc, `"##" cannot appear at either end of the definition of macro "${name}"`);
      return;
    }
    if (fn) {
      for (let k = 0; k < body.length; k++) {
        const t = body[k] as Tok;
        const next = body[k + 1];
        if (t.kind === HASH && (next === undefined || next.param < 0)) {
          this.bag.error(loc, `"#" is not followed by a parameter of macro "${name}"`);
          return;
        }
      }
    }
    const macro: Macro = { name, fn, params, body, dyn: DYN_NONE };
    const old = this.macros.get(name);
    if (old !== undefined && !sameMacro(old, macro)) {
      this.bag.warning(loc, `macro "${name}" redefined`);
    }
    this.macros.set(name, macro);
  }

  /** Parses `a, b)` from `i`; returns the index after `)`, or -1 after reporting an error. */
  private parseParams(s: string, i: number, name: string, params: string[], loc: Loc): number {
    let p = skipBlanks(s, i);
    if (s.charCodeAt(p) === 41) {
      return p + 1;
    }
    for (;;) {
      if (s.startsWith("...", p)) {
        this.bag.error(loc, `variadic macros are not supported (macro "${name}")`);
        return -1;
      }
      const q = identEnd(s, p);
      if (q === p) {
        this.bag.error(loc, `expected a parameter name in the definition of macro "${name}"`);
        return -1;
      }
      const param = s.slice(p, q);
      if (params.includes(param)) {
        this.bag.error(loc, `duplicate parameter "${param}" in the definition of macro "${name}"`);
        return -1;
      }
      params.push(param);
      p = skipBlanks(s, q);
      const c = s.charCodeAt(p);
      if (c === 41) {
        return p + 1;
      }
      if (c !== 44) {
        this.bag.error(loc, `expected "," or ")" in the parameter list of macro "${name}"`);
        return -1;
      }
      p = skipBlanks(s, p + 1);
    }
  }

  private undef(rest: string, loc: Loc): void {
    const name = this.nameArg("undef", rest, loc);
    if (name !== undefined) {
      this.macros.delete(name);
    }
  }

  private include(rest: string, loc: Loc, ctx: FileCtx): boolean {
    const p = skipBlanks(rest, 0);
    const open = rest.charCodeAt(p);
    const close = open === 60 ? ">" : open === 34 ? '"' : "";
    const end = close === "" ? -1 : rest.indexOf(close, p + 1);
    if (end < 0) {
      this.bag.error(loc, '#include expects "file" or <file>');
      return false;
    }
    if (!isBlankLine(rest.slice(end + 1))) {
      this.bag.warning(loc, "extra tokens after #include");
    }
    const name = rest
      .slice(p + 1, end)
      .trim()
      .replace(/\\/g, "/")
      .replace(/\/{2,}/g, "/");
    if (name === "") {
      this.bag.error(loc, "empty file name in #include");
      return false;
    }
    let found: SourceText | undefined;
    try {
      found = this.options.resolver.resolve(name, ctx.file, open === 60);
    } catch (err) {
      this.bag.error(loc, `cannot open include file "${name}": ${String(err)}`);
      return false;
    }
    if (found === undefined || typeof found.text !== "string" || typeof found.file !== "string") {
      this.bag.error(loc, `cannot open include file "${name}"`);
      return false;
    }
    if (this.seen.has(found.file)) {
      return false;
    }
    if (this.depth >= MAX_INCLUDE_DEPTH) {
      this.bag.error(loc, `#include nested too deeply (more than ${MAX_INCLUDE_DEPTH} levels)`);
      return false;
    }
    this.seen.add(found.file);
    this.includes.push(found.file);
    this.depth++;
    try {
      this.processFile(found, true);
    } finally {
      this.depth--;
      this.cur = ctx;
    }
    return true;
  }

  private property(rest: string, offset: number, loc: Loc): void {
    const p = skipBlanks(rest, 0);
    let q = p;
    while (q < rest.length && !isBlank(rest.charCodeAt(q))) {
      q++;
    }
    if (q === p) {
      this.bag.error(loc, "#property: property name missing");
      return;
    }
    const name = rest.slice(p, q);
    const valueText = rest.slice(q).trim();
    let value = valueText;
    if (valueText !== "") {
      this.budget = 0;
      this.budgetReported = false;
      const toks = this.expand(tokenize(rest.slice(q), offset + q), false, 0);
      const only = toks[0];
      value =
        toks.length === 1 && only !== undefined && only.kind === STRING
          ? unquoteString(only.text)
          : render(toks).trim();
    }
    this.properties.push({ name, value, loc });
  }
}

function sameMacro(a: Macro, b: Macro): boolean {
  if (a.fn !== b.fn || a.dyn !== b.dyn || a.params.length !== b.params.length) {
    return false;
  }
  for (let k = 0; k < a.params.length; k++) {
    if (a.params[k] !== b.params[k]) {
      return false;
    }
  }
  if (a.body.length !== b.body.length) {
    return false;
  }
  for (let k = 0; k < a.body.length; k++) {
    const x = a.body[k] as Tok;
    const y = b.body[k] as Tok;
    if (x.text !== y.text || (k > 0 && (x.ws === "") !== (y.ws === ""))) {
      return false;
    }
  }
  return true;
}
