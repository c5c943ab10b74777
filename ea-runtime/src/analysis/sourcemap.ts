/**
 * Minimal source-map reader: turns the `mappings` of a version-3 source map into a table
 * "generated line → original line" (1-based), which the runtime uses to report user line
 * numbers for transpiled TypeScript.
 *
 * Owns: base64 VLQ decoding only. Pure; imports nothing.
 */

const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

function decodeVlq(segment: string): number[] {
  const out: number[] = [];
  let value = 0;
  let shift = 0;
  for (const ch of segment) {
    const digit = B64.indexOf(ch);
    if (digit < 0) {
      continue;
    }
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
    } else {
      const negative = value & 1;
      const v = value >>> 1;
      out.push(negative ? -v : v);
      value = 0;
      shift = 0;
    }
  }
  return out;
}

/** For each generated line, the original line of its first mapped segment (carried forward). */
export function lineTable(mappings: string, generatedLines: number): number[] {
  const table: number[] = [];
  let srcLine = 0;
  let last = 1;
  const lines = mappings.split(";");
  for (let g = 0; g < generatedLines; g += 1) {
    const segments = (lines[g] ?? "").split(",").filter((s) => s !== "");
    let first: number | undefined;
    for (const seg of segments) {
      const fields = decodeVlq(seg);
      if (fields.length >= 4) {
        srcLine += fields[2] ?? 0;
        if (first === undefined) {
          first = srcLine + 1;
        }
      }
    }
    if (first !== undefined) {
      last = first;
    }
    table.push(last);
  }
  return table;
}
