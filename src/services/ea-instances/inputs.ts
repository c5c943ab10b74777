// Validation of an EA start request's inputs against the EA's declared input_params (names and
// MQL5 types), so that bad values are refused at the API instead of inside the sandbox.
import { validationError } from "../../domain/errors.ts";
import type { EaInputParamRow } from "../../storage/schema/index.ts";

export type InputValue = string | number | boolean;

const DATETIME_TEXT = /^\d{4}\.\d{2}\.\d{2}( \d{2}:\d{2}(:\d{2})?)?$/;
const RGB_TEXT = /^\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*$/;
const COLOR_NAME = /^clr[A-Za-z]+$/;

/**
 * Checks start inputs against the EA's input_params: names must exist, values must fit the MQL5
 * type. Returns the values to pass to the runtime (which coerces them as docs/ea-format.md says).
 */
export function validateInputs(
  params: readonly EaInputParamRow[],
  inputs: Record<string, unknown> | undefined,
): Record<string, InputValue> {
  const out: Record<string, InputValue> = {};
  const byName = new Map(params.map((p) => [p.name, p]));
  for (const [name, value] of Object.entries(inputs ?? {})) {
    const field = `inputs.${name}`;
    const p = byName.get(name);
    if (!p) {
      const known = params.map((x) => x.name).join(", ");
      throw validationError(
        field,
        known ? `unknown input; this EA's inputs are ${known}` : "this EA declares no inputs",
      );
    }
    out[name] = checkInput(field, p, value);
  }
  return out;
}

function numeric(v: unknown): number | undefined {
  if (typeof v === "number" && Number.isFinite(v)) {
    return v;
  }
  if (typeof v === "string" && v.trim() !== "" && Number.isFinite(Number(v))) {
    return Number(v);
  }
  return undefined;
}

/**
 * Ranges of MQL5's integer input types (long/ulong: what JSON numbers carry exactly). `int`
 * keeps the safe-integer check: JS EAs declare long inputs as `int`, and an MQL5 int input
 * wraps a larger value to 32 bits as MQL5 would.
 */
const INTEGER_RANGES: Record<string, readonly [number, number]> = {
  int: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
  uint: [0, 4294967295],
  short: [-32768, 32767],
  ushort: [0, 65535],
  char: [-128, 127],
  uchar: [0, 255],
  long: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
  ulong: [0, Number.MAX_SAFE_INTEGER],
};

/** The validation an input's MQL5 type calls for (enum inputs name their enum). */
function kindOf(p: EaInputParamRow): string {
  if (p.enum !== undefined || p.type === "enum") {
    return "enum";
  }
  if (p.type === "float") {
    return "double";
  }
  return p.type;
}

function checkInput(field: string, p: EaInputParamRow, value: unknown): InputValue {
  const range = INTEGER_RANGES[p.type];
  if (range && p.enum === undefined) {
    const n = numeric(value);
    if (n === undefined || !Number.isSafeInteger(n) || n < range[0] || n > range[1]) {
      throw validationError(
        field,
        p.type === "int"
          ? "expected an integer (int input)"
          : `expected an integer from ${range[0]} to ${range[1]} (${p.type} input)`,
      );
    }
    return n;
  }
  switch (kindOf(p)) {
    case "double": {
      const n = numeric(value);
      if (n === undefined) {
        throw validationError(field, "expected a number (double input)");
      }
      return n;
    }
    case "bool":
      if (typeof value === "boolean") {
        return value;
      }
      if (value === "true" || value === 1 || value === "1") {
        return true;
      }
      if (value === "false" || value === 0 || value === "0") {
        return false;
      }
      throw validationError(field, "expected true or false (bool input)");
    case "string":
      if (typeof value !== "string" || value.length > 10_000) {
        throw validationError(field, "expected a string of at most 10000 characters");
      }
      return value;
    case "datetime":
      if (typeof value === "number" && Number.isSafeInteger(value) && value >= 0) {
        return value;
      }
      if (typeof value === "string" && DATETIME_TEXT.test(value)) {
        return value;
      }
      throw validationError(
        field,
        'expected seconds or "yyyy.mm.dd [hh:mi[:ss]]" (datetime input)',
      );
    case "color":
      if (typeof value === "number" && Number.isInteger(value) && value >= 0 && value <= 0xffffff) {
        return value;
      }
      if (typeof value === "string" && (COLOR_NAME.test(value) || validRgb(value))) {
        return value;
      }
      throw validationError(field, 'expected a colour name (clrRed), "r,g,b" or a number');
    case "enum": {
      const members = p.enumValues ?? [];
      if (typeof value === "number" && Number.isInteger(value)) {
        return value;
      }
      if (typeof value === "string" && (members.length === 0 || members.includes(value))) {
        return value;
      }
      throw validationError(
        field,
        `expected one of ${members.join(", ")}${p.enum ? ` (${p.enum})` : ""}`,
      );
    }
    default:
      throw validationError(field, `input type ${p.type} is not supported`);
  }
}

function validRgb(v: string): boolean {
  return RGB_TEXT.test(v) && v.split(",").every((x) => Number(x) <= 255);
}
