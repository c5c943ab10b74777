// What an EA upload becomes before it is stored: the program's files sorted out (one program
// file, or a program with the `.mqh` headers it includes, sent as several `file` parts or as one
// `.zip`), decoded, and analysed — JS/TS by ea-runtime's analyser, MQL5 by the MQL5 compiler.
// Pure apart from the clock value passed in: no database, no I/O. Bad uploads are refused with
// VALIDATION_ERROR naming the `file` field; a program that does not compile is not refused
// here: it comes back as a failed analysis, which the EA service stores with status `error`.
import { unzipSync } from "fflate";
import { analyseProgram } from "../../ea-runtime/src/analysis/index.ts";
import { COMPILER_VERSION, compileMql5 } from "../../ea-runtime/src/mql5/compile.ts";
import { decodeMql5 } from "../../ea-runtime/src/mql5/decode.ts";
import { validationError } from "../domain/errors.ts";
import type { EaInputParamRow } from "../storage/schema/index.ts";

export interface UploadedFile {
  /** File name as sent by the client (a path inside a zip). */
  readonly fileName: string;
  readonly bytes: Uint8Array;
}

/** A header stored with an MQL5 program (decoded text). */
export interface StoredHeader {
  readonly name: string;
  readonly text: string;
}

export type ProgramAnalysis =
  | {
      readonly ok: true;
      readonly js: string;
      readonly inputParams: EaInputParamRow[];
      readonly eventHandlers: string[];
    }
  | { readonly ok: false; readonly error: string };

export interface PreparedProgram {
  /** File name of the program (`MyEA.mq5`). */
  readonly originalName: string;
  /** The program's decoded text. */
  readonly source: string;
  readonly headers: StoredHeader[];
  readonly analysis: ProgramAnalysis;
  /** The compiler that produced `analysis` ("" for JS/TS programs). */
  readonly compilerVersion: string;
  /** Bytes received, all files together. */
  readonly sizeBytes: number;
}

const JS_EXTENSIONS = [".js", ".ts", ".mjs"];
/** Files a zip may expand to in all, and entries it may hold (zip bombs are refused). */
const ZIP_MAX_BYTES = 16 * 1_048_576;
const ZIP_MAX_ENTRIES = 500;

export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf(".");
  const slash = Math.max(fileName.lastIndexOf("/"), fileName.lastIndexOf("\\"));
  return dot < 0 || dot < slash ? "" : fileName.slice(dot).toLowerCase();
}

export function baseName(fileName: string): string {
  const slash = Math.max(fileName.lastIndexOf("/"), fileName.lastIndexOf("\\"));
  return fileName.slice(slash + 1);
}

/**
 * Decodes an uploaded JS/TS program: UTF-8 (with or without BOM), UTF-16 LE/BE with BOM.
 * Anything else (invalid UTF-8, NUL bytes) is rejected as not being a text file.
 */
export function decodeProgramText(bytes: Uint8Array): string {
  let text: string;
  try {
    if (bytes[0] === 0xff && bytes[1] === 0xfe) {
      text = new TextDecoder("utf-16le", { fatal: true }).decode(bytes.subarray(2));
    } else if (bytes[0] === 0xfe && bytes[1] === 0xff) {
      text = new TextDecoder("utf-16be", { fatal: true }).decode(bytes.subarray(2));
    } else {
      // TextDecoder strips a UTF-8 BOM by default.
      text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    }
  } catch {
    throw validationError("file", "the file must be UTF-8 text, or UTF-16 text with a BOM");
  }
  if (text.includes("\u0000")) {
    throw validationError(
      "file",
      "the file contains NUL characters: send UTF-8 text, or UTF-16 text with a BOM",
    );
  }
  return text;
}

function unzip(file: UploadedFile): UploadedFile[] {
  let total = 0;
  let entries = 0;
  let tooBig = false;
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(file.bytes, {
      filter: (f) => {
        if (f.name.endsWith("/")) {
          return false;
        }
        entries += 1;
        total += f.originalSize;
        if (total > ZIP_MAX_BYTES || entries > ZIP_MAX_ENTRIES) {
          tooBig = true;
          return false;
        }
        return /\.(mq5|mqh)$/i.test(f.name);
      },
    });
  } catch {
    throw validationError("file", "the .zip file cannot be read (damaged or not a zip)");
  }
  if (tooBig) {
    throw validationError(
      "file",
      `the .zip expands to more than ${ZIP_MAX_BYTES} bytes or ${ZIP_MAX_ENTRIES} files`,
    );
  }
  return Object.entries(files).map(([name, bytes]) => ({ fileName: name, bytes }));
}

/** A custom indicator's source defines OnCalculate (a quick look, before compiling). */
function isIndicatorSource(f: UploadedFile): boolean {
  const d = decodeMql5(f.bytes);
  return d.ok && /\bOnCalculate\s*\(/.test(d.text);
}

function decodeMql5Text(file: UploadedFile): string {
  const d = decodeMql5(file.bytes);
  if (!d.ok) {
    throw validationError("file", `${baseName(file.fileName)}: ${d.error}`);
  }
  return d.text;
}

/** Sorts out, decodes and analyses the files of one upload. */
export function prepareProgram(files: readonly UploadedFile[], now: number): PreparedProgram {
  const first = files[0];
  if (!first) {
    throw validationError("file", "expected a file part");
  }
  const sizeBytes = files.reduce((n, f) => n + f.bytes.byteLength, 0);
  if (files.some((f) => f.bytes.byteLength === 0)) {
    throw validationError("file", "the file is empty");
  }
  let parts = files;
  if (files.length === 1 && extensionOf(first.fileName) === ".zip") {
    parts = unzip(first);
    // The EA is the one .mq5 that is not a custom indicator (no OnCalculate).
    const sources = parts.filter((f) => extensionOf(f.fileName) === ".mq5");
    const programs = sources.filter((f) => !isIndicatorSource(f));
    if (programs.length !== 1) {
      throw validationError(
        "file",
        programs.length === 0
          ? "the .zip holds no .mq5 program (only custom indicators, or nothing)"
          : `the .zip holds several .mq5 programs (${programs.map((p) => p.fileName).join(", ")}): send one`,
      );
    }
    parts = [
      ...programs,
      ...sources.filter((f) => !programs.includes(f)),
      ...parts.filter((f) => extensionOf(f.fileName) === ".mqh"),
    ];
  }
  const main = parts[0] as UploadedFile;
  const originalName = baseName(main.fileName).slice(0, 255);
  const ext = extensionOf(originalName);
  if (JS_EXTENSIONS.includes(ext)) {
    if (parts.length > 1) {
      throw validationError(
        "file",
        "a JavaScript/TypeScript EA is one file: send only the program",
      );
    }
    const source = decodeProgramText(main.bytes);
    const a = analyseProgram(source, originalName);
    return {
      originalName,
      source,
      headers: [],
      analysis: a.ok
        ? {
            ok: true,
            js: a.js,
            inputParams: a.inputParams.map((p) => ({ ...p })),
            eventHandlers: a.eventHandlers,
          }
        : { ok: false, error: a.error },
      compilerVersion: "",
      sizeBytes,
    };
  }
  if (ext !== ".mq5") {
    throw validationError("file", "the file name must end in .mq5, .zip, .js, .ts or .mjs");
  }
  const extra = parts.slice(1);
  const notHeader = extra.find((f) => ![".mqh", ".mq5"].includes(extensionOf(f.fileName)));
  if (notHeader) {
    throw validationError(
      "file",
      `${baseName(notHeader.fileName)}: the files after the program must be .mqh headers or .mq5 custom indicators`,
    );
  }
  const headers = extra.map((f) => ({
    name: f.fileName.replace(/\\/g, "/"),
    text: decodeMql5Text(f),
  }));
  const source = decodeMql5Text(main);
  return {
    originalName,
    source,
    headers,
    analysis: compileStored(originalName, source, headers, now),
    compilerVersion: COMPILER_VERSION,
    sizeBytes,
  };
}

/** Compiles a stored MQL5 program (at upload, and again when the compiler changed). */
export function compileStored(
  originalName: string,
  source: string,
  headers: readonly StoredHeader[],
  now: number,
): ProgramAnalysis {
  const enc = new TextEncoder();
  // Stored with the headers: `.mq5` files uploaded with the EA are its custom indicators.
  const isIndicator = (h: StoredHeader) => extensionOf(h.name) === ".mq5";
  const r = compileMql5({
    main: { name: originalName, bytes: enc.encode(source) },
    headers: headers
      .filter((h) => !isIndicator(h))
      .map((h) => ({ name: h.name, bytes: enc.encode(h.text) })),
    indicators: headers
      .filter(isIndicator)
      .map((h) => ({ name: h.name, bytes: enc.encode(h.text) })),
    now: Math.floor(now / 1000),
  });
  if (!r.ok) {
    return { ok: false, error: r.error };
  }
  return {
    ok: true,
    js: r.js,
    inputParams: r.inputParams.map((p) => ({ ...p })),
    eventHandlers: r.eventHandlers,
  };
}

export { COMPILER_VERSION };
