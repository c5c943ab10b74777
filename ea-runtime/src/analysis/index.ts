/**
 * Static analysis of an uploaded JS/TS Expert Advisor (pure function, no I/O, runs no EA code).
 *
 * Owns `analyseProgram(source, fileName)`: parse (TypeScript's parser, precise line/column
 * syntax errors), reject module syntax (`import`, `export`, `require`, `import()`), find the
 * top-level MQL5 event handlers, read the typed inputs declared as
 * `const Name = input.<type>(default)` (MQL5 type and default without evaluating anything), and
 * transpile to the script the runtime loads: TypeScript types erased, each input call given its
 * name as a trailing argument, plus a `//# tas-lines=` table mapping generated lines back to
 * source lines for error reports.
 * Imports: the `typescript` package and ea-runtime/src/runtime constants/format only.
 */

import * as ts from "typescript";
import { COLORS, MQL5_ENUMS } from "../runtime/constants.ts";
import { stringToTime, timeToString } from "../runtime/format.ts";
import { HANDLER_NAMES } from "../runtime/program.ts";
import { lineTable } from "./sourcemap.ts";

export type MqlInputType = "int" | "double" | "bool" | "string" | "datetime" | "color" | "enum";

export interface InputParam {
  /** Variable name, also the key of `inputs` when starting the EA. */
  name: string;
  /** MQL5 type name. */
  type: MqlInputType;
  /** Default value as text: "10", "0.1", "true", "abc", "2024.01.01 00:00", "clrRed", "PERIOD_H1". */
  default: string;
  /** For `enum` inputs: the MQL5 enum (e.g. "ENUM_TIMEFRAMES") and its member names. */
  enum?: string;
  enumValues?: string[];
}

export type AnalysisResult =
  | { ok: true; js: string; inputParams: InputParam[]; eventHandlers: string[] }
  | { ok: false; error: string };

/** Handlers of which at least one must exist, or the EA could never do anything. */
export const EVENT_HANDLERS = [
  "OnTick",
  "OnTimer",
  "OnTrade",
  "OnTradeTransaction",
  "OnBookEvent",
  "OnChartEvent",
] as const;

const INPUT_KINDS: Record<string, MqlInputType> = {
  int: "int",
  long: "int",
  uint: "int",
  double: "double",
  bool: "bool",
  string: "string",
  datetime: "datetime",
  color: "color",
  enum: "enum",
};

class AnalysisError extends Error {
  constructor(
    readonly node: ts.Node | undefined,
    message: string,
  ) {
    super(message);
  }
}

function position(sf: ts.SourceFile, pos: number): string {
  const lc = sf.getLineAndCharacterOfPosition(pos);
  return `line ${lc.line + 1}, column ${lc.character + 1}`;
}

function isTypeScript(fileName: string): boolean {
  return /\.(ts|mts|cts)$/i.test(fileName);
}

/** `input.xxx(...)` call → "xxx", else undefined. */
function inputKind(node: ts.Node): string | undefined {
  if (
    ts.isCallExpression(node) &&
    ts.isPropertyAccessExpression(node.expression) &&
    ts.isIdentifier(node.expression.expression) &&
    node.expression.expression.text === "input"
  ) {
    return node.expression.name.text;
  }
  return undefined;
}

function unwrap(e: ts.Expression): ts.Expression {
  let x = e;
  while (ts.isParenthesizedExpression(x) || ts.isAsExpression(x) || ts.isSatisfiesExpression(x)) {
    x = x.expression;
  }
  return x;
}

function numberLiteral(e: ts.Expression): number | undefined {
  const x = unwrap(e);
  if (ts.isNumericLiteral(x)) {
    return Number(x.text);
  }
  if (
    ts.isPrefixUnaryExpression(x) &&
    (x.operator === ts.SyntaxKind.MinusToken || x.operator === ts.SyntaxKind.PlusToken) &&
    ts.isNumericLiteral(x.operand)
  ) {
    const v = Number(x.operand.text);
    return x.operator === ts.SyntaxKind.MinusToken ? -v : v;
  }
  return undefined;
}

function stringLiteral(e: ts.Expression): string | undefined {
  const x = unwrap(e);
  if (ts.isStringLiteral(x) || ts.isNoSubstitutionTemplateLiteral(x)) {
    return x.text;
  }
  return undefined;
}

function readInput(name: string, kind: string, call: ts.CallExpression): InputParam {
  const type = INPUT_KINDS[kind];
  if (!type) {
    throw new AnalysisError(
      call.expression,
      `unknown input type "input.${kind}"; use one of ${Object.keys(INPUT_KINDS).join(", ")}`,
    );
  }
  const args = call.arguments;
  const expected = type === "enum" ? 2 : 1;
  if (args.length !== expected) {
    const shape = type === "enum" ? "input.enum(ENUM_NAME, MEMBER)" : `input.${kind}(default)`;
    throw new AnalysisError(call, `${shape} takes exactly ${expected} argument(s)`);
  }
  const arg = args[0];
  if (!arg) {
    throw new AnalysisError(call, "missing default value");
  }
  const bad = (what: string): AnalysisError =>
    new AnalysisError(arg, `default of input "${name}" must be ${what}`);
  switch (type) {
    case "int": {
      const v = numberLiteral(arg);
      if (v === undefined || !Number.isInteger(v)) {
        throw bad("an integer literal");
      }
      return { name, type, default: String(v) };
    }
    case "double": {
      const v = numberLiteral(arg);
      if (v === undefined) {
        throw bad("a number literal");
      }
      return { name, type, default: String(v) };
    }
    case "bool": {
      const x = unwrap(arg);
      if (x.kind === ts.SyntaxKind.TrueKeyword) {
        return { name, type, default: "true" };
      }
      if (x.kind === ts.SyntaxKind.FalseKeyword) {
        return { name, type, default: "false" };
      }
      throw bad("true or false");
    }
    case "string": {
      const v = stringLiteral(arg);
      if (v === undefined) {
        throw bad("a string literal");
      }
      return { name, type, default: v };
    }
    case "datetime": {
      const n = numberLiteral(arg);
      const s = stringLiteral(arg);
      const t =
        n !== undefined
          ? n
          : s !== undefined
            ? stringToTime(s.replace(/^D'(.*)'$/, "$1"))
            : Number.NaN;
      if (Number.isNaN(t)) {
        throw bad('a date string such as "2024.01.31 00:00" or seconds since 1970');
      }
      return { name, type, default: timeToString(t, t % 60 === 0 ? 3 : 5) };
    }
    case "color": {
      const x = unwrap(arg);
      if (ts.isIdentifier(x) && COLORS[x.text] !== undefined) {
        return { name, type, default: x.text };
      }
      const n = numberLiteral(arg);
      if (n !== undefined) {
        return { name, type, default: String(n) };
      }
      const s = stringLiteral(arg);
      if (s !== undefined && /^\d+\s*,\s*\d+\s*,\s*\d+$/.test(s)) {
        return { name, type, default: s };
      }
      throw bad('a colour constant (clrRed…), a number or "r,g,b"');
    }
    default: {
      const table = unwrap(arg);
      const enumName = ts.isIdentifier(table) ? table.text : "";
      const members = MQL5_ENUMS[enumName];
      if (!members) {
        throw new AnalysisError(
          arg,
          `input.enum needs a known MQL5 enum as first argument (${Object.keys(MQL5_ENUMS).join(", ")})`,
        );
      }
      const defArg = args[1];
      if (!defArg) {
        throw new AnalysisError(call, "missing default value");
      }
      const d = unwrap(defArg);
      let member: string | undefined;
      if (ts.isIdentifier(d) && members[d.text] !== undefined) {
        member = d.text;
      } else {
        const n = numberLiteral(defArg);
        member = Object.keys(members).find((k) => members[k] === n);
      }
      if (member === undefined) {
        throw new AnalysisError(
          defArg,
          `default of input "${name}" must be a member of ${enumName}`,
        );
      }
      return { name, type, default: member, enum: enumName, enumValues: Object.keys(members) };
    }
  }
}

interface Found {
  handlers: Set<string>;
  inputs: InputParam[];
  /** input calls accepted as declarations (others are errors). */
  declared: Set<ts.CallExpression>;
}

const HANDLERS: ReadonlySet<string> = new Set(HANDLER_NAMES);

function hasExport(node: ts.Node): boolean {
  return (
    ts.canHaveModifiers(node) &&
    (ts.getModifiers(node) ?? []).some(
      (m) => m.kind === ts.SyntaxKind.ExportKeyword || m.kind === ts.SyntaxKind.DefaultKeyword,
    )
  );
}

function scanTopLevel(sf: ts.SourceFile): Found {
  const found: Found = { handlers: new Set(), inputs: [], declared: new Set() };
  const moduleError =
    "an EA is one self-contained file: import/export are not supported (the MQL5 API is global)";
  for (const st of sf.statements) {
    if (
      ts.isImportDeclaration(st) ||
      ts.isImportEqualsDeclaration(st) ||
      ts.isExportDeclaration(st) ||
      ts.isExportAssignment(st)
    ) {
      throw new AnalysisError(st, moduleError);
    }
    if (hasExport(st)) {
      throw new AnalysisError(st, `${moduleError}; declare handlers as plain top-level functions`);
    }
    if (ts.isFunctionDeclaration(st) && st.name && HANDLERS.has(st.name.text) && st.body) {
      found.handlers.add(st.name.text);
    }
    if (ts.isVariableStatement(st)) {
      const isConst = (st.declarationList.flags & ts.NodeFlags.Const) !== 0;
      for (const decl of st.declarationList.declarations) {
        if (!ts.isIdentifier(decl.name) || !decl.initializer) {
          continue;
        }
        const init = unwrap(decl.initializer);
        if (
          HANDLERS.has(decl.name.text) &&
          (ts.isArrowFunction(init) || ts.isFunctionExpression(init))
        ) {
          found.handlers.add(decl.name.text);
        }
        const kind = inputKind(init);
        if (kind !== undefined && ts.isCallExpression(init)) {
          if (!isConst) {
            throw new AnalysisError(decl, `input "${decl.name.text}" must be declared with const`);
          }
          found.inputs.push(readInput(decl.name.text, kind, init));
          found.declared.add(init);
        }
      }
    }
  }
  return found;
}

function scanDeep(sf: ts.SourceFile, found: Found): void {
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node)) {
      if (node.expression.kind === ts.SyntaxKind.ImportKeyword) {
        throw new AnalysisError(node, "dynamic import() is not supported in an EA");
      }
      if (ts.isIdentifier(node.expression) && node.expression.text === "require") {
        throw new AnalysisError(
          node,
          "require() is not available in an EA: the MQL5 API is global",
        );
      }
      if (inputKind(node) !== undefined && !found.declared.has(node)) {
        throw new AnalysisError(
          node,
          "inputs are declared only as `const Name = input.<type>(default)` at the top level",
        );
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
}

/** Adds the declared name as last argument of every accepted input call. */
function nameInputs(declared: ReadonlyMap<number, string>): ts.TransformerFactory<ts.SourceFile> {
  return (context) => {
    const f = context.factory;
    const visit = (node: ts.Node): ts.Node => {
      if (ts.isCallExpression(node) && inputKind(node) !== undefined) {
        const name = declared.get(node.pos);
        if (name !== undefined) {
          return f.updateCallExpression(node, node.expression, node.typeArguments, [
            ...node.arguments,
            f.createStringLiteral(name),
          ]);
        }
      }
      return ts.visitEachChild(node, visit, context);
    };
    return (sf) => ts.visitNode(sf, visit, ts.isSourceFile);
  };
}

/** Analyses and transpiles one EA program. Never throws. */
export function analyseProgram(source: string, fileName: string): AnalysisResult {
  const tsFile = isTypeScript(fileName);
  const name = fileName === "" ? (tsFile ? "ea.ts" : "ea.js") : fileName;
  const sf = ts.createSourceFile(
    name,
    source,
    ts.ScriptTarget.ES2022,
    true,
    tsFile ? ts.ScriptKind.TS : ts.ScriptKind.JS,
  );
  const compilerOptions: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    sourceMap: true,
    inlineSources: false,
    removeComments: false,
    allowJs: true,
    strict: false,
    useDefineForClassFields: true,
  };
  // Syntax errors first (transpileModule reports exactly the parser's diagnostics).
  const probe = ts.transpileModule(source, {
    fileName: name,
    reportDiagnostics: true,
    compilerOptions,
  });
  const syntax = (probe.diagnostics ?? []).find((d) => d.category === ts.DiagnosticCategory.Error);
  if (syntax) {
    const text = ts.flattenDiagnosticMessageText(syntax.messageText, "\n");
    const where = syntax.start !== undefined ? position(sf, syntax.start) : "line 1, column 1";
    return { ok: false, error: `${where}: ${text}` };
  }
  let found: Found;
  try {
    found = scanTopLevel(sf);
    scanDeep(sf, found);
  } catch (e) {
    if (e instanceof AnalysisError) {
      const where = e.node ? position(sf, e.node.getStart(sf)) : "line 1, column 1";
      return { ok: false, error: `${where}: ${e.message}` };
    }
    return { ok: false, error: `line 1, column 1: ${e instanceof Error ? e.message : String(e)}` };
  }
  if (!EVENT_HANDLERS.some((h) => found.handlers.has(h))) {
    return {
      ok: false,
      error: `line 1, column 1: an EA must define at least one event handler (${EVENT_HANDLERS.join(", ")})`,
    };
  }
  const declared = new Map<number, string>();
  for (const call of found.declared) {
    const parent = call.parent;
    if (ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) {
      declared.set(call.pos, parent.name.text);
    } else if (ts.isVariableDeclaration(parent.parent) && ts.isIdentifier(parent.parent.name)) {
      declared.set(call.pos, parent.parent.name.text);
    }
  }
  const out = ts.transpileModule(source, {
    fileName: name,
    compilerOptions,
    transformers: { before: [nameInputs(declared)] },
  });
  const js = out.outputText.replace(/\n?\/\/# sourceMappingURL=.*\s*$/, "\n");
  let mappings = "";
  try {
    const map: unknown = JSON.parse(out.sourceMapText ?? "{}");
    if (typeof map === "object" && map !== null) {
      const m: unknown = Reflect.get(map, "mappings");
      mappings = typeof m === "string" ? m : "";
    }
  } catch {
    mappings = "";
  }
  const generatedLines = js.split("\n").length;
  const table = lineTable(mappings, generatedLines);
  return {
    ok: true,
    js: `${js}//# tas-lines=${table.join(",")}\n`,
    inputParams: found.inputs,
    eventHandlers: HANDLER_NAMES.filter((h) => found.handlers.has(h)),
  };
}
