/**
 * The JavaScript text of a compiled program and its map back to MQL5 source.
 *
 * Owns: line-by-line output with indentation, the MQL5 position each generated line came from
 * (rendered as the `//# tas-files=` and `//# tas-lines=` trailer the runtime reads to report
 * errors at MQL5 file and line), and the table of run-time error sites (`file|line|col|function`)
 * that compiled code refers to by index. Pure; imports only diagnostics.ts.
 */
import type { Loc } from "./diagnostics.ts";

export class JsOut {
  private readonly lines: string[] = [];
  private readonly origins: (Loc | undefined)[] = [];
  private depth = 0;
  private readonly siteIndex = new Map<string, number>();
  readonly sites: string[] = [];

  line(text: string, loc?: Loc): void {
    this.lines.push(`${"  ".repeat(this.depth)}${text}`);
    this.origins.push(loc ?? this.origins[this.origins.length - 1]);
  }

  indent(): void {
    this.depth += 1;
  }

  dedent(): void {
    this.depth = Math.max(0, this.depth - 1);
  }

  /** Index of a run-time error site (deduplicated). */
  site(loc: Loc, fn: string): number {
    const key = `${loc.file.replace(/\|/g, "/")}|${loc.line}|${loc.col}|${fn}`;
    let i = this.siteIndex.get(key);
    if (i === undefined) {
      i = this.sites.length;
      this.sites.push(key);
      this.siteIndex.set(key, i);
    }
    return i;
  }

  get lineCount(): number {
    return this.lines.length;
  }

  /**
   * The program text with its trailer. Generated line N maps to `tas-lines` entry N: `L` (line L
   * of the first file) or `F.L` (line L of file number F in `tas-files`).
   */
  finish(mainFile: string): string {
    const files = [mainFile];
    const fileIndex = new Map([[mainFile, 0]]);
    const table: string[] = [];
    for (const o of this.origins) {
      if (!o) {
        table.push("0");
        continue;
      }
      let f = fileIndex.get(o.file);
      if (f === undefined) {
        f = files.length;
        files.push(o.file);
        fileIndex.set(o.file, f);
      }
      table.push(f === 0 ? String(o.line) : `${f}.${o.line}`);
    }
    const safeFiles = files.map((f) => f.replace(/[|\n\r]/g, "_"));
    return `${this.lines.join("\n")}\n//# tas-files=${safeFiles.join("|")}\n//# tas-lines=${table.join(",")}\n`;
  }
}
