/**
 * Parser: tokens → syntax tree (ast.ts), recursive descent over the whole of MQL5.
 *
 * Declarations and expressions are told apart by knowing type names: builtin scalars, names a
 * cheap pre-scan finds after `class|struct|interface|union|enum` and in `typedef`s, template
 * parameters in scope, and `options.typeNames`. A name not known as a type still starts a
 * declaration when another name follows it (`CTrade t;`, `CList<int> l;`) or in `X *p = …`;
 * `(X)` with an unknown X is a cast only when an operand follows that cannot continue an
 * expression (`(X)y`, `(X)5`, `(X)!b`), or when written `(X*)`. `Name<…>(` is a template call
 * only for known template names. Lookahead is bounded to a few tokens (a type spelling), so
 * parsing is linear. `>>` closing two template lists is split in place.
 *
 * Errors: each syntax error records one diagnostic ("expected ')' but found '{'") at the token
 * found, then the parser skips to the next `;` (or past the `{…}` block, or up to the `}` that
 * closes the enclosing body) and continues, so independent errors are all reported. `parse`
 * never throws and always advances.
 *
 * Tree conventions: constructors are FuncDecls named after the class with `isCtor` and a `void`
 * return type; destructors are named `~CFoo` with `isDtor`; operator methods are named
 * `operator+` with `operator: "+"`; an out-of-line member's `owner` is the class name without
 * template arguments (`template<typename T> void CList<T>::Add` → owner "CList"); a variadic
 * tail `f(string fmt, ...)` is a last Param whose type is named "..."; `union` is a ClassDecl
 * with keyword "struct" and `isUnion`; in `CFoo *a, b;` the VarDecl's type is `CFoo*` and `b`
 * carries its own `type`.
 * Pure; imports only diagnostics.ts, tokens.ts and ast.ts (types).
 */
import type * as A from "./ast.ts";
import { CompileError, type DiagnosticBag, type Loc } from "./diagnostics.ts";
import type { Token } from "./tokens.ts";

export interface ParseOptions {
  /** Type names known before parsing (standard library classes, MQL5 structs and enums such as MqlTick, CTrade, ENUM_TIMEFRAMES). */
  readonly typeNames?: ReadonlySet<string>;
  /** Names of template classes/functions known before parsing. */
  readonly templateNames?: ReadonlySet<string>;
}

const SCALARS = new Set([
  "char",
  "uchar",
  "short",
  "ushort",
  "int",
  "uint",
  "long",
  "ulong",
  "bool",
  "string",
  "double",
  "float",
  "color",
  "datetime",
  "void",
]);

/** Words that start a builtin type spelling (`unsigned int`, `long long`). */
const TYPE_WORDS = new Set([...SCALARS, "unsigned", "signed"]);

/** Words that can never be a variable, function or type name. */
const RESERVED = new Set([
  ...TYPE_WORDS,
  "if",
  "else",
  "for",
  "while",
  "do",
  "switch",
  "case",
  "default",
  "break",
  "continue",
  "return",
  "new",
  "delete",
  "this",
  "sizeof",
  "dynamic_cast",
  "true",
  "false",
  "NULL",
  "operator",
  "template",
  "typename",
  "class",
  "struct",
  "union",
  "interface",
  "enum",
  "typedef",
  "public",
  "private",
  "protected",
  "virtual",
  "static",
  "const",
  "input",
  "sinput",
  "extern",
]);

const CLASS_WORDS = new Set(["class", "struct", "interface", "union"]);

const BINARY_PREC: Readonly<Record<string, number>> = {
  "||": 1,
  "&&": 2,
  "|": 3,
  "^": 4,
  "&": 5,
  "==": 6,
  "!=": 6,
  "<": 7,
  "<=": 7,
  ">": 7,
  ">=": 7,
  "<<": 8,
  ">>": 8,
  "+": 9,
  "-": 9,
  "*": 10,
  "/": 10,
  "%": 10,
};

const ASSIGN_OPS = new Set(["=", "+=", "-=", "*=", "/=", "%=", "<<=", ">>=", "&=", "|=", "^="]);

/** Operators that may follow the `operator` keyword. */
const OVERLOADABLE = new Set([
  ...Object.keys(BINARY_PREC),
  ...ASSIGN_OPS,
  "!",
  "~",
  "++",
  "--",
  "->",
  ",",
]);

/** Punctuators that can start an operand. */
const OPERAND_PUNCT = new Set(["(", "!", "~", "-", "+", "*", "&", "++", "--", "::"]);

const MAX_NESTING = 400;
const MAX_LOOKAHEAD = 64;

/** Result of scanning a type spelling ahead without consuming it. */
interface TypeScan {
  /** Index after the type name (and its template arguments, trailing `const`), before `*`/`&`. */
  readonly end: number;
  readonly builtin: boolean;
  readonly known: boolean;
  readonly hasArgs: boolean;
}

interface DeclName {
  readonly loc: Loc;
  readonly name: string;
  readonly owner?: string;
  readonly operator?: string;
  readonly isDtor: boolean;
}

interface FuncInfo {
  readonly loc: Loc;
  readonly name: string;
  readonly owner?: string;
  readonly returnType: A.TypeRef;
  readonly returnsRef: boolean;
  readonly templateParams: readonly string[];
  readonly isVirtual: boolean;
  readonly isStatic: boolean;
  readonly isCtor: boolean;
  readonly isDtor: boolean;
  readonly operator?: string;
  readonly access?: A.Access;
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

function describe(t: Token): string {
  switch (t.kind) {
    case "eof":
      return "end of file";
    case "string": {
      const s = t.text.length > 24 ? `${t.text.slice(0, 24)}…` : t.text;
      return `string "${s}"`;
    }
    case "char":
    case "color":
    case "datetime":
      return t.text;
    default:
      return `'${t.text}'`;
  }
}

class Parser {
  private readonly toks: Token[];
  private pos = 0;
  private depth = 0;
  private failPos = -1;
  private lastErrorPos = -1;
  private readonly typeNames = new Set<string>();
  /** Names declared with class/struct/interface/union (no functional casts to these). */
  private readonly classNames = new Set<string>();
  private readonly templateNames = new Set<string>();
  private readonly scopes: (readonly string[])[] = [];

  constructor(
    tokens: readonly Token[],
    private readonly diags: DiagnosticBag,
    options: ParseOptions,
  ) {
    this.toks = tokens.slice();
    const last = this.toks[this.toks.length - 1];
    if (last?.kind !== "eof") {
      this.toks.push({
        kind: "eof",
        text: "",
        loc: last?.loc ?? { file: "<source>", line: 1, col: 1 },
        spaceBefore: true,
      });
    }
    for (const n of options.typeNames ?? []) {
      this.typeNames.add(n);
    }
    for (const n of options.templateNames ?? []) {
      this.templateNames.add(n);
    }
    this.prescan();
  }

  // ------------------------------------------------------------ token access

  private get tok(): Token {
    return this.toks[this.pos] ?? (this.toks[this.toks.length - 1] as Token);
  }

  private peek(k = 1): Token {
    return this.toks[this.pos + k] ?? (this.toks[this.toks.length - 1] as Token);
  }

  private tokAt(i: number): Token {
    return this.toks[i] ?? (this.toks[this.toks.length - 1] as Token);
  }

  private static is(t: Token, text: string): boolean {
    return (t.kind === "punct" || t.kind === "ident") && t.text === text;
  }

  private at(text: string): boolean {
    return Parser.is(this.tok, text);
  }

  private atEof(): boolean {
    return this.tok.kind === "eof";
  }

  private next(): Token {
    const t = this.tok;
    if (t.kind !== "eof") {
      this.pos++;
    }
    return t;
  }

  private fail(message: string): never {
    this.failPos = this.pos;
    throw new CompileError(this.tok.loc, message);
  }

  private expect(text: string, context?: string): Token {
    if (this.at(text)) {
      return this.next();
    }
    return this.fail(
      `expected '${text}'${context ? ` ${context}` : ""} but found ${describe(this.tok)}`,
    );
  }

  private accept(text: string): boolean {
    if (this.at(text)) {
      this.next();
      return true;
    }
    return false;
  }

  private static isName(t: Token): boolean {
    return t.kind === "ident" && !RESERVED.has(t.text);
  }

  private expectName(what = "identifier"): Token {
    if (Parser.isName(this.tok)) {
      return this.next();
    }
    return this.fail(`expected ${what} but found ${describe(this.tok)}`);
  }

  /** Consumes a `>` closing a template list, splitting `>>`, `>=`, `>>=` in place. */
  private expectCloseAngle(): void {
    const t = this.tok;
    if (t.kind === "punct" && t.text.startsWith(">")) {
      if (t.text === ">") {
        this.next();
        return;
      }
      this.toks[this.pos] = {
        kind: "punct",
        text: t.text.slice(1),
        loc: { file: t.loc.file, line: t.loc.line, col: t.loc.col + 1 },
        spaceBefore: false,
      };
      return;
    }
    this.fail(`expected '>' but found ${describe(t)}`);
  }

  private enter(): void {
    if (++this.depth > MAX_NESTING) {
      this.depth = 0;
      this.fail("nesting too deep");
    }
  }

  private leave(): void {
    if (this.depth > 0) {
      this.depth--;
    }
  }

  // ------------------------------------------------------------ error recovery

  private report(e: unknown): void {
    if (!(e instanceof CompileError)) {
      throw e;
    }
    if (this.failPos !== this.lastErrorPos) {
      this.diags.error(e.loc, e.message);
      this.lastErrorPos = this.failPos;
    }
    this.depth = 0;
  }

  /** Skips to after the next `;`, past one `{…}` block, or up to an unmatched `}`. */
  private sync(): void {
    let depth = 0;
    while (!this.atEof()) {
      const t = this.tok;
      if (t.kind === "punct") {
        if (t.text === ";" && depth === 0) {
          this.next();
          return;
        }
        if (t.text === "{") {
          depth++;
        } else if (t.text === "}") {
          if (depth === 0) {
            return;
          }
          depth--;
          this.next();
          if (depth === 0) {
            this.accept(";");
            return;
          }
          continue;
        }
      }
      this.next();
    }
  }

  /** Runs `fn` with error recovery; guarantees progress. */
  private guarded<T>(fn: () => T, out: T[]): void {
    const start = this.pos;
    const savedDepth = this.depth;
    try {
      out.push(fn());
    } catch (e) {
      this.report(e);
      this.depth = savedDepth;
      this.sync();
    }
    if (this.pos === start && !this.atEof() && !this.at("}")) {
      this.next();
    }
  }

  // ------------------------------------------------------------ knowledge of names

  private prescan(): void {
    const toks = this.toks;
    const n = toks.length;
    for (let i = 0; i < n; i++) {
      const t = toks[i] as Token;
      if (t.kind !== "ident") {
        continue;
      }
      const nx = toks[i + 1];
      switch (t.text) {
        case "class":
        case "struct":
        case "interface":
        case "union":
          if (
            i > 0 &&
            (Parser.is(toks[i - 1] as Token, "<") || Parser.is(toks[i - 1] as Token, ","))
          ) {
            break; // template parameter `template<class T>`
          }
          if (nx && Parser.isName(nx)) {
            this.typeNames.add(nx.text);
            this.classNames.add(nx.text);
          }
          break;
        case "enum":
          if (nx && Parser.isName(nx)) {
            this.typeNames.add(nx.text);
          }
          break;
        case "typedef": {
          let name: string | undefined;
          for (let j = i + 1; j < n && j < i + 300; j++) {
            const u = toks[j] as Token;
            if (Parser.is(u, ";") || u.kind === "eof") {
              break;
            }
            if (
              Parser.is(u, "(") &&
              Parser.is(toks[j + 1] as Token, "*") &&
              toks[j + 2] &&
              Parser.isName(toks[j + 2] as Token)
            ) {
              name = (toks[j + 2] as Token).text;
              break;
            }
            if (Parser.isName(u)) {
              name = u.text;
            }
          }
          if (name) {
            this.typeNames.add(name);
          }
          break;
        }
        case "template": {
          if (!nx || !Parser.is(nx, "<")) {
            break;
          }
          let j = i + 1;
          let depth = 0;
          for (; j < n && j < i + 100; j++) {
            const u = toks[j] as Token;
            if (Parser.is(u, "<")) {
              depth++;
            } else if (Parser.is(u, ">")) {
              depth--;
            } else if (Parser.is(u, ">>")) {
              depth -= 2;
            }
            if (depth <= 0) {
              break;
            }
          }
          const after = toks[j + 1];
          if (!after) {
            break;
          }
          if (CLASS_WORDS.has(after.text)) {
            const name = toks[j + 2];
            if (name && Parser.isName(name)) {
              this.templateNames.add(name.text);
            }
            break;
          }
          let paren = 0;
          for (let k = j + 1; k < n && k < j + 60; k++) {
            const u = toks[k] as Token;
            if (Parser.is(u, "(")) {
              if (paren === 0) {
                const before = toks[k - 1] as Token;
                if (Parser.isName(before)) {
                  this.templateNames.add(before.text);
                }
                break;
              }
              paren++;
            } else if (Parser.is(u, ";") || Parser.is(u, "{") || u.kind === "eof") {
              break;
            }
          }
          break;
        }
      }
    }
  }

  private isTypeName(name: string): boolean {
    if (SCALARS.has(name) || this.typeNames.has(name)) {
      return true;
    }
    for (let i = this.scopes.length - 1; i >= 0; i--) {
      if ((this.scopes[i] as readonly string[]).includes(name)) {
        return true;
      }
    }
    return false;
  }

  private withScope<T>(params: readonly string[], fn: () => T): T {
    if (params.length === 0) {
      return fn();
    }
    this.scopes.push(params);
    try {
      return fn();
    } finally {
      this.scopes.pop();
    }
  }

  // ------------------------------------------------------------ lookahead (no consumption)

  /** Index after a `<…>` list starting at `p` (which holds `<`), or -1. */
  private scanAngle(p: number): number {
    let depth = 0;
    for (let q = p; q < p + MAX_LOOKAHEAD; q++) {
      const t = this.tokAt(q);
      if (t.kind === "punct") {
        switch (t.text) {
          case "<":
            depth++;
            break;
          case ">":
            depth--;
            break;
          case ">>":
            depth -= 2;
            break;
          case "::":
          case ",":
          case "*":
          case "&":
            break;
          default:
            return -1;
        }
        if (depth === 0) {
          return q + 1;
        }
        if (depth < 0) {
          return -1;
        }
      } else if (t.kind !== "ident" && t.kind !== "int") {
        return -1;
      }
    }
    return -1;
  }

  /** Scans a type spelling at `p` (const, builtin words or qualified name with arguments). */
  private scanType(p: number): TypeScan | null {
    let q = p;
    while (Parser.is(this.tokAt(q), "const")) {
      q++;
    }
    const t = this.tokAt(q);
    if (t.kind !== "ident") {
      return null;
    }
    let builtin = false;
    let known = false;
    let hasArgs = false;
    if (TYPE_WORDS.has(t.text)) {
      builtin = true;
      known = true;
      q++;
      while (this.tokAt(q).kind === "ident" && TYPE_WORDS.has(this.tokAt(q).text)) {
        q++;
      }
    } else if (Parser.isName(t)) {
      let name = t.text;
      q++;
      for (;;) {
        if (Parser.is(this.tokAt(q), "<")) {
          const e = this.scanAngle(q);
          if (e < 0) {
            break;
          }
          hasArgs = true;
          q = e;
        }
        if (Parser.is(this.tokAt(q), "::") && Parser.isName(this.tokAt(q + 1))) {
          name = this.tokAt(q + 1).text;
          q += 2;
          continue;
        }
        break;
      }
      // a template function name is no type; a template class name with arguments is
      known = this.isTypeName(name) || (hasArgs && this.templateNames.has(name));
    } else {
      return null;
    }
    while (Parser.is(this.tokAt(q), "const")) {
      q++;
    }
    return { end: q, builtin, known, hasArgs };
  }

  /** Does a declaration (rather than an expression) start at the current token? */
  private declStart(): boolean {
    const t = this.tok;
    if (t.kind !== "ident") {
      return false;
    }
    if (t.text === "static" || t.text === "const") {
      return true;
    }
    if (TYPE_WORDS.has(t.text)) {
      // `int(x)` is a functional cast
      return !Parser.is(this.peek(), "(");
    }
    if (!Parser.isName(t)) {
      return false;
    }
    const s = this.scanType(this.pos);
    if (!s) {
      return false;
    }
    let q = s.end;
    let stars = 0;
    let amps = 0;
    for (;;) {
      const u = this.tokAt(q);
      if (Parser.is(u, "*")) {
        stars++;
      } else if (Parser.is(u, "&")) {
        amps++;
      } else if (!Parser.is(u, "const")) {
        break;
      }
      q++;
    }
    if (!Parser.isName(this.tokAt(q))) {
      return false;
    }
    if (s.known) {
      return true;
    }
    if (stars === 0 && amps === 0) {
      // `Name name`: two adjacent names can only be a declaration
      return true;
    }
    // unknown `X *p = …` cannot be an expression (the product is not assignable)
    return amps === 0 && Parser.is(this.tokAt(q + 1), "=");
  }

  /** After a declarator name at top level: does `(` open a parameter list (vs constructor args)? */
  private looksLikeParams(): boolean {
    const p = this.pos + 1; // after '('
    const t = this.tokAt(p);
    if (Parser.is(t, ")") || Parser.is(t, "const") || !Parser.startsOperand(t)) {
      // (a token that cannot start an argument: report it as a bad parameter)
      return true;
    }
    const s = this.scanType(p);
    if (!s) {
      return false;
    }
    if (s.known) {
      return true;
    }
    const u = this.tokAt(s.end);
    return Parser.isName(u) || Parser.is(u, "&") || Parser.is(u, "*");
  }

  private static startsOperand(t: Token): boolean {
    switch (t.kind) {
      case "ident":
        return true;
      case "int":
      case "float":
      case "string":
      case "char":
      case "color":
      case "datetime":
        return true;
      case "punct":
        return OPERAND_PUNCT.has(t.text);
      default:
        return false;
    }
  }

  /** Tokens that can start an operand but never continue an expression (no binary use). */
  private static operandOnly(t: Token): boolean {
    switch (t.kind) {
      case "ident":
        return true;
      case "int":
      case "float":
      case "string":
      case "char":
      case "color":
      case "datetime":
        return true;
      case "punct":
        return t.text === "!" || t.text === "~";
      default:
        return false;
    }
  }

  // ------------------------------------------------------------ types

  private typeRef(
    loc: Loc,
    name: string,
    args: readonly A.TypeRef[],
    isConst: boolean,
    pointer: boolean,
  ): A.TypeRef {
    return { kind: "TypeRef", loc, name, args, isConst, pointer };
  }

  /** Builtin multi-word spellings, normalised. */
  private builtinName(): string {
    const first = this.next().text;
    const take = (w: string): boolean => this.accept(w);
    switch (first) {
      case "unsigned": {
        if (take("char")) {
          return "uchar";
        }
        if (take("short")) {
          take("int");
          return "ushort";
        }
        if (take("long")) {
          take("long");
          take("int");
          return "ulong";
        }
        take("int");
        return "uint";
      }
      case "signed": {
        if (take("char")) {
          return "char";
        }
        if (take("short")) {
          take("int");
          return "short";
        }
        if (take("long")) {
          take("long");
          take("int");
          return "long";
        }
        take("int");
        return "int";
      }
      case "long":
        take("long");
        take("int");
        return "long";
      case "short":
        take("int");
        return "short";
      default:
        return first;
    }
  }

  /** A type without pointer marks: `const`, builtin or (qualified, templated) name, `const`. */
  private baseType(): A.TypeRef {
    const loc = this.tok.loc;
    let isConst = false;
    while (this.accept("const")) {
      isConst = true;
    }
    const t = this.tok;
    let name: string;
    let args: readonly A.TypeRef[] = [];
    if (t.kind === "ident" && TYPE_WORDS.has(t.text)) {
      name = this.builtinName();
    } else if (Parser.isName(t)) {
      name = this.next().text;
      if (this.at("<")) {
        args = this.templateArgs();
      }
      while (this.at("::") && Parser.isName(this.peek())) {
        this.next();
        name += `::${this.next().text}`;
        if (this.at("<")) {
          args = this.templateArgs();
        }
      }
    } else {
      return this.fail(`expected type but found ${describe(t)}`);
    }
    while (this.accept("const")) {
      isConst = true;
    }
    return this.typeRef(loc, name, args, isConst, false);
  }

  /** A full type: base type and `*` (as in parameters, casts, template arguments). */
  private type(): A.TypeRef {
    const base = this.baseType();
    if (!this.at("*")) {
      return base;
    }
    while (this.accept("*")) {
      while (this.accept("const")) {
        // `CFoo *const p`
      }
    }
    return { ...base, pointer: true };
  }

  private templateArgs(): A.TypeRef[] {
    this.enter();
    try {
      return this.templateArgsInner();
    } finally {
      this.leave();
    }
  }

  private templateArgsInner(): A.TypeRef[] {
    this.expect("<");
    const args: A.TypeRef[] = [];
    if (!(this.tok.kind === "punct" && this.tok.text.startsWith(">"))) {
      for (;;) {
        if (this.tok.kind === "int") {
          const t = this.next();
          args.push(this.typeRef(t.loc, t.text, [], false, false));
        } else {
          args.push(this.type());
        }
        if (!this.accept(",")) {
          break;
        }
      }
    }
    this.expectCloseAngle();
    return args;
  }

  private templateParamList(): string[] {
    this.expect("template");
    this.expect("<");
    const params: string[] = [];
    if (!(this.tok.kind === "punct" && this.tok.text.startsWith(">"))) {
      for (;;) {
        if (!this.accept("typename") && !this.accept("class")) {
          this.fail(`expected 'typename' but found ${describe(this.tok)}`);
        }
        params.push(this.expectName("template parameter name").text);
        if (this.accept("=")) {
          this.type();
        }
        if (!this.accept(",")) {
          break;
        }
      }
    }
    this.expectCloseAngle();
    return params;
  }

  // ------------------------------------------------------------ program

  parseProgram(): A.Program {
    const decls: A.TopLevel[] = [];
    while (!this.atEof()) {
      const before = this.pos;
      const out: (A.TopLevel | null)[] = [];
      this.guarded(() => this.topLevel(), out);
      for (const d of out) {
        if (d) {
          decls.push(d);
        }
      }
      if (this.pos === before && !this.atEof()) {
        // stray '}' at top level
        if (this.lastErrorPos !== this.pos) {
          this.diags.error(this.tok.loc, `expected declaration but found ${describe(this.tok)}`);
          this.lastErrorPos = this.pos;
        }
        this.next();
      }
    }
    return { kind: "Program", decls };
  }

  private topLevel(): A.TopLevel | null {
    const t = this.tok;
    if (this.at(";")) {
      this.next();
      return null;
    }
    if (this.at("#")) {
      const line = t.loc.line;
      const file = t.loc.file;
      this.diags.error(t.loc, "unexpected '#': preprocessor directive left in the source");
      this.lastErrorPos = this.pos;
      while (!this.atEof() && this.tok.loc.line === line && this.tok.loc.file === file) {
        this.next();
      }
      return null;
    }
    if (
      (this.at("input") || this.at("sinput")) &&
      Parser.is(this.peek(), "group") &&
      this.peek(2).kind === "string"
    ) {
      this.next();
      this.next();
      let title = "";
      while (this.tok.kind === "string") {
        title += this.next().text;
      }
      this.accept(";");
      return { kind: "InputGroup", loc: t.loc, title };
    }
    const templateParams: string[] = [];
    while (this.at("template")) {
      templateParams.push(...this.templateParamList());
    }
    return this.withScope(templateParams, () => this.declaration(t.loc, templateParams));
  }

  /** A declaration at top level: class, enum, typedef, function, variables. */
  private declaration(loc: Loc, templateParams: readonly string[]): A.TopLevel {
    if (CLASS_WORDS.has(this.tok.text) && this.tok.kind === "ident") {
      return this.classDecl(loc, templateParams);
    }
    if (this.at("enum")) {
      return this.enumDecl(loc);
    }
    if (this.at("typedef")) {
      return this.typedefDecl(loc);
    }
    const storage: Mutable<A.Storage> = {
      input: false,
      sinput: false,
      isStatic: false,
      isConst: false,
      isExtern: false,
    };
    let isVirtual = false;
    let constLoc: Loc | undefined;
    for (;;) {
      if (this.at("const")) {
        constLoc ??= this.next().loc;
      } else if (this.accept("input")) {
        storage.input = true;
      } else if (this.accept("sinput")) {
        storage.sinput = true;
      } else if (this.accept("static")) {
        storage.isStatic = true;
      } else if (this.accept("extern")) {
        storage.isExtern = true;
      } else if (this.accept("virtual")) {
        isVirtual = true;
      } else if (this.accept("inline")) {
        // ignored
      } else {
        break;
      }
    }
    if (this.outOfLineCtor()) {
      const className = this.next();
      if (this.at("<")) {
        this.templateArgs();
      }
      this.expect("::");
      const isDtor = this.accept("~");
      const nameTok = this.expectName();
      return this.funcRest({
        loc,
        name: isDtor ? `~${nameTok.text}` : nameTok.text,
        owner: className.text,
        returnType: this.typeRef(nameTok.loc, "void", [], false, false),
        returnsRef: false,
        templateParams,
        isVirtual,
        isStatic: false,
        isCtor: !isDtor,
        isDtor,
      });
    }
    const written = this.baseType();
    const base = constLoc ? { ...written, isConst: true, loc: constLoc } : written;
    storage.isConst = base.isConst;
    let pointer = false;
    while (this.accept("*")) {
      pointer = true;
      while (this.accept("const")) {
        // `CFoo *const p`
      }
    }
    const ref = this.accept("&");
    const dn = this.declName();
    if (
      this.at("(") &&
      (dn.owner !== undefined || dn.operator !== undefined || this.looksLikeParams())
    ) {
      return this.funcRest({
        loc,
        name: dn.name,
        owner: dn.owner,
        returnType: pointer ? { ...base, pointer: true } : base,
        returnsRef: ref,
        templateParams,
        isVirtual,
        isStatic: storage.isStatic,
        isCtor: false,
        isDtor: dn.isDtor,
        operator: dn.operator,
      });
    }
    if (ref) {
      this.fail("reference variables are not supported (only parameters may be references)");
    }
    if (dn.operator !== undefined) {
      this.fail(`expected '(' but found ${describe(this.tok)}`);
    }
    return this.varDeclRest(loc, base, pointer, dn, storage, true);
  }

  /** `CFoo::CFoo(`, `CFoo::~CFoo(`, `CList<T>::CList(` ahead? */
  private outOfLineCtor(): boolean {
    const t = this.tok;
    if (!Parser.isName(t)) {
      return false;
    }
    let p = this.pos + 1;
    if (Parser.is(this.tokAt(p), "<")) {
      p = this.scanAngle(p);
      if (p < 0) {
        return false;
      }
    }
    if (!Parser.is(this.tokAt(p), "::")) {
      return false;
    }
    p++;
    if (Parser.is(this.tokAt(p), "~")) {
      p++;
    }
    const u = this.tokAt(p);
    return u.kind === "ident" && u.text === t.text && Parser.is(this.tokAt(p + 1), "(");
  }

  private operatorName(): string {
    this.expect("operator");
    const t = this.tok;
    if (this.at("(") && Parser.is(this.peek(), ")")) {
      this.next();
      this.next();
      return "()";
    }
    if (this.at("[") && Parser.is(this.peek(), "]")) {
      this.next();
      this.next();
      return "[]";
    }
    if (t.kind === "punct" && OVERLOADABLE.has(t.text)) {
      this.next();
      return t.text;
    }
    if (t.kind === "ident" && TYPE_WORDS.has(t.text)) {
      // conversion operator `operator double()`
      return this.builtinName();
    }
    return this.fail(`expected operator but found ${describe(t)}`);
  }

  /** A declarator name: `x`, `CFoo::Bar`, `CList<T>::Add`, `CFoo::~CFoo`, `operator+`. */
  private declName(): DeclName {
    const loc = this.tok.loc;
    if (this.at("operator")) {
      const op = this.operatorName();
      return { loc, name: `operator${op}`, operator: op, isDtor: false };
    }
    let name = this.expectName().text;
    let owner: string | undefined;
    for (;;) {
      if (this.at("<")) {
        const e = this.scanAngle(this.pos);
        if (e > 0 && Parser.is(this.tokAt(e), "::")) {
          this.templateArgs();
        }
      }
      if (!this.at("::")) {
        break;
      }
      this.next();
      owner = owner === undefined ? name : `${owner}::${name}`;
      if (this.accept("~")) {
        name = `~${this.expectName().text}`;
        return { loc, name, owner, isDtor: true };
      }
      if (this.at("operator")) {
        const op = this.operatorName();
        return { loc, name: `operator${op}`, owner, operator: op, isDtor: false };
      }
      name = this.expectName().text;
    }
    return owner === undefined ? { loc, name, isDtor: false } : { loc, name, owner, isDtor: false };
  }

  private funcRest(info: FuncInfo): A.FuncDecl {
    const params = this.paramList();
    let isConstMethod = false;
    let isOverride = false;
    let isPure = false;
    for (;;) {
      if (this.accept("const")) {
        isConstMethod = true;
      } else if (this.accept("override")) {
        isOverride = true;
      } else if (this.accept("final") || this.accept("export")) {
        // recorded nowhere: MQL5 checks `final`; `export` (library functions) means nothing here
      } else {
        break;
      }
    }
    if (this.at("=")) {
      this.next();
      const z = this.tok;
      if ((z.kind === "int" && z.value === 0n) || Parser.is(z, "NULL")) {
        this.next();
        isPure = true;
      } else {
        this.fail(`expected '0' but found ${describe(z)}`);
      }
    }
    const inits: A.MemberInit[] = [];
    if (this.at(":")) {
      this.next();
      for (;;) {
        const nt = this.expectName("member name");
        if (this.at("<")) {
          this.templateArgs();
        }
        inits.push({ loc: nt.loc, name: nt.text, args: this.args() });
        if (!this.accept(",")) {
          break;
        }
      }
    }
    let body: A.Block | undefined;
    if (this.at("{")) {
      body = this.block();
    } else {
      this.expect(";", "after function declaration");
    }
    const f: Mutable<A.FuncDecl> = {
      kind: "FuncDecl",
      loc: info.loc,
      name: info.name,
      returnType: info.returnType,
      returnsRef: info.returnsRef,
      params,
      templateParams: info.templateParams,
      isVirtual: info.isVirtual,
      isStatic: info.isStatic,
      isConstMethod,
      isPure,
      isOverride,
      isCtor: info.isCtor,
      isDtor: info.isDtor,
      inits,
    };
    if (info.owner !== undefined) {
      f.owner = info.owner;
    }
    if (body) {
      f.body = body;
    }
    if (info.operator !== undefined) {
      f.operator = info.operator;
    }
    if (info.access !== undefined) {
      f.access = info.access;
    }
    return f;
  }

  private paramList(): A.Param[] {
    this.expect("(");
    const params: A.Param[] = [];
    if (this.accept(")")) {
      return params;
    }
    if (this.at("void") && Parser.is(this.peek(), ")")) {
      this.next();
      this.next();
      return params;
    }
    for (;;) {
      const loc = this.tok.loc;
      if (this.at("...")) {
        // variadic tail (built-in signatures: `Print(...)`): a Param of type "..."
        this.next();
        params.push({
          kind: "Param",
          loc,
          type: this.typeRef(loc, "...", [], false, false),
          ref: false,
          dims: [],
        });
        break;
      }
      const type = this.type();
      const ref = this.accept("&");
      const p: Mutable<A.Param> = { kind: "Param", loc, type, ref, dims: [] };
      if (Parser.isName(this.tok)) {
        p.name = this.next().text;
      }
      p.dims = this.dims();
      if (this.accept("=")) {
        p.defaultValue = this.at("{") ? this.initList() : this.assign();
      }
      params.push(p);
      if (!this.accept(",")) {
        break;
      }
    }
    this.expect(")");
    return params;
  }

  private dims(): (A.Expr | null)[] {
    const dims: (A.Expr | null)[] = [];
    while (this.accept("[")) {
      if (this.accept("]")) {
        dims.push(null);
        continue;
      }
      dims.push(this.expr());
      this.expect("]");
    }
    return dims;
  }

  /** Declarators after the first name (already read), through the final `;`. */
  private varDeclRest(
    loc: Loc,
    base: A.TypeRef,
    firstPointer: boolean,
    first: DeclName,
    storage: A.Storage,
    semicolon: boolean,
  ): A.VarDecl {
    if (first.operator !== undefined || first.isDtor) {
      this.fail(`expected '(' but found ${describe(this.tok)}`);
    }
    const declarators: A.Declarator[] = [this.declaratorRest(first.loc, first.name, first.owner)];
    while (this.accept(",")) {
      let pointer = false;
      while (this.accept("*")) {
        pointer = true;
      }
      if (this.at("&")) {
        this.fail("reference variables are not supported (only parameters may be references)");
      }
      const dn = this.declName();
      const d = this.declaratorRest(dn.loc, dn.name, dn.owner);
      declarators.push(pointer === firstPointer ? d : { ...d, type: { ...base, pointer } });
    }
    const decl: Mutable<A.VarDecl> = {
      kind: "VarDecl",
      loc,
      type: firstPointer ? { ...base, pointer: true } : base,
      declarators,
      storage,
    };
    if (semicolon) {
      const semi = this.expect(";", "after declaration");
      if ((storage.input || storage.sinput) && semi.trailingComment) {
        decl.comment = semi.trailingComment;
      }
    }
    return decl;
  }

  private declaratorRest(loc: Loc, name: string, owner?: string): A.Declarator {
    const d: Mutable<A.Declarator> = { kind: "Declarator", loc, name, dims: this.dims() };
    if (owner !== undefined) {
      d.owner = owner;
    }
    if (this.accept("=")) {
      d.init = this.at("{") ? this.initList() : this.assign();
    } else if (this.at("(")) {
      d.ctorArgs = this.args();
    }
    return d;
  }

  private initList(): A.InitList {
    this.enter();
    try {
      return this.initListInner();
    } finally {
      this.leave();
    }
  }

  private initListInner(): A.InitList {
    const loc = this.expect("{").loc;
    const elements: A.Expr[] = [];
    while (!this.at("}")) {
      elements.push(this.at("{") ? this.initList() : this.assign());
      if (!this.accept(",")) {
        break;
      }
    }
    this.expect("}");
    return { kind: "InitList", loc, elements };
  }

  // ------------------------------------------------------------ classes, enums, typedefs

  private classDecl(loc: Loc, templateParams: readonly string[]): A.ClassDecl {
    this.enter();
    try {
      return this.classDeclInner(loc, templateParams);
    } finally {
      this.leave();
    }
  }

  private classDeclInner(loc: Loc, templateParams: readonly string[]): A.ClassDecl {
    const kw = this.next().text;
    const isUnion = kw === "union";
    const keyword: A.ClassDecl["keyword"] =
      kw === "class" ? "class" : kw === "interface" ? "interface" : "struct";
    let name = "";
    if (Parser.isName(this.tok)) {
      name = this.next().text;
      this.typeNames.add(name);
      this.classNames.add(name);
    }
    const decl: Mutable<A.ClassDecl> = {
      kind: "ClassDecl",
      loc,
      keyword,
      name,
      templateParams,
      bases: [],
      members: [],
      access: [],
      forward: false,
    };
    if (isUnion) {
      decl.isUnion = true;
    }
    if (this.at(";")) {
      this.next();
      decl.forward = true;
      return decl;
    }
    this.accept("final");
    const defaultAccess: A.Access = keyword === "class" ? "private" : "public";
    const bases: A.BaseClause[] = [];
    if (this.accept(":")) {
      for (;;) {
        const bloc = this.tok.loc;
        let access: A.Access = defaultAccess;
        this.accept("virtual");
        if (this.at("public") || this.at("protected") || this.at("private")) {
          access = this.next().text as A.Access;
        }
        bases.push({ loc: bloc, type: this.baseType(), access });
        if (!this.accept(",")) {
          break;
        }
      }
    }
    decl.bases = bases;
    this.expect("{", "after class header");
    const members: A.ClassMember[] = [];
    const accesses: A.Access[] = [];
    this.withScope(templateParams, () => {
      let access: A.Access = defaultAccess;
      while (!this.at("}") && !this.atEof()) {
        const t = this.tok;
        if (
          (t.text === "public" || t.text === "protected" || t.text === "private") &&
          t.kind === "ident"
        ) {
          if (Parser.is(this.peek(), ":")) {
            access = t.text;
            this.next();
            this.next();
            continue;
          }
        }
        if (this.at(";")) {
          this.next();
          continue;
        }
        const out: A.ClassMember[] = [];
        const a = access;
        this.guarded(() => this.member(name, a), out);
        for (const m of out) {
          members.push(m);
          accesses.push(access);
        }
      }
    });
    this.expect("}", "at end of class body");
    decl.members = members;
    decl.access = accesses;
    if (name !== "" && Parser.isName(this.tok) && !this.at(";")) {
      // `struct S { … } s1, s2[3];`: variables of the type declared with it.
      const base = this.typeRef(loc, name, [], false, false);
      const pointer = this.accept("*");
      decl.trailing = this.varDeclRest(loc, base, pointer, this.declName(), NO_STORAGE, true);
      return decl;
    }
    this.accept(";");
    return decl;
  }

  private member(className: string, access: A.Access): A.ClassMember {
    const loc = this.tok.loc;
    const templateParams: string[] = [];
    while (this.at("template")) {
      templateParams.push(...this.templateParamList());
    }
    return this.withScope(templateParams, () => {
      if (this.tok.kind === "ident" && CLASS_WORDS.has(this.tok.text)) {
        return this.classDecl(loc, templateParams);
      }
      if (this.at("enum")) {
        return this.enumDecl(loc);
      }
      if (this.at("typedef")) {
        return this.typedefDecl(loc);
      }
      let isVirtual = false;
      let isStatic = false;
      let constLoc: Loc | undefined;
      for (;;) {
        if (this.at("const") && constLoc === undefined && !Parser.is(this.peek(), "static")) {
          break; // `const T x`: the type's own const
        }
        if (this.at("const")) {
          constLoc = this.next().loc;
        } else if (this.accept("virtual")) {
          isVirtual = true;
        } else if (this.accept("static")) {
          isStatic = true;
        } else if (this.accept("inline") || this.accept("explicit")) {
          // ignored
        } else {
          break;
        }
      }
      const common = { loc, templateParams, isVirtual, isStatic, access, returnsRef: false };
      if (this.at("~")) {
        this.next();
        const nt = this.expectName("destructor name");
        return this.funcRest({
          ...common,
          name: `~${nt.text}`,
          returnType: this.typeRef(nt.loc, "void", [], false, false),
          isCtor: false,
          isDtor: true,
        });
      }
      if (this.tok.kind === "ident" && this.tok.text === className && Parser.is(this.peek(), "(")) {
        const nt = this.next();
        return this.funcRest({
          ...common,
          name: nt.text,
          returnType: this.typeRef(nt.loc, "void", [], false, false),
          isCtor: true,
          isDtor: false,
        });
      }
      if (this.at("operator")) {
        // conversion operator: `operator double()`
        const opLoc = this.tok.loc;
        const op = this.operatorName();
        return this.funcRest({
          ...common,
          name: `operator${op}`,
          operator: op,
          returnType: this.typeRef(opLoc, op, [], false, false),
          isCtor: false,
          isDtor: false,
        });
      }
      const written = this.baseType();
      const base = constLoc ? { ...written, isConst: true, loc: constLoc } : written;
      let pointer = false;
      while (this.accept("*")) {
        pointer = true;
        while (this.accept("const")) {
          // `CFoo *const`
        }
      }
      const ref = this.accept("&");
      const dn = this.declName();
      if (this.at("(")) {
        return this.funcRest({
          ...common,
          name: dn.name,
          owner: dn.owner,
          operator: dn.operator,
          returnType: pointer ? { ...base, pointer: true } : base,
          returnsRef: ref,
          isCtor: false,
          isDtor: false,
        });
      }
      if (ref) {
        this.fail("reference variables are not supported (only parameters may be references)");
      }
      const storage: A.Storage = {
        input: false,
        sinput: false,
        isStatic,
        isConst: base.isConst,
        isExtern: false,
      };
      return this.varDeclRest(loc, base, pointer, dn, storage, true);
    });
  }

  private enumDecl(loc: Loc): A.EnumDecl {
    this.expect("enum");
    let name = "";
    if (Parser.isName(this.tok)) {
      name = this.next().text;
      this.typeNames.add(name);
    }
    const members: A.EnumMember[] = [];
    if (this.accept(";")) {
      return { kind: "EnumDecl", loc, name, members };
    }
    this.expect("{", "after enum name");
    while (!this.at("}")) {
      const nt = this.expectName("enumerator name");
      if (this.accept("=")) {
        members.push({ loc: nt.loc, name: nt.text, value: this.conditional() });
      } else {
        members.push({ loc: nt.loc, name: nt.text });
      }
      if (!this.accept(",")) {
        break;
      }
    }
    this.expect("}", "at end of enum");
    this.accept(";");
    return { kind: "EnumDecl", loc, name, members };
  }

  private typedefDecl(loc: Loc): A.TypedefDecl {
    this.expect("typedef");
    const type = this.type();
    if (this.at("(") && Parser.is(this.peek(), "*")) {
      this.next();
      this.next();
      const nt = this.expectName("typedef name");
      this.expect(")");
      const params = this.paramList();
      this.expect(";", "after typedef");
      this.typeNames.add(nt.text);
      return { kind: "TypedefDecl", loc, name: nt.text, type, params };
    }
    const nt = this.expectName("typedef name");
    this.expect(";", "after typedef");
    this.typeNames.add(nt.text);
    return { kind: "TypedefDecl", loc, name: nt.text, type };
  }

  // ------------------------------------------------------------ statements

  private block(): A.Block {
    const loc = this.expect("{").loc;
    const body: A.Stmt[] = [];
    while (!this.at("}") && !this.atEof()) {
      this.guarded(() => this.statement(), body);
    }
    this.expect("}", "at end of block");
    return { kind: "Block", loc, body };
  }

  private statement(): A.Stmt {
    this.enter();
    try {
      return this.statementInner();
    } finally {
      this.leave();
    }
  }

  private statementInner(): A.Stmt {
    const t = this.tok;
    const loc = t.loc;
    if (t.kind === "punct") {
      if (t.text === "{") {
        return this.block();
      }
      if (t.text === ";") {
        this.next();
        return { kind: "Empty", loc };
      }
    } else if (t.kind === "ident") {
      switch (t.text) {
        case "if": {
          this.next();
          this.expect("(", "after 'if'");
          const test = this.expr();
          this.expect(")", "after condition");
          const then = this.statement();
          if (this.accept("else")) {
            return { kind: "If", loc, test, then, otherwise: this.statement() };
          }
          return { kind: "If", loc, test, then };
        }
        case "while": {
          this.next();
          this.expect("(", "after 'while'");
          const test = this.expr();
          this.expect(")", "after condition");
          return { kind: "While", loc, test, body: this.statement() };
        }
        case "do": {
          this.next();
          const body = this.statement();
          this.expect("while", "after 'do' body");
          this.expect("(", "after 'while'");
          const test = this.expr();
          this.expect(")", "after condition");
          this.expect(";", "after 'do … while'");
          return { kind: "DoWhile", loc, body, test };
        }
        case "for":
          return this.forStmt();
        case "switch":
          return this.switchStmt();
        case "break":
          this.next();
          this.expect(";", "after 'break'");
          return { kind: "Break", loc };
        case "continue":
          this.next();
          this.expect(";", "after 'continue'");
          return { kind: "Continue", loc };
        case "return": {
          this.next();
          if (this.accept(";")) {
            return { kind: "Return", loc };
          }
          const value = this.at("{") ? this.initList() : this.expr();
          this.expect(";", "after return value");
          return { kind: "Return", loc, value };
        }
        case "class":
        case "struct":
        case "interface":
        case "union":
          return this.classDecl(loc, []);
        case "enum":
          return this.enumDecl(loc);
        case "typedef":
          return this.typedefDecl(loc);
        case "case":
        case "default":
          return this.fail(`'${t.text}' outside of a switch`);
        case "else":
          return this.fail("'else' without 'if'");
      }
      if (this.declStart()) {
        return this.localVarDecl(true);
      }
    }
    const expr = this.expr();
    this.expect(";", "after expression");
    return { kind: "ExprStmt", loc, expr };
  }

  private localVarDecl(semicolon: boolean): A.VarDecl {
    const loc = this.tok.loc;
    let isStatic = false;
    let constLoc: Loc | undefined;
    for (;;) {
      if (this.accept("static")) {
        isStatic = true;
      } else if (this.at("const")) {
        constLoc ??= this.next().loc;
      } else {
        break;
      }
    }
    const written = this.baseType();
    const base = constLoc ? { ...written, isConst: true, loc: constLoc } : written;
    let pointer = false;
    while (this.accept("*")) {
      pointer = true;
      while (this.accept("const")) {
        // `CFoo *const p`
      }
    }
    if (this.at("&")) {
      this.fail("reference variables are not supported (only parameters may be references)");
    }
    const nt = this.expectName();
    const storage: A.Storage = {
      input: false,
      sinput: false,
      isStatic,
      isConst: base.isConst,
      isExtern: false,
    };
    return this.varDeclRest(
      loc,
      base,
      pointer,
      { loc: nt.loc, name: nt.text, isDtor: false },
      storage,
      semicolon,
    );
  }

  private forStmt(): A.For {
    const loc = this.next().loc;
    this.expect("(", "after 'for'");
    const f: Mutable<A.For> = { kind: "For", loc, body: { kind: "Empty", loc } };
    if (!this.at(";")) {
      if (this.declStart()) {
        f.init = this.localVarDecl(false);
      } else {
        const iloc = this.tok.loc;
        f.init = { kind: "ExprStmt", loc: iloc, expr: this.expr() };
      }
    }
    this.expect(";", "in 'for'");
    if (!this.at(";")) {
      f.test = this.expr();
    }
    this.expect(";", "in 'for'");
    if (!this.at(")")) {
      f.update = this.expr();
    }
    this.expect(")", "after 'for' clauses");
    f.body = this.statement();
    return f;
  }

  private switchStmt(): A.Switch {
    const loc = this.next().loc;
    this.expect("(", "after 'switch'");
    const discriminant = this.expr();
    this.expect(")", "after switch value");
    this.expect("{", "after switch value");
    const cases: A.SwitchCase[] = [];
    let current: A.Stmt[] | null = null;
    while (!this.at("}") && !this.atEof()) {
      const t = this.tok;
      if (this.at("case") || this.at("default")) {
        const out: { loc: Loc; test: A.Expr | null }[] = [];
        this.guarded(() => {
          if (this.accept("default")) {
            this.expect(":", "after 'default'");
            return { loc: t.loc, test: null };
          }
          this.next();
          const test = this.conditional();
          this.expect(":", "after case value");
          return { loc: t.loc, test };
        }, out);
        for (const c of out) {
          current = [];
          cases.push({ loc: c.loc, test: c.test, body: current });
        }
        continue;
      }
      if (current === null) {
        const before = this.pos;
        this.diags.error(t.loc, `expected 'case' or 'default' but found ${describe(t)}`);
        this.lastErrorPos = before;
        this.sync();
        if (this.pos === before && !this.at("}")) {
          this.next();
        }
        continue;
      }
      this.guarded(() => this.statement(), current);
    }
    this.expect("}", "at end of switch");
    return { kind: "Switch", loc, discriminant, cases };
  }

  // ------------------------------------------------------------ expressions

  expr(): A.Expr {
    const first = this.assign();
    if (!this.at(",")) {
      return first;
    }
    const exprs: A.Expr[] = [first];
    while (this.accept(",")) {
      exprs.push(this.assign());
    }
    return { kind: "Comma", loc: first.loc, exprs };
  }

  private assign(): A.Expr {
    const target = this.conditional();
    const t = this.tok;
    if (t.kind === "punct" && ASSIGN_OPS.has(t.text)) {
      this.next();
      const value = this.at("{") ? this.initList() : this.assign();
      return { kind: "Assign", loc: target.loc, op: t.text as A.AssignOp, target, value };
    }
    return target;
  }

  private conditional(): A.Expr {
    const test = this.binary(1);
    if (!this.accept("?")) {
      return test;
    }
    const then = this.expr();
    this.expect(":", "in conditional expression");
    const otherwise = this.assign();
    return { kind: "Conditional", loc: test.loc, test, then, otherwise };
  }

  private binary(minPrec: number): A.Expr {
    let left = this.unary();
    for (;;) {
      const t = this.tok;
      if (t.kind !== "punct") {
        return left;
      }
      const prec = BINARY_PREC[t.text];
      if (prec === undefined || prec < minPrec) {
        return left;
      }
      this.next();
      const right = this.binary(prec + 1);
      left = { kind: "Binary", loc: left.loc, op: t.text as A.BinaryOp, left, right };
    }
  }

  private unary(): A.Expr {
    this.enter();
    try {
      return this.unaryInner();
    } finally {
      this.leave();
    }
  }

  private unaryInner(): A.Expr {
    const t = this.tok;
    const loc = t.loc;
    if (t.kind === "punct") {
      switch (t.text) {
        case "-":
        case "+":
        case "!":
        case "~":
        case "*":
        case "&":
          this.next();
          return { kind: "Unary", loc, op: t.text, operand: this.unary() };
        case "++":
        case "--":
          this.next();
          return { kind: "Update", loc, op: t.text, prefix: true, operand: this.unary() };
        case "(": {
          const cast = this.castType();
          if (cast) {
            return { kind: "Cast", loc, type: cast, expr: this.unary() };
          }
          break;
        }
      }
    } else if (t.kind === "ident") {
      switch (t.text) {
        case "new": {
          this.next();
          const type = this.baseType();
          const args = this.at("(") ? this.args() : [];
          return this.postfix({ kind: "New", loc, type, args });
        }
        case "delete":
          this.next();
          if (this.at("[") && Parser.is(this.peek(), "]")) {
            this.next();
            this.next();
          }
          return { kind: "Delete", loc, operand: this.unary() };
        case "typename": {
          if (!Parser.is(this.peek(), "(")) {
            break;
          }
          this.next();
          this.expect("(", "after 'typename'");
          const type = this.typeInParens();
          if (type) {
            this.expect(")");
            return { kind: "TypeName", loc, type };
          }
          const expr = this.expr();
          this.expect(")");
          return { kind: "TypeName", loc, expr };
        }
        case "sizeof": {
          this.next();
          this.expect("(", "after 'sizeof'");
          const type = this.typeInParens();
          if (type) {
            this.expect(")");
            return { kind: "Sizeof", loc, type };
          }
          const expr = this.expr();
          this.expect(")");
          return { kind: "Sizeof", loc, expr };
        }
      }
    }
    return this.postfix(this.primary());
  }

  /**
   * At `(`: if it opens a C-style cast, consumes `(type)` and returns the type. A cast needs a
   * builtin type, a known type name, or a pointer type (`(CFoo*)`), followed by an operand.
   */
  private castType(): A.TypeRef | null {
    const s = this.scanType(this.pos + 1);
    if (!s) {
      return null;
    }
    let q = s.end;
    let pointer = false;
    while (Parser.is(this.tokAt(q), "*")) {
      pointer = true;
      q++;
    }
    if (!Parser.is(this.tokAt(q), ")")) {
      return null;
    }
    const after = this.tokAt(q + 1);
    if (s.builtin) {
      // `(int)` is always a cast
    } else if (s.known || pointer) {
      if (!Parser.startsOperand(after)) {
        return null;
      }
    } else if (!Parser.operandOnly(after)) {
      // `(x) - y`, `(f)(a)`, `(a)++` stay expressions when the name is not a known type;
      // `(X)y`, `(X)5`, `(X)!b` cannot be anything but casts
      return null;
    }
    this.next(); // (
    const type = this.type();
    this.expect(")");
    return type;
  }

  /** Inside `sizeof(`: a type if one is spelled up to the `)`, else null (nothing consumed). */
  private typeInParens(): A.TypeRef | null {
    const s = this.scanType(this.pos);
    if (!s) {
      return null;
    }
    let q = s.end;
    let pointer = false;
    while (Parser.is(this.tokAt(q), "*")) {
      pointer = true;
      q++;
    }
    if (!Parser.is(this.tokAt(q), ")") || (!s.builtin && !s.known && !pointer)) {
      return null;
    }
    return this.type();
  }

  private args(): A.Expr[] {
    this.expect("(");
    const args: A.Expr[] = [];
    if (this.accept(")")) {
      return args;
    }
    for (;;) {
      args.push(this.at("{") ? this.initList() : this.assign());
      if (!this.accept(",")) {
        break;
      }
    }
    this.expect(")", "after arguments");
    return args;
  }

  private postfix(start: A.Expr): A.Expr {
    let e = start;
    for (;;) {
      const t = this.tok;
      if (t.kind !== "punct") {
        return e;
      }
      switch (t.text) {
        case "(":
          e = { kind: "Call", loc: e.loc, callee: e, args: this.args(), typeArgs: [] };
          break;
        case "[": {
          this.next();
          const index = this.expr();
          this.expect("]");
          e = { kind: "Index", loc: e.loc, object: e, index };
          break;
        }
        case ".":
        case "->": {
          this.next();
          const nt = this.expectName("member name");
          e = { kind: "Member", loc: e.loc, object: e, name: nt.text, arrow: t.text === "->" };
          break;
        }
        case "++":
        case "--":
          this.next();
          e = { kind: "Update", loc: e.loc, op: t.text, prefix: false, operand: e };
          break;
        default:
          return e;
      }
    }
  }

  private primary(): A.Expr {
    const t = this.tok;
    const loc = t.loc;
    switch (t.kind) {
      case "int":
        this.next();
        return { kind: "IntLit", loc, value: t.value as bigint, text: t.text };
      case "float":
        this.next();
        return {
          kind: "FloatLit",
          loc,
          value: t.value as number,
          text: t.text,
          isFloat: /f$/i.test(t.text),
        };
      case "string": {
        let value = "";
        while (this.tok.kind === "string") {
          value += this.next().text;
        }
        return { kind: "StringLit", loc, value };
      }
      case "char":
        this.next();
        return { kind: "CharLit", loc, value: t.value as bigint };
      case "color":
        this.next();
        return { kind: "ColorLit", loc, value: t.value as bigint };
      case "datetime":
        this.next();
        return { kind: "DatetimeLit", loc, value: t.value as bigint };
      case "punct":
        if (t.text === "(") {
          this.next();
          const e = this.expr();
          this.expect(")");
          // the node starts at the parenthesis
          return { ...e, loc };
        }
        if (t.text === "::" && Parser.isName(this.peek())) {
          this.next();
          return this.scoped(loc, "", this.next().text);
        }
        break;
      case "ident":
        switch (t.text) {
          case "true":
          case "false":
            this.next();
            return { kind: "BoolLit", loc, value: t.text === "true" };
          case "NULL":
            this.next();
            return { kind: "NullLit", loc };
          case "this":
            this.next();
            return { kind: "This", loc };
          case "dynamic_cast": {
            this.next();
            const targs = this.templateArgs();
            if (targs.length !== 1) {
              this.fail("dynamic_cast needs exactly one type");
            }
            this.expect("(", "after dynamic_cast<…>");
            const expr = this.expr();
            this.expect(")");
            const type = targs[0] as A.TypeRef;
            return { kind: "Cast", loc, type, expr, dynamic: true };
          }
        }
        if (TYPE_WORDS.has(t.text)) {
          if (Parser.is(this.peek(), "(")) {
            // functional cast `int(x)`
            const type = this.baseType();
            this.expect("(");
            const expr = this.expr();
            this.expect(")");
            return { kind: "Cast", loc, type, expr };
          }
          break;
        }
        if (!Parser.isName(t)) {
          break;
        }
        this.next();
        if (this.at("::") && Parser.isName(this.peek())) {
          this.next();
          return this.scoped(loc, t.text, this.next().text);
        }
        if (
          this.at("(") &&
          this.isTypeName(t.text) &&
          !this.classNames.has(t.text) &&
          !this.templateNames.has(t.text)
        ) {
          // functional cast to an enum, typedef or template parameter: `ENUM_X(3)`, `T(x)`
          this.next();
          const expr = this.expr();
          this.expect(")");
          return { kind: "Cast", loc, type: this.typeRef(loc, t.text, [], false, false), expr };
        }
        if (this.at("<") && this.templateNames.has(t.text)) {
          const e = this.scanAngle(this.pos);
          if (e > 0 && Parser.is(this.tokAt(e), "::") && Parser.isName(this.tokAt(e + 1))) {
            // `CBox<int>::Two()`: a member of a class template instance.
            const typeArgs = this.templateArgs();
            this.next();
            const scoped = this.scoped(loc, t.text, this.next().text);
            return { ...scoped, scopeType: this.typeRef(loc, t.text, typeArgs, false, false) };
          }
          if (e > 0 && Parser.is(this.tokAt(e), "(")) {
            const typeArgs = this.templateArgs();
            const callee: A.Ident = { kind: "Ident", loc, name: t.text };
            return { kind: "Call", loc, callee, args: this.args(), typeArgs };
          }
        }
        return { kind: "Ident", loc, name: t.text };
    }
    return this.fail(`expected expression but found ${describe(t)}`);
  }

  /** `scope::name` already read up to `name`; continues `A::B::c`. */
  private scoped(loc: Loc, scope: string, name: string): A.Scoped {
    let s = scope;
    let n = name;
    while (this.at("::") && Parser.isName(this.peek())) {
      this.next();
      s = s === "" ? n : `${s}::${n}`;
      n = this.next().text;
    }
    return { kind: "Scoped", loc, scope: s, name: n };
  }
}

/** Storage of variables declared after a struct or class body. */
const NO_STORAGE: A.Storage = {
  input: false,
  sinput: false,
  isStatic: false,
  isConst: false,
  isExtern: false,
};

/** Parses a whole program; syntax errors go to `diags`, never thrown. */
export function parse(
  tokens: readonly Token[],
  diags: DiagnosticBag,
  options: ParseOptions = {},
): A.Program {
  let parser: Parser;
  try {
    parser = new Parser(tokens, diags, options);
  } catch (e) {
    diags.error(
      tokens[0]?.loc ?? { file: "<source>", line: 1, col: 1 },
      `internal parser error: ${String(e)}`,
    );
    return { kind: "Program", decls: [] };
  }
  try {
    return parser.parseProgram();
  } catch (e) {
    diags.error(
      tokens[0]?.loc ?? { file: "<source>", line: 1, col: 1 },
      `internal parser error: ${String(e)}`,
    );
    return { kind: "Program", decls: [] };
  }
}
