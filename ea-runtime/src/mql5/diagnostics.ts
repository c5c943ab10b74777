/**
 * Source positions and compile diagnostics shared by every compiler stage.
 *
 * A position names the MQL5 file and line the author wrote (after #include resolution), never
 * the generated JavaScript. Stages collect diagnostics instead of throwing so that several
 * errors are reported at once; `formatDiagnostic` renders `file:line:column: message`.
 * Pure; imports nothing.
 */

/** A place in an MQL5 source file: file name as included, 1-based line and column. */
export interface Loc {
  readonly file: string;
  readonly line: number;
  readonly col: number;
}

export interface Diagnostic {
  readonly loc: Loc;
  readonly message: string;
  readonly severity: "error" | "warning";
}

export function formatLoc(loc: Loc): string {
  return `${loc.file}:${loc.line}:${loc.col}`;
}

export function formatDiagnostic(d: Diagnostic): string {
  return `${formatLoc(d.loc)}: ${d.message}`;
}

/** Collects diagnostics of one compilation; stages stop early only when told to. */
export class DiagnosticBag {
  readonly items: Diagnostic[] = [];

  error(loc: Loc, message: string): void {
    this.items.push({ loc, message, severity: "error" });
  }

  warning(loc: Loc, message: string): void {
    this.items.push({ loc, message, severity: "warning" });
  }

  get hasErrors(): boolean {
    return this.items.some((d) => d.severity === "error");
  }

  errors(): Diagnostic[] {
    return this.items.filter((d) => d.severity === "error");
  }
}

/** Thrown inside a stage to abandon the current construct; caught by the stage's recovery. */
export class CompileError extends Error {
  constructor(
    readonly loc: Loc,
    message: string,
  ) {
    super(message);
  }
}
