/**
 * Text formatting with MQL5 semantics: PrintFormat/StringFormat (printf), Print's argument
 * joining, DoubleToString, NormalizeDouble, and datetime ↔ text conversions.
 *
 * Owns: pure functions only; no state, no host access.
 * Must not import anything outside ea-runtime/src/runtime.
 */

/** MQL5 text of a value passed to Print/Comment/Alert. */
export function printValue(v: unknown): string {
  if (typeof v === "string") {
    return v;
  }
  if (typeof v === "number") {
    if (Number.isInteger(v)) {
      return String(v);
    }
    return String(Number(v.toPrecision(16)));
  }
  if (typeof v === "boolean") {
    return v ? "true" : "false";
  }
  if (v === null || v === undefined) {
    return "null";
  }
  if (Array.isArray(v)) {
    return `[${v.map(printValue).join(",")}]`;
  }
  if (typeof v === "object") {
    try {
      return JSON.stringify(v);
    } catch {
      return "[object]";
    }
  }
  return String(v);
}

export function normalizeDouble(value: unknown, digits: unknown): number {
  const v = Number(value);
  const d = Math.max(0, Math.min(8, Math.trunc(Number(digits) || 0)));
  if (!Number.isFinite(v)) {
    return v;
  }
  const p = 10 ** d;
  return (Math.sign(v) * Math.round(Math.abs(v) * p)) / p;
}

export function doubleToString(value: unknown, digits: unknown = 8): string {
  const v = Number(value);
  const d = Math.trunc(Number(digits));
  if (d < 0) {
    return v.toExponential(Math.min(16, -d));
  }
  return v.toFixed(Math.min(16, d));
}

function pad(s: string, width: number, left: boolean, zero: boolean): string {
  if (s.length >= width) {
    return s;
  }
  if (left) {
    return s + " ".repeat(width - s.length);
  }
  if (zero) {
    const sign = s[0] === "-" || s[0] === "+" || s[0] === " " ? s[0] : "";
    const body = sign ? s.slice(1) : s;
    return sign + "0".repeat(width - s.length) + body;
  }
  return " ".repeat(width - s.length) + s;
}

function expC(s: string): string {
  // JS "1.5e+2" → C "1.5e+02".
  return s.replace(/e([+-])(\d)$/, "e$10$2");
}

function formatG(v: number, precision: number, alt: boolean): string {
  const p = precision === 0 ? 1 : precision;
  if (v === 0) {
    return alt ? (0).toFixed(p - 1) : "0";
  }
  const exp = Math.floor(Math.log10(Math.abs(v)));
  let out: string;
  if (exp < -4 || exp >= p) {
    out = expC(v.toExponential(p - 1));
    if (!alt) {
      out = out.replace(/\.?0+e/, "e");
    }
  } else {
    out = v.toFixed(Math.max(0, p - 1 - exp));
    if (!alt && out.includes(".")) {
      out = out.replace(/\.?0+$/, "");
    }
  }
  return out;
}

/** A value as a 64-bit integer (bigint), as C reads a long/ulong vararg. */
function int64(v: unknown): bigint {
  if (typeof v === "bigint") {
    return BigInt.asIntN(64, v);
  }
  const n = typeof v === "boolean" ? (v ? 1 : 0) : Number(v);
  return Number.isFinite(n) ? BigInt.asIntN(64, BigInt(Math.trunc(n))) : 0n;
}

/** %lld / %I64u / %I64x…: the exact text of a 64-bit integer. */
function format64(
  arg: unknown,
  conv: string,
  prec: number | undefined,
  alt: boolean,
  sign: (n: number, s: string) => string,
): string {
  const v = int64(arg);
  if (conv === "d" || conv === "i") {
    let s = (v < 0n ? -v : v).toString();
    if (prec !== undefined && s.length < prec) {
      s = "0".repeat(prec - s.length) + s;
    }
    return v < 0n ? `-${s}` : sign(1, s);
  }
  const u = BigInt.asUintN(64, v);
  if (conv === "u") {
    return u.toString();
  }
  if (conv === "o") {
    return u.toString(8);
  }
  const s = alt && u !== 0n ? `0x${u.toString(16)}` : u.toString(16);
  return conv === "X" ? s.toUpperCase() : s;
}

/** printf-style formatting as MQL5's PrintFormat/StringFormat. */
export function formatString(fmt: unknown, args: readonly unknown[]): string {
  const f = String(fmt);
  let argIndex = 0;
  const next = (): unknown => {
    const v = args[argIndex];
    argIndex += 1;
    return v;
  };
  const re = /%([-+ 0#]*)(\*|\d+)?(?:\.(\*|\d+))?(hh|h|ll|l|I64|I32|L|q)?([diouxXeEfgGcsp%])/g;
  return f.replace(
    re,
    (
      _m: string,
      flags: string,
      widthSpec: string | undefined,
      precSpec: string | undefined,
      len: string | undefined,
      conv: string,
    ) => {
      if (conv === "%") {
        return "%";
      }
      const left = flags.includes("-");
      const plus = flags.includes("+");
      const space = flags.includes(" ");
      const zero = flags.includes("0") && !left;
      const alt = flags.includes("#");
      const width = widthSpec === "*" ? Number(next()) : widthSpec ? Number(widthSpec) : 0;
      const prec = precSpec === "*" ? Number(next()) : precSpec ? Number(precSpec) : undefined;
      const arg = next();
      const sign = (n: number, s: string): string =>
        n >= 0 && !Object.is(n, -0) ? (plus ? `+${s}` : space ? ` ${s}` : s) : s;
      let out: string;
      // ll / I64: the argument is a 64-bit integer (a bigint beyond 2^53), printed exactly.
      if ((len === "ll" || len === "I64") && "diuoxX".includes(conv)) {
        return pad(format64(arg, conv, prec, alt, sign), width, left, zero);
      }
      switch (conv) {
        case "d":
        case "i": {
          const n = Math.trunc(Number(arg) || 0);
          let s = String(Math.abs(n));
          if (prec !== undefined && s.length < prec) {
            s = "0".repeat(prec - s.length) + s;
          }
          out = sign(n, n < 0 ? `-${s}` : s);
          break;
        }
        case "u":
          out = String(Math.trunc(Number(arg) || 0) >>> 0);
          break;
        case "o":
          out = (Math.trunc(Number(arg) || 0) >>> 0).toString(8);
          break;
        case "x":
        case "X": {
          const n = Math.trunc(Number(arg) || 0);
          let s = n < 0 ? (n >>> 0).toString(16) : n.toString(16);
          if (alt && n !== 0) {
            s = `0x${s}`;
          }
          out = conv === "X" ? s.toUpperCase() : s;
          break;
        }
        case "e":
        case "E": {
          const n = Number(arg);
          const s = expC(n.toExponential(prec ?? 6));
          out = sign(n, conv === "E" ? s.toUpperCase() : s);
          break;
        }
        case "f": {
          const n = Number(arg);
          out = sign(n, n.toFixed(prec ?? 6));
          break;
        }
        case "g":
        case "G": {
          const n = Number(arg);
          const s = formatG(n, prec ?? 6, alt);
          out = sign(n, conv === "G" ? s.toUpperCase() : s);
          break;
        }
        case "c":
          out = typeof arg === "number" ? String.fromCharCode(arg) : String(arg ?? "").slice(0, 1);
          break;
        case "p":
          out = (Math.trunc(Number(arg) || 0) >>> 0).toString(16).toUpperCase().padStart(8, "0");
          break;
        default: {
          const s = printValue(arg);
          out = prec !== undefined ? s.slice(0, prec) : s;
        }
      }
      const numeric = conv !== "s" && conv !== "c";
      return pad(out, width, left, zero && numeric);
    },
  );
}

/** MqlDateTime fields of a datetime (seconds, server time treated as UTC). */
export interface DateParts {
  year: number;
  mon: number;
  day: number;
  hour: number;
  min: number;
  sec: number;
  day_of_week: number;
  day_of_year: number;
}

export function dateParts(t: number): DateParts {
  const d = new Date(Math.trunc(t) * 1000);
  const start = Date.UTC(d.getUTCFullYear(), 0, 1);
  return {
    year: d.getUTCFullYear(),
    mon: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    min: d.getUTCMinutes(),
    sec: d.getUTCSeconds(),
    day_of_week: d.getUTCDay(),
    day_of_year: Math.floor((d.getTime() - start) / 86400000),
  };
}

export function partsToTime(p: Partial<DateParts>): number {
  const ms = Date.UTC(
    p.year ?? 1970,
    (p.mon ?? 1) - 1,
    p.day ?? 1,
    p.hour ?? 0,
    p.min ?? 0,
    p.sec ?? 0,
  );
  return Math.floor(ms / 1000);
}

const two = (n: number): string => String(n).padStart(2, "0");

/** TimeToString(t, TIME_DATE|TIME_MINUTES): "yyyy.mm.dd hh:mi[:ss]". */
export function timeToString(t: unknown, mode: unknown = 3): string {
  const p = dateParts(Number(t) || 0);
  const m = typeof mode === "number" ? mode : 3;
  const parts: string[] = [];
  if (m & 1) {
    parts.push(`${p.year}.${two(p.mon)}.${two(p.day)}`);
  }
  if (m & 4) {
    parts.push(`${two(p.hour)}:${two(p.min)}:${two(p.sec)}`);
  } else if (m & 2) {
    parts.push(`${two(p.hour)}:${two(p.min)}`);
  }
  return parts.join(" ");
}

/** StringToTime: "yyyy.mm.dd [hh:mi[:ss]]" (also "-" or "/" separators, ISO "T"); NaN if invalid. */
export function stringToTime(text: unknown): number {
  const s = String(text).trim();
  const m = /^(\d{4})[./-](\d{1,2})[./-](\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?Z?$/.exec(
    s,
  );
  if (!m) {
    const hm = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(s);
    if (hm) {
      return Number(hm[1]) * 3600 + Number(hm[2]) * 60 + Number(hm[3] ?? 0);
    }
    return Number.NaN;
  }
  return partsToTime({
    year: Number(m[1]),
    mon: Number(m[2]),
    day: Number(m[3]),
    hour: Number(m[4] ?? 0),
    min: Number(m[5] ?? 0),
    sec: Number(m[6] ?? 0),
  });
}
