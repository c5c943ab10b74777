/**
 * The coverage table of the MQL5 API (docs/mql5-coverage.md), computed from what the compiler
 * knows rather than written by hand: the built-ins declared in builtins.mqh by reference group,
 * which of them the runtime implements (the rest are NATIVE_GAPS: refused at compile time),
 * which are implemented with a documented difference (PARTIAL below), the runtime's Standard
 * Library classes and the library headers written in MQL5.
 *
 * `coverageMarkdown()` is pure; `bun ea-runtime/src/mql5/include/coverage.ts` writes the file,
 * and test/mql5/coverage.test.ts fails while the committed file differs.
 */

import { NATIVE_GAPS, runtimeClassMembers, STANDARD_HEADERS } from "./index.ts";

/** Built-ins the compiler lowers itself (they need static types the runtime cannot see). */
const COMPILER_BUILTINS = new Set([
  "ArrayResize",
  "ArraySize",
  "CheckPointer",
  "EnumToString",
  "GetPointer",
  "Sleep",
  "ZeroMemory",
]);

/** Implemented with a difference from a desktop terminal, and how. */
const PARTIAL: Record<string, string> = {
  Sleep:
    "suspends a compiled MQL5 handler without holding a thread (returns at once in OnInit/OnDeinit/OnTester and in JS EAs)",
  MessageBox:
    "answers 0 (no button pressed), as a non-interactive terminal does; the text goes to the log",
  SendNotification:
    "an `alert` message on the WebSocket `ea` channel and a log line; nothing is pushed to a phone",
  SendMail: "an `alert` message on the WebSocket `ea` channel and a log line; no mail is sent",
  Alert: "an `alert` message on the WebSocket `ea` channel and a log line",
  PlaySound: "returns false (no sound device)",
  TerminalInfoInteger:
    "a live server-side terminal's values (docs: ea-runtime/src/runtime/terminal.ts)",
  TerminalInfoString: "a live server-side terminal's values (virtual paths)",
  ChartRedraw: "changes are published at the end of every event anyway",
  ObjectCreate:
    "one chart window per EA (subwindows refused); objects kept per instance, served at GET …/ea/chart",
  FileOpen: "a per-EA sandbox (FILE_COMMON per account) with a quota, persisted in the database",
  GlobalVariableSet: "per account, persisted in the database",
  CalendarValueHistory:
    "the calendar a superadmin loads (PUT /admin/calendar); empty until then (no values, no error)",
  CalendarValueLast:
    "change ids count the admins' loads: a value a load adds or changes carries that load's id",
  iBWMFI: "scales the forming bar by the elapsed part of the bar (server time)",
  WebRequest:
    "made by the service: only URLs on the operator's allow-list (`TAS_EA_WEBREQUEST_ALLOW`, else 4014), no private addresses unless opted in, timeout and response size capped; response header names in lower case",
  CopyTicks:
    "the ticks received since the EA started (up to 4,096 per symbol), not the broker's older history",
  CopyTicksRange:
    "the ticks received since the EA started (up to 4,096 per symbol), not the broker's older history",
};

interface Group {
  readonly title: string;
  readonly names: string[];
}

/** The groups of builtins.mqh with the names each declares, in order. */
export function declaredGroups(builtins: string): Group[] {
  const groups: Group[] = [];
  let current: Group | undefined;
  for (const line of builtins.split("\n")) {
    const heading = /^\/\/ -{8,} (.+)$/.exec(line);
    if (heading?.[1]) {
      current = { title: heading[1].trim(), names: [] };
      groups.push(current);
      continue;
    }
    if (!current || /^\s*(\/\/|template|\{|\}|return)/.test(line)) {
      continue;
    }
    const fn = /^\s*(?:const\s+)?[\w:<>]+\s*\*?\s+(\w+)\s*\(/.exec(line);
    const variable = /^\s*const\s+[\w:<>]+\s+(_\w+)\s*;/.exec(line);
    const name = fn?.[1] ?? variable?.[1];
    if (name && !current.names.includes(name)) {
      current.names.push(name);
    }
  }
  return groups.filter((g) => g.names.length > 0);
}

function status(name: string, gaps: ReadonlySet<string>): "full" | "partial" | "refused" {
  if (COMPILER_BUILTINS.has(name)) {
    return PARTIAL[name] ? "partial" : "full";
  }
  if (gaps.has(name)) {
    return "refused";
  }
  return PARTIAL[name] ? "partial" : "full";
}

export function coverageMarkdown(): string {
  const builtins = STANDARD_HEADERS.get("builtins.mqh") ?? "";
  const gaps = new Set(NATIVE_GAPS);
  const groups = declaredGroups(builtins);
  const out: string[] = [
    "# MQL5 API coverage",
    "",
    "Generated from the compiler's own declarations (`ea-runtime/src/mql5/include/builtins.mqh`,",
    "grouped as the MQL5 reference groups them) and the runtime's implementations; regenerate with",
    "`bun ea-runtime/src/mql5/include/coverage.ts` (test/mql5/coverage.test.ts checks it is current).",
    "**Full**: implemented with MQL5's documented behaviour. **Partial**: implemented, with the",
    "difference listed below. **Refused**: declared, but a program that calls it is refused at",
    "upload with `'Name' is not available in this runtime yet` (in a library header the call",
    "compiles to that error at run time, so an unused method does not block the header).",
    "",
    "| group | built-ins | full | partial | refused |",
    "|---|---|---|---|---|",
  ];
  let total = 0;
  let full = 0;
  let partial = 0;
  let refused = 0;
  const refusedByGroup: string[] = [];
  const partialLines: string[] = [];
  for (const g of groups) {
    const s = g.names.map((n) => status(n, gaps));
    const f = s.filter((x) => x === "full").length;
    const p = s.filter((x) => x === "partial").length;
    const r = s.filter((x) => x === "refused").length;
    total += g.names.length;
    full += f;
    partial += p;
    refused += r;
    out.push(`| ${g.title} | ${g.names.length} | ${f} | ${p} | ${r} |`);
    const refusedNames = g.names.filter((n) => status(n, gaps) === "refused");
    if (refusedNames.length > 0) {
      refusedByGroup.push(`- **${g.title}**: ${refusedNames.map((n) => `\`${n}\``).join(", ")}`);
    }
    for (const n of g.names) {
      if (status(n, gaps) === "partial") {
        partialLines.push(`- \`${n}\` (${g.title}): ${PARTIAL[n]}`);
      }
    }
  }
  out.push(`| **all** | **${total}** | **${full}** | **${partial}** | **${refused}** |`, "");
  out.push("## Partial", "", ...partialLines, "");
  out.push("## Refused", "", ...refusedByGroup, "");
  out.push(
    "## Standard Library classes implemented by the runtime",
    "",
    "| class | members declared | available |",
    "|---|---|---|",
  );
  const members = runtimeClassMembers();
  const memberGaps = NATIVE_GAPS.filter((n) => n.includes("::"));
  for (const [cls] of [...members].sort(([a], [b]) => a.localeCompare(b))) {
    const missing = memberGaps
      .filter((n) => n.startsWith(`${cls}::`))
      .map((n) => n.slice(cls.length + 2));
    out.push(
      `| \`${cls}\` | ${missing.length === 0 ? "all" : `all but ${missing.length}`} | ${missing.length === 0 ? "full" : `refused: ${missing.map((m) => `\`${m}\``).join(", ")}`} |`,
    );
  }
  out.push("", "## Standard Library headers written in MQL5 (compiled with the program)", "");
  const paths = [...STANDARD_HEADERS.keys()].filter((p) => p.includes("/") || p === "Object.mqh");
  const byFolder = new Map<string, string[]>();
  for (const p of paths.sort()) {
    const folder = p.includes("/") ? p.slice(0, p.lastIndexOf("/")) : ".";
    byFolder.set(folder, [...(byFolder.get(folder) ?? []), p.slice(p.lastIndexOf("/") + 1)]);
  }
  for (const [folder, files] of byFolder) {
    out.push(`- \`${folder}/\`: ${files.join(", ")}`);
  }
  out.push("");
  return out.join("\n");
}

/** `bun ea-runtime/src/mql5/include/coverage.ts`: writes docs/mql5-coverage.md. */
async function main(): Promise<void> {
  const bun: unknown = Reflect.get(globalThis, "Bun");
  const dir: unknown = Reflect.get(import.meta, "dir");
  if (typeof bun !== "object" || bun === null || typeof dir !== "string") {
    throw new Error("run with bun");
  }
  const write = Reflect.get(bun, "write") as (path: string, text: string) => Promise<number>;
  await write(`${dir}/../../../../docs/mql5-coverage.md`, coverageMarkdown());
}

if (Reflect.get(import.meta, "main") === true) {
  void main();
}
