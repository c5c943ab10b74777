/**
 * The syntax tree of an MQL5 program, as the parser builds it and the binder reads it.
 *
 * The tree records what the author wrote (type names as spelled, declarators, initialiser
 * lists, C-style casts); meaning (which overload, which member, which integer width) is the
 * binder's job and lives in its own tables, keyed by node. Every node has `loc`.
 * Pure types; imports only diagnostics.ts.
 */
import type { Loc } from "./diagnostics.ts";

// ---------------------------------------------------------------- types as written

/**
 * A type as written: `int`, `const string`, `CArrayObj*`, `CHashMap<string,int>`,
 * `ENUM_TIMEFRAMES`, `CFoo::Inner`. Multi-word spellings are normalised by the parser:
 * `unsigned int` → `uint`, `unsigned char` → `uchar`, `long long` → `long`.
 */
export interface TypeRef {
  readonly kind: "TypeRef";
  readonly loc: Loc;
  /** Name, `::`-joined when qualified (`CFoo::Inner`). */
  readonly name: string;
  /** Template arguments (`CArrayList<int>`), empty when none. */
  readonly args: readonly TypeRef[];
  readonly isConst: boolean;
  /** `CFoo*` — an object pointer (MQL5 has pointers to class objects only). */
  readonly pointer: boolean;
}

// ---------------------------------------------------------------- expressions

export type Expr =
  | Ident
  | Scoped
  | IntLit
  | FloatLit
  | StringLit
  | CharLit
  | ColorLit
  | DatetimeLit
  | BoolLit
  | NullLit
  | This
  | Unary
  | Update
  | Binary
  | Assign
  | Conditional
  | Call
  | Member
  | Index
  | Cast
  | New
  | Delete
  | Sizeof
  | TypeName
  | Comma
  | InitList;

export interface Ident {
  readonly kind: "Ident";
  readonly loc: Loc;
  readonly name: string;
}

/** `::name` (scope ""), `CFoo::name`, `ENUM_X::MEMBER`, `CBase::Method(…)` calls. */
export interface Scoped {
  readonly kind: "Scoped";
  readonly loc: Loc;
  /** "" for the global scope (`::Print`). */
  readonly scope: string;
  readonly name: string;
  /** The scope as a type when it has template arguments (`CBox<int>::Two`). */
  readonly scopeType?: TypeRef;
}

/** Integer literal; `value` exact. `suffix` is what followed the digits (`u`, `l`, `ul`…). */
export interface IntLit {
  readonly kind: "IntLit";
  readonly loc: Loc;
  readonly value: bigint;
  readonly text: string;
}

export interface FloatLit {
  readonly kind: "FloatLit";
  readonly loc: Loc;
  readonly value: number;
  readonly text: string;
  /** `1.5f` */
  readonly isFloat: boolean;
}

/** String literal; adjacent literals ("a" "b") are merged by the parser. */
export interface StringLit {
  readonly kind: "StringLit";
  readonly loc: Loc;
  readonly value: string;
}

export interface CharLit {
  readonly kind: "CharLit";
  readonly loc: Loc;
  readonly value: bigint;
}

export interface ColorLit {
  readonly kind: "ColorLit";
  readonly loc: Loc;
  readonly value: bigint;
}

export interface DatetimeLit {
  readonly kind: "DatetimeLit";
  readonly loc: Loc;
  readonly value: bigint;
}

export interface BoolLit {
  readonly kind: "BoolLit";
  readonly loc: Loc;
  readonly value: boolean;
}

/** `NULL` */
export interface NullLit {
  readonly kind: "NullLit";
  readonly loc: Loc;
}

export interface This {
  readonly kind: "This";
  readonly loc: Loc;
}

/** Prefix `-x`, `+x`, `!x`, `~x`, `*p` (dereference, a no-op on MQL5 object pointers), `&x`. */
export interface Unary {
  readonly kind: "Unary";
  readonly loc: Loc;
  readonly op: "-" | "+" | "!" | "~" | "*" | "&";
  readonly operand: Expr;
}

/** `++x`, `x--` … */
export interface Update {
  readonly kind: "Update";
  readonly loc: Loc;
  readonly op: "++" | "--";
  readonly prefix: boolean;
  readonly operand: Expr;
}

export type BinaryOp =
  | "+"
  | "-"
  | "*"
  | "/"
  | "%"
  | "<<"
  | ">>"
  | "&"
  | "|"
  | "^"
  | "&&"
  | "||"
  | "=="
  | "!="
  | "<"
  | "<="
  | ">"
  | ">=";

export interface Binary {
  readonly kind: "Binary";
  readonly loc: Loc;
  readonly op: BinaryOp;
  readonly left: Expr;
  readonly right: Expr;
}

export type AssignOp = "=" | "+=" | "-=" | "*=" | "/=" | "%=" | "<<=" | ">>=" | "&=" | "|=" | "^=";

export interface Assign {
  readonly kind: "Assign";
  readonly loc: Loc;
  readonly op: AssignOp;
  readonly target: Expr;
  readonly value: Expr;
}

export interface Conditional {
  readonly kind: "Conditional";
  readonly loc: Loc;
  readonly test: Expr;
  readonly then: Expr;
  readonly otherwise: Expr;
}

/** `f(a, b)`, `obj.m(a)`, `CBase::m(a)`, `Max<int>(a, b)`, `int(x)` is a Cast, not a Call. */
export interface Call {
  readonly kind: "Call";
  readonly loc: Loc;
  readonly callee: Expr;
  readonly args: readonly Expr[];
  /** Explicit template arguments, empty when none. */
  readonly typeArgs: readonly TypeRef[];
}

/** `a.b`, and `p->b` (arrow: true; MQL5 accepts `.` on pointers too). */
export interface Member {
  readonly kind: "Member";
  readonly loc: Loc;
  readonly object: Expr;
  readonly name: string;
  readonly arrow: boolean;
}

export interface Index {
  readonly kind: "Index";
  readonly loc: Loc;
  readonly object: Expr;
  readonly index: Expr;
}

/** `(int)x`, `(CFoo*)p`, `int(x)`, `double(a)/b`. */
export interface Cast {
  readonly kind: "Cast";
  readonly loc: Loc;
  readonly type: TypeRef;
  readonly expr: Expr;
  /** `dynamic_cast<CFoo*>(p)`: NULL instead of a runtime error when the object is not a CFoo. */
  readonly dynamic?: boolean;
}

/** `new CFoo`, `new CFoo(1, 2)`, `new CList<int>()`. */
export interface New {
  readonly kind: "New";
  readonly loc: Loc;
  readonly type: TypeRef;
  readonly args: readonly Expr[];
}

export interface Delete {
  readonly kind: "Delete";
  readonly loc: Loc;
  readonly operand: Expr;
}

/** `sizeof(int)`, `sizeof(MqlTick)`, `sizeof(x)`. */
export interface Sizeof {
  readonly kind: "Sizeof";
  readonly loc: Loc;
  readonly type?: TypeRef;
  readonly expr?: Expr;
}

/** `typename(T)`, `typename(x)`: the type's name as text. */
export interface TypeName {
  readonly kind: "TypeName";
  readonly loc: Loc;
  readonly type?: TypeRef;
  readonly expr?: Expr;
}

export interface Comma {
  readonly kind: "Comma";
  readonly loc: Loc;
  readonly exprs: readonly Expr[];
}

/** `{1, 2, 3}` or `{ {1,2}, {3,4} }` or `{}` in an initialiser. */
export interface InitList {
  readonly kind: "InitList";
  readonly loc: Loc;
  readonly elements: readonly Expr[];
}

// ---------------------------------------------------------------- declarations

/** One name in a declaration: `a`, `a = 1`, `arr[10][2]`, `obj(1, 2)`, `list[] = {1,2}`. */
export interface Declarator {
  readonly kind: "Declarator";
  readonly loc: Loc;
  readonly name: string;
  /** Array dimensions in order; `null` for `[]` (dynamic). */
  readonly dims: readonly (Expr | null)[];
  readonly init?: Expr;
  /** Constructor arguments: `CFoo obj(1, 2);` */
  readonly ctorArgs?: readonly Expr[];
  /**
   * This declarator's own type when it differs from its VarDecl's `type` in pointer-ness:
   * `CFoo *a, b;` → the VarDecl's type is `CFoo*`, `b` has `type` `CFoo`. Absent otherwise.
   */
  readonly type?: TypeRef;
  /** Out-of-line definition of a static member: `int CFoo::s_count = 0;` → "CFoo". */
  readonly owner?: string;
}

export interface Storage {
  readonly input: boolean;
  readonly sinput: boolean;
  readonly isStatic: boolean;
  readonly isConst: boolean;
  readonly isExtern: boolean;
}

/** Variables (global, local, member field): `static const int a = 1, b[3];` */
export interface VarDecl {
  readonly kind: "VarDecl";
  readonly loc: Loc;
  readonly type: TypeRef;
  readonly declarators: readonly Declarator[];
  readonly storage: Storage;
  /** Trailing `// comment` on an input line (MT5 shows it as the input's label). */
  readonly comment?: string;
}

export interface Param {
  readonly kind: "Param";
  readonly loc: Loc;
  readonly type: TypeRef;
  /** Absent for unnamed parameters in prototypes. */
  readonly name?: string;
  /** `int &x`, `double &arr[]`, `const CFoo &o`. */
  readonly ref: boolean;
  /** `double &arr[]` → [null]; `int m[][3]` → [null, 3]. */
  readonly dims: readonly (Expr | null)[];
  readonly defaultValue?: Expr;
}

export type Access = "public" | "protected" | "private";

/** Constructor initialiser list entry: `CFoo(): m_a(1), CBase(2)`. */
export interface MemberInit {
  readonly loc: Loc;
  readonly name: string;
  readonly args: readonly Expr[];
}

export interface FuncDecl {
  readonly kind: "FuncDecl";
  readonly loc: Loc;
  readonly name: string;
  /** Out-of-line definition `void CFoo::Bar()` → "CFoo"; template classes: `CList<T>::Add`. */
  readonly owner?: string;
  readonly returnType: TypeRef;
  /** Return by reference (`double &Value()`), rare. */
  readonly returnsRef: boolean;
  readonly params: readonly Param[];
  /** Absent for prototypes and pure virtual methods. */
  readonly body?: Block;
  /** `template<typename T, typename U>` → ["T", "U"]. */
  readonly templateParams: readonly string[];
  readonly isVirtual: boolean;
  readonly isStatic: boolean;
  /** `void Get() const` */
  readonly isConstMethod: boolean;
  /** `= 0` */
  readonly isPure: boolean;
  readonly isOverride: boolean;
  readonly isCtor: boolean;
  readonly isDtor: boolean;
  /** `operator+` → "+", `operator[]` → "[]", `operator=` → "=". */
  readonly operator?: string;
  readonly inits: readonly MemberInit[];
  /** Set on members: the access section the method was declared in. */
  readonly access?: Access;
}

export interface BaseClause {
  readonly loc: Loc;
  readonly type: TypeRef;
  readonly access: Access;
}

export type ClassMember = VarDecl | FuncDecl | ClassDecl | EnumDecl | TypedefDecl;

export interface ClassDecl {
  readonly kind: "ClassDecl";
  readonly loc: Loc;
  readonly keyword: "class" | "struct" | "interface";
  readonly name: string;
  readonly templateParams: readonly string[];
  readonly bases: readonly BaseClause[];
  readonly members: readonly ClassMember[];
  /** Access of each member, parallel to `members` (default: private for class, public for struct). */
  readonly access: readonly Access[];
  /** `class CFoo;` */
  readonly forward: boolean;
  /** Variables declared with the type: `struct S { … } s1, s2;` */
  readonly trailing?: VarDecl;
  /** `union U { … }` (keyword is then "struct"): members share storage. */
  readonly isUnion?: boolean;
}

export interface EnumMember {
  readonly loc: Loc;
  readonly name: string;
  readonly value?: Expr;
}

export interface EnumDecl {
  readonly kind: "EnumDecl";
  readonly loc: Loc;
  readonly name: string;
  readonly members: readonly EnumMember[];
}

/** `typedef void (*Handler)(int);` — function pointer types; `typedef int Alias;` also kept. */
export interface TypedefDecl {
  readonly kind: "TypedefDecl";
  readonly loc: Loc;
  readonly name: string;
  readonly type: TypeRef;
  /** Present for function-pointer typedefs. */
  readonly params?: readonly Param[];
}

/** `input group "Risk"` — kept so the analysis can show groups; generates nothing. */
export interface InputGroup {
  readonly kind: "InputGroup";
  readonly loc: Loc;
  readonly title: string;
}

export type TopLevel = VarDecl | FuncDecl | ClassDecl | EnumDecl | TypedefDecl | InputGroup;

// ---------------------------------------------------------------- statements

export type Stmt =
  | Block
  | VarDecl
  | ExprStmt
  | If
  | For
  | While
  | DoWhile
  | Switch
  | Break
  | Continue
  | Return
  | Empty
  | ClassDecl
  | EnumDecl
  | TypedefDecl;

export interface Block {
  readonly kind: "Block";
  readonly loc: Loc;
  readonly body: readonly Stmt[];
}

export interface ExprStmt {
  readonly kind: "ExprStmt";
  readonly loc: Loc;
  readonly expr: Expr;
}

export interface If {
  readonly kind: "If";
  readonly loc: Loc;
  readonly test: Expr;
  readonly then: Stmt;
  readonly otherwise?: Stmt;
}

export interface For {
  readonly kind: "For";
  readonly loc: Loc;
  /** `int i = 0` or `i = 0, j = 1` or absent. */
  readonly init?: VarDecl | ExprStmt;
  readonly test?: Expr;
  readonly update?: Expr;
  readonly body: Stmt;
}

export interface While {
  readonly kind: "While";
  readonly loc: Loc;
  readonly test: Expr;
  readonly body: Stmt;
}

export interface DoWhile {
  readonly kind: "DoWhile";
  readonly loc: Loc;
  readonly body: Stmt;
  readonly test: Expr;
}

export interface SwitchCase {
  readonly loc: Loc;
  /** `null` for `default:`. */
  readonly test: Expr | null;
  readonly body: readonly Stmt[];
}

export interface Switch {
  readonly kind: "Switch";
  readonly loc: Loc;
  readonly discriminant: Expr;
  readonly cases: readonly SwitchCase[];
}

export interface Break {
  readonly kind: "Break";
  readonly loc: Loc;
}

export interface Continue {
  readonly kind: "Continue";
  readonly loc: Loc;
}

export interface Return {
  readonly kind: "Return";
  readonly loc: Loc;
  readonly value?: Expr;
}

export interface Empty {
  readonly kind: "Empty";
  readonly loc: Loc;
}

// ---------------------------------------------------------------- program

export interface Program {
  readonly kind: "Program";
  readonly decls: readonly TopLevel[];
}
