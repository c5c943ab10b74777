/**
 * First compiler stage: the bytes of an uploaded .mq5/.mqh file to source text.
 *
 * MetaEditor saves source as UTF-8 (with or without a byte order mark) or as UTF-16LE (older
 * builds, usually with the FF FE mark, sometimes without); UTF-16BE with FE FF is accepted too.
 * This module owns the choice of encoding, the rejection of text that is not valid in it (or that
 * contains NUL characters, which no source file has), and the normalisation of CRLF and lone CR
 * line ends to LF, so that every later stage sees one kind of line break and the lines count the
 * way the author's editor counts them.
 *
 * UTF-16 without a byte order mark is recognised by its shape: source code is mostly ASCII, and
 * an ASCII character in UTF-16LE is a non-zero byte followed by a zero byte. UTF-8 text never
 * contains zero bytes (they would decode to NUL, which is rejected), so when at least 30% of the
 * first 2048 code units (and at least two) look like "ASCII byte, zero byte" (LE) or "zero byte, ASCII byte" (BE),
 * the text is taken as UTF-16 of that byte order. A UTF-8 file with a stray zero byte does not
 * reach the threshold and is rejected for its NUL instead of being misread as UTF-16.
 * Pure; uses only the WHATWG TextDecoder (available in the service, not needed in the sandbox).
 */

/** The global WHATWG decoder, declared here so the module needs no DOM or Node type library. */
declare const TextDecoder: new (
  label: string,
  options?: { fatal?: boolean; ignoreBOM?: boolean },
) => { decode(input: Uint8Array): string };

export type DecodeResult = { ok: true; text: string } | { ok: false; error: string };

/** Code units sampled by the BOM-less UTF-16 heuristic. */
const SAMPLE_UNITS = 2048;
/** Share of sampled code units that must look like ASCII in UTF-16 of one byte order. */
const UTF16_THRESHOLD = 0.3;

const HINT = "save the file as UTF-8 or UTF-16 in MetaEditor";

/** Decodes an MQL5 source file; LF line ends in the result. Never throws. */
export function decodeMql5(bytes: Uint8Array): DecodeResult {
  try {
    return decodeUnchecked(bytes);
  } catch (err) {
    return { ok: false, error: `cannot decode the source: ${String(err)}` };
  }
}

function decodeUnchecked(bytes: Uint8Array): DecodeResult {
  const n = bytes.length;
  if (n >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return finish(decodeUtf8(bytes.subarray(3), 3));
  }
  if (n >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) {
    return finish(decodeUtf16(bytes.subarray(2), "le", "UTF-16LE with byte order mark FF FE"));
  }
  if (n >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) {
    return finish(decodeUtf16(bytes.subarray(2), "be", "UTF-16BE with byte order mark FE FF"));
  }
  const order = guessUtf16(bytes);
  if (order !== undefined) {
    const name =
      order === "le" ? "UTF-16LE without byte order mark" : "UTF-16BE without byte order mark";
    return finish(decodeUtf16(bytes, order, name));
  }
  return finish(decodeUtf8(bytes, 0));
}

/** "le" / "be" when the first code units look like ASCII in UTF-16 of that order. */
function guessUtf16(bytes: Uint8Array): "le" | "be" | undefined {
  const units = Math.min(bytes.length >> 1, SAMPLE_UNITS);
  if (units === 0) {
    return undefined;
  }
  let le = 0;
  let be = 0;
  for (let i = 0; i < units; i++) {
    const a = bytes[2 * i] as number;
    const b = bytes[2 * i + 1] as number;
    if (b === 0 && a !== 0 && a < 0x80) {
      le++;
    } else if (a === 0 && b !== 0 && b < 0x80) {
      be++;
    }
  }
  const need = Math.max(2, units * UTF16_THRESHOLD);
  if (le >= need && le > be) {
    return "le";
  }
  if (be >= need && be > le) {
    return "be";
  }
  return undefined;
}

function decodeUtf8(bytes: Uint8Array, offset: number): DecodeResult {
  try {
    const text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
    return { ok: true, text };
  } catch {
    const at = invalidUtf8Offset(bytes);
    return {
      ok: false,
      error: `the source is not valid UTF-8 (invalid byte sequence at byte offset ${at + offset}); ${HINT}`,
    };
  }
}

function decodeUtf16(bytes: Uint8Array, order: "le" | "be", name: string): DecodeResult {
  if (bytes.length % 2 !== 0) {
    return {
      ok: false,
      error: `the source looks like ${name} but has an odd number of bytes (truncated?)`,
    };
  }
  let le = bytes;
  if (order === "be") {
    le = new Uint8Array(bytes.length);
    for (let i = 0; i < bytes.length; i += 2) {
      le[i] = bytes[i + 1] as number;
      le[i + 1] = bytes[i] as number;
    }
  }
  try {
    const text = new TextDecoder("utf-16le", { fatal: true, ignoreBOM: true }).decode(le);
    return { ok: true, text };
  } catch {
    return { ok: false, error: `the source is not valid ${name}: unpaired surrogate; ${HINT}` };
  }
}

/** Rejects NUL characters and normalises line ends. */
function finish(r: DecodeResult): DecodeResult {
  if (!r.ok) {
    return r;
  }
  let text = r.text;
  const nul = text.indexOf("\0");
  if (nul >= 0) {
    const { line, col } = lineCol(text, nul);
    return {
      ok: false,
      error: `the source contains a NUL character at line ${line}, column ${col}; it is not a text file or its encoding is not UTF-8 or UTF-16`,
    };
  }
  if (text.includes("\r")) {
    text = text.replace(/\r\n?/g, "\n");
  }
  return { ok: true, text };
}

/** 1-based line and column (UTF-16 code units) of `index`, counting CRLF and CR as one break. */
function lineCol(text: string, index: number): { line: number; col: number } {
  let line = 1;
  let start = 0;
  for (let i = 0; i < index; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) {
      line++;
      start = i + 1;
    }
  }
  return { line, col: index - start + 1 };
}

/** Byte offset of the first invalid UTF-8 sequence (bytes.length when none is found). */
function invalidUtf8Offset(bytes: Uint8Array): number {
  const n = bytes.length;
  let i = 0;
  while (i < n) {
    const b = bytes[i] as number;
    if (b < 0x80) {
      i++;
      continue;
    }
    let len: number;
    let min: number;
    let cp: number;
    if (b >= 0xc2 && b <= 0xdf) {
      len = 2;
      min = 0x80;
      cp = b & 0x1f;
    } else if (b >= 0xe0 && b <= 0xef) {
      len = 3;
      min = 0x800;
      cp = b & 0x0f;
    } else if (b >= 0xf0 && b <= 0xf4) {
      len = 4;
      min = 0x10000;
      cp = b & 0x07;
    } else {
      return i;
    }
    if (i + len > n) {
      return i;
    }
    for (let k = 1; k < len; k++) {
      const c = bytes[i + k] as number;
      if ((c & 0xc0) !== 0x80) {
        return i;
      }
      cp = (cp << 6) | (c & 0x3f);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) {
      return i;
    }
    i += len;
  }
  return n;
}
