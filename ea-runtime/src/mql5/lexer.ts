/**
 * Lexer: preprocessed MQL5 text → tokens, each carrying the file and line the author wrote.
 *
 * `origins[i]` names the file/line of text line i+1 (missing entries fall back to "<source>" and
 * the text line); the column is the 1-based UTF-16 column in the text line. Literals are decoded
 * here: integers as exact bigint (decimal or 0x hex, suffixes u/l/ul/ll/ull in any case),
 * floats as number, strings and chars with escapes decoded, colour literals `C'r,g,b'`
 * (also `C'0x00FF00'`, read as 0xRRGGBB) as 0x00BBGGRR, datetime literals `D'…'` as Unix seconds.
 * A datetime literal without a date (`D'12:30'`) is dated 1970.01.01 so that compiled output is
 * reproducible (MetaEditor uses the compilation date) and draws a warning. Comments are skipped
 * (a `//` comment that ends a line is kept as `trailingComment` of the line's last token, for
 * input labels). Problems become diagnostics; the lexer never throws and always ends with `eof`.
 * Pure; imports only diagnostics.ts and tokens.ts.
 */
import type { DiagnosticBag, Loc } from "./diagnostics.ts";
import type { Token, TokenKind } from "./tokens.ts";

interface MutableToken {
  kind: TokenKind;
  text: string;
  value?: bigint | number | string;
  loc: Loc;
  spaceBefore: boolean;
  trailingComment?: string;
}

const PUNCT3 = new Set(["<<=", ">>=", "..."]);
const PUNCT2 = new Set([
  "::",
  "->",
  "++",
  "--",
  "<<",
  ">>",
  "<=",
  ">=",
  "==",
  "!=",
  "&&",
  "||",
  "+=",
  "-=",
  "*=",
  "/=",
  "%=",
  "&=",
  "|=",
  "^=",
]);
const PUNCT1 = new Set("{}()[];,.?:~!+-*/%&|^<>=#");

const MAX_ULONG = (1n << 64n) - 1n;

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

function isHexDigit(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);
}

function isIdentStart(c: number): boolean {
  return (
    (c >= 65 && c <= 90) ||
    (c >= 97 && c <= 122) ||
    c === 95 ||
    (c >= 0x80 && /\p{L}/u.test(String.fromCharCode(c)))
  );
}

function isIdentPart(c: number): boolean {
  return isIdentStart(c) || isDigit(c);
}

/**
 * Seconds since 1970-01-01 UTC of a date and time; out-of-range fields roll over as in
 * MetaEditor (D'2021.02.30' is March 2nd).
 */
function unixSeconds(y: number, mo: number, d: number, h: number, mi: number, s: number): bigint {
  const ms = Date.UTC(y, mo - 1, d, h, mi, s);
  return BigInt(Math.floor(ms / 1000));
}

export function lex(
  text: string,
  origins: readonly { readonly file: string; readonly line: number }[],
  diags: DiagnosticBag,
): Token[] {
  const tokens: MutableToken[] = [];
  const n = text.length;
  let i = 0;
  let line = 1; // 1-based text line
  let lineStart = 0; // offset of the current text line
  let space = false;
  let originFile = "<source>";
  let originLine = 1;

  const setOrigin = (): void => {
    const o = origins[line - 1];
    if (o) {
      originFile = o.file;
      originLine = o.line;
    } else {
      originFile = "<source>";
      originLine = line;
    }
  };
  setOrigin();

  const newline = (at: number): void => {
    // `at` is the offset of the "\n"
    line++;
    lineStart = at + 1;
    setOrigin();
  };

  const locAt = (offset: number): Loc => ({
    file: originFile,
    line: originLine,
    col: offset - lineStart + 1,
  });

  const push = (
    kind: TokenKind,
    tokText: string,
    loc: Loc,
    value?: bigint | number | string,
  ): void => {
    const t: MutableToken = { kind, text: tokText, loc, spaceBefore: space };
    if (value !== undefined) {
      t.value = value;
    }
    tokens.push(t);
    space = false;
  };

  /**
   * Decodes one escape sequence starting at the backslash `text[at]`; returns the code units
   * and the offset after the sequence. Never crosses a line break.
   */
  const readEscape = (at: number): { units: number[]; end: number } => {
    const c = text[at + 1];
    switch (c) {
      case "n":
        return { units: [10], end: at + 2 };
      case "t":
        return { units: [9], end: at + 2 };
      case "r":
        return { units: [13], end: at + 2 };
      case "a":
        return { units: [7], end: at + 2 };
      case "b":
        return { units: [8], end: at + 2 };
      case "f":
        return { units: [12], end: at + 2 };
      case "v":
        return { units: [11], end: at + 2 };
      case "0":
        return { units: [0], end: at + 2 };
      case "\\":
      case '"':
      case "'":
      case "?":
        return { units: [c.charCodeAt(0)], end: at + 2 };
      case "x":
      case "X": {
        // MQL5: 1 to 4 hex digits
        let j = at + 2;
        while (j < n && j < at + 6 && isHexDigit(text.charCodeAt(j))) {
          j++;
        }
        if (j === at + 2) {
          diags.error(locAt(at), "\\x used with no following hex digits");
          return { units: [], end: j };
        }
        return { units: [Number.parseInt(text.slice(at + 2, j), 16)], end: j };
      }
      case "u": {
        let j = at + 2;
        while (j < n && j < at + 6 && isHexDigit(text.charCodeAt(j))) {
          j++;
        }
        if (j !== at + 6) {
          diags.error(locAt(at), "\\u needs 4 hex digits");
          return { units: [], end: j };
        }
        return { units: [Number.parseInt(text.slice(at + 2, j), 16)], end: j };
      }
      case "d": {
        // MQL5: \d followed by a decimal code 0..65535
        let j = at + 2;
        while (j < n && j < at + 7 && isDigit(text.charCodeAt(j))) {
          j++;
        }
        if (j === at + 2) {
          diags.warning(locAt(at), "unknown escape sequence '\\d'");
          return { units: [100], end: j };
        }
        return { units: [Number(text.slice(at + 2, j)) & 0xffff], end: j };
      }
      default: {
        if (c === undefined || c === "\n") {
          return { units: [], end: at + 1 };
        }
        const cp = text.codePointAt(at + 1) ?? 0;
        const len = cp > 0xffff ? 2 : 1;
        diags.warning(locAt(at), `unknown escape sequence '\\${text.slice(at + 1, at + 1 + len)}'`);
        const units: number[] = [];
        for (let k = 0; k < len; k++) {
          units.push(text.charCodeAt(at + 1 + k));
        }
        return { units, end: at + 1 + len };
      }
    }
  };

  const unitsToString = (units: number[]): string => {
    let s = "";
    for (let k = 0; k < units.length; k += 4096) {
      s += String.fromCharCode(...units.slice(k, k + 4096));
    }
    return s;
  };

  /** Offset of the closing `'` of a C'…' / D'…' body starting at `from`, or -1 (end of line). */
  const findQuote = (from: number): number => {
    for (let j = from; j < n; j++) {
      const c = text.charCodeAt(j);
      if (c === 39) {
        return j;
      }
      if (c === 10) {
        return -1;
      }
    }
    return -1;
  };

  const lexColor = (start: number): void => {
    const loc = locAt(start);
    const close = findQuote(start + 2);
    if (close < 0) {
      diags.error(loc, "unterminated colour literal");
      const end = text.indexOf("\n", start);
      i = end < 0 ? n : end;
      push("color", text.slice(start, i), loc, 0n);
      return;
    }
    const body = text.slice(start + 2, close);
    i = close + 1;
    const parts = body.split(",").map((p) => p.trim());
    const parseComponent = (p: string): number | null => {
      if (/^0[xX][0-9a-fA-F]+$/.test(p)) {
        return Number.parseInt(p.slice(2), 16);
      }
      if (/^[0-9]+$/.test(p)) {
        return Number.parseInt(p, 10);
      }
      return null;
    };
    let value = 0n;
    if (parts.length === 3) {
      const comps = parts.map(parseComponent);
      if (comps.some((c) => c === null)) {
        diags.error(loc, `invalid colour literal C'${body}'`);
      } else {
        const [r, g, b] = comps.map((c) => Math.min(255, c ?? 0)) as [number, number, number];
        if (comps.some((c) => (c ?? 0) > 255)) {
          diags.warning(loc, `colour component out of range in C'${body}'`);
        }
        value = BigInt(r | (g << 8) | (b << 16));
      }
    } else if (parts.length === 1 && /^0[xX][0-9a-fA-F]{1,6}$/.test(parts[0] ?? "")) {
      // C'0xRRGGBB' (web order, as written)
      const rgb = Number.parseInt((parts[0] ?? "").slice(2), 16);
      const r = (rgb >> 16) & 0xff;
      const g = (rgb >> 8) & 0xff;
      const b = rgb & 0xff;
      value = BigInt(r | (g << 8) | (b << 16));
    } else {
      diags.error(loc, `invalid colour literal C'${body}'`);
    }
    push("color", text.slice(start, i), loc, value);
  };

  const lexDatetime = (start: number): void => {
    const loc = locAt(start);
    const close = findQuote(start + 2);
    if (close < 0) {
      diags.error(loc, "unterminated datetime literal");
      const end = text.indexOf("\n", start);
      i = end < 0 ? n : end;
      push("datetime", text.slice(start, i), loc, 0n);
      return;
    }
    const body = text.slice(start + 2, close).trim();
    i = close + 1;
    const tokText = text.slice(start, i);
    let y = 1970;
    let mo = 1;
    let d = 1;
    let h = 0;
    let mi = 0;
    let s = 0;
    const fields = body === "" ? [] : body.split(/\s+/);
    let datePart: string | undefined;
    let timePart: string | undefined;
    if (fields.length > 2) {
      diags.error(loc, `invalid datetime literal D'${body}'`);
      push("datetime", tokText, loc, 0n);
      return;
    }
    for (const f of fields) {
      if (f.includes(".") && datePart === undefined && timePart === undefined) {
        datePart = f;
      } else if (timePart === undefined && /^[0-9:]+$/.test(f)) {
        timePart = f;
      } else {
        diags.error(loc, `invalid datetime literal D'${body}'`);
        push("datetime", tokText, loc, 0n);
        return;
      }
    }
    if (datePart !== undefined) {
      const m = /^(\d{1,4})\.(\d{1,2})\.(\d{1,4})$/.exec(datePart);
      if (!m) {
        diags.error(loc, `invalid datetime literal D'${body}'`);
        push("datetime", tokText, loc, 0n);
        return;
      }
      const a = m[1] ?? "";
      const c = m[3] ?? "";
      if (a.length === 4) {
        // YYYY.MM.DD
        y = Number(a);
        mo = Number(m[2]);
        d = Number(c);
      } else {
        // DD.MM.YYYY
        d = Number(a);
        mo = Number(m[2]);
        y = Number(c);
      }
      if (mo < 1 || mo > 12 || d < 1 || d > 31) {
        diags.warning(loc, `invalid date in datetime literal D'${body}'`);
      }
    } else {
      diags.warning(
        loc,
        `datetime literal D'${body}' has no date: 1970.01.01 is used (MetaEditor uses the compilation date)`,
      );
    }
    if (timePart !== undefined) {
      const m = /^(\d{1,2})(?::(\d{1,2}))?(?::(\d{1,2}))?$/.exec(timePart);
      if (!m) {
        diags.error(loc, `invalid datetime literal D'${body}'`);
        push("datetime", tokText, loc, 0n);
        return;
      }
      h = Number(m[1]);
      mi = m[2] === undefined ? 0 : Number(m[2]);
      s = m[3] === undefined ? 0 : Number(m[3]);
      if (h > 23 || mi > 59 || s > 59) {
        diags.warning(loc, `invalid time in datetime literal D'${body}'`);
      }
    }
    push("datetime", tokText, loc, unixSeconds(y, mo, d, h, mi, s));
  };

  const lexNumber = (start: number): void => {
    const loc = locAt(start);
    let j = start;
    let isFloat = false;
    let hex = false;
    const c0 = text.charCodeAt(j);
    const c1 = text.charCodeAt(j + 1);
    if (c0 === 48 && (c1 === 120 || c1 === 88)) {
      hex = true;
      j += 2;
      while (j < n && isHexDigit(text.charCodeAt(j))) {
        j++;
      }
    } else {
      while (j < n && isDigit(text.charCodeAt(j))) {
        j++;
      }
      if (text.charCodeAt(j) === 46 /* . */ && text.charCodeAt(j + 1) !== 46) {
        isFloat = true;
        j++;
        while (j < n && isDigit(text.charCodeAt(j))) {
          j++;
        }
      }
      const e = text.charCodeAt(j);
      if (e === 101 || e === 69) {
        const s1 = text.charCodeAt(j + 1);
        if (isDigit(s1)) {
          isFloat = true;
          j += 2;
        } else if ((s1 === 43 || s1 === 45) && isDigit(text.charCodeAt(j + 2))) {
          isFloat = true;
          j += 3;
        }
        if (isFloat) {
          while (j < n && isDigit(text.charCodeAt(j))) {
            j++;
          }
        }
      }
    }
    const digitsEnd = j;
    while (j < n && isIdentPart(text.charCodeAt(j))) {
      j++;
    }
    const suffix = text.slice(digitsEnd, j);
    const tokText = text.slice(start, j);
    i = j;
    if (isFloat) {
      if (suffix !== "" && suffix.toLowerCase() !== "f") {
        diags.error(loc, `invalid suffix '${suffix}' on floating constant`);
      }
      push("float", tokText, loc, Number(text.slice(start, digitsEnd)));
      return;
    }
    if (suffix !== "" && !/^(u|l|ul|lu|ll|ull|llu)$/i.test(suffix)) {
      diags.error(loc, `invalid suffix '${suffix}' on integer constant`);
    }
    const digits = text.slice(start, digitsEnd);
    if (hex && digits.length === 2) {
      diags.error(loc, "hexadecimal constant has no digits");
      push("int", tokText, loc, 0n);
      return;
    }
    let value = BigInt(digits);
    if (value > MAX_ULONG) {
      diags.error(loc, `integer constant ${digits} is too large for ulong`);
      value &= MAX_ULONG;
    }
    push("int", tokText, loc, value);
  };

  const lexString = (start: number): void => {
    const loc = locAt(start);
    const units: number[] = [];
    let j = start + 1;
    let closed = false;
    while (j < n) {
      const c = text.charCodeAt(j);
      if (c === 34) {
        closed = true;
        j++;
        break;
      }
      if (c === 10) {
        break;
      }
      if (c === 92) {
        const nx = text.charCodeAt(j + 1);
        if (nx === 10 || (nx === 13 && text.charCodeAt(j + 2) === 10)) {
          // line continuation inside a string
          j += nx === 10 ? 2 : 3;
          newline(j - 1);
          continue;
        }
        const esc = readEscape(j);
        for (const u of esc.units) {
          units.push(u);
        }
        j = esc.end;
        continue;
      }
      units.push(c);
      j++;
    }
    if (!closed) {
      diags.error(loc, "unterminated string literal");
    }
    i = j;
    const value = unitsToString(units);
    push("string", value, loc, value);
  };

  const lexChar = (start: number): void => {
    const loc = locAt(start);
    const units: number[] = [];
    let j = start + 1;
    let closed = false;
    while (j < n) {
      const c = text.charCodeAt(j);
      if (c === 39) {
        closed = true;
        j++;
        break;
      }
      if (c === 10) {
        break;
      }
      if (c === 92) {
        const esc = readEscape(j);
        for (const u of esc.units) {
          units.push(u);
        }
        j = esc.end;
        continue;
      }
      units.push(c);
      j++;
    }
    i = j;
    const tokText = text.slice(start, j);
    if (!closed) {
      diags.error(loc, "unterminated character constant");
    } else if (units.length === 0) {
      diags.error(loc, "empty character constant");
    } else if (units.length > 1) {
      diags.error(loc, "multi-character character constant");
    }
    push("char", tokText, loc, BigInt(units[0] ?? 0));
  };

  while (i < n) {
    const c = text.charCodeAt(i);
    // whitespace
    if (c === 10) {
      newline(i);
      i++;
      space = true;
      continue;
    }
    if (c === 32 || c === 9 || c === 13 || c === 11 || c === 12 || c === 0xfeff || c === 0xa0) {
      i++;
      space = true;
      continue;
    }
    // comments
    if (c === 47 /* / */) {
      const nx = text.charCodeAt(i + 1);
      if (nx === 47) {
        let end = text.indexOf("\n", i);
        if (end < 0) {
          end = n;
        }
        const last = tokens[tokens.length - 1];
        const comment = text.slice(i + 2, end).trim();
        if (last && last.loc.line === originLine && last.loc.file === originFile && comment) {
          last.trailingComment = comment;
        }
        i = end;
        space = true;
        continue;
      }
      if (nx === 42) {
        const startLoc = locAt(i);
        const end = text.indexOf("*/", i + 2);
        const stop = end < 0 ? n : end + 2;
        for (let k = i + 2; k < stop; k++) {
          if (text.charCodeAt(k) === 10) {
            newline(k);
          }
        }
        if (end < 0) {
          diags.error(startLoc, "unterminated comment");
        }
        i = stop;
        space = true;
        continue;
      }
    }
    // line continuation outside strings
    if (c === 92 /* \ */) {
      const nx = text.charCodeAt(i + 1);
      if (nx === 10) {
        newline(i + 1);
        i += 2;
        space = true;
        continue;
      }
      if (nx === 13 && text.charCodeAt(i + 2) === 10) {
        newline(i + 2);
        i += 3;
        space = true;
        continue;
      }
    }
    if (isIdentStart(c)) {
      if ((c === 67 || c === 68) && text.charCodeAt(i + 1) === 39) {
        if (c === 67) {
          lexColor(i);
        } else {
          lexDatetime(i);
        }
        continue;
      }
      let j = i + 1;
      while (j < n && isIdentPart(text.charCodeAt(j))) {
        j++;
      }
      push("ident", text.slice(i, j), locAt(i));
      i = j;
      continue;
    }
    if (isDigit(c) || (c === 46 && isDigit(text.charCodeAt(i + 1)))) {
      lexNumber(i);
      continue;
    }
    if (c === 34) {
      lexString(i);
      continue;
    }
    if (c === 39) {
      lexChar(i);
      continue;
    }
    const p3 = text.slice(i, i + 3);
    if (PUNCT3.has(p3)) {
      push("punct", p3, locAt(i));
      i += 3;
      continue;
    }
    const p2 = text.slice(i, i + 2);
    if (PUNCT2.has(p2)) {
      push("punct", p2, locAt(i));
      i += 2;
      continue;
    }
    const p1 = text[i] ?? "";
    if (PUNCT1.has(p1)) {
      push("punct", p1, locAt(i));
      i++;
      continue;
    }
    const cp = text.codePointAt(i) ?? c;
    const ch = String.fromCodePoint(cp);
    diags.error(
      locAt(i),
      `unexpected character '${ch}' (U+${cp.toString(16).toUpperCase().padStart(4, "0")})`,
    );
    i += ch.length;
    space = true;
  }
  push("eof", "", locAt(n));
  return tokens;
}
