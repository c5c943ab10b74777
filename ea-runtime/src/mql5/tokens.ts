/**
 * The lexer's output: tokens of preprocessed MQL5 text, each carrying its original position.
 *
 * Keywords are not a separate kind: an `ident` token's text is compared by the parser, which
 * knows where a word is reserved. Numeric values are decoded here once (integers as bigint so
 * that 64-bit literals stay exact; the parser narrows them).
 * Pure; imports only diagnostics.ts.
 */
import type { Loc } from "./diagnostics.ts";

export type TokenKind =
  | "ident"
  /** Integer literal: decimal, 0x hex, 0 octal is decimal in MQL5 (no octal). `value` is bigint. */
  | "int"
  /** Floating literal (1.5, 1e-3, .5, 2.): `value` is number. */
  | "float"
  /** String literal with escapes decoded; adjacent literals are NOT merged here. */
  | "string"
  /** Character literal 'a', '\n', '\x41': `value` is the code unit as bigint (MQL5 ushort). */
  | "char"
  /** C'r,g,b' or C'0x..': `value` is the colour as bigint (0x00BBGGRR). */
  | "color"
  /** D'2024.01.31 12:00': `value` is seconds since 1970 as bigint. */
  | "datetime"
  /** Operator or punctuation, longest match: `::`, `->`, `<<=`, `...`. */
  | "punct"
  | "eof";

export interface Token {
  readonly kind: TokenKind;
  /** Source text of the token (for strings: the decoded value; for punct: the operator). */
  readonly text: string;
  readonly value?: bigint | number | string;
  readonly loc: Loc;
  /** True when whitespace or a line break precedes the token (used for `>>` in templates). */
  readonly spaceBefore: boolean;
  /**
   * Text of a `// comment` that follows this token on the same line when this is the line's last
   * token (trimmed; absent when none). The parser reads it on an input's `;` as the input label.
   */
  readonly trailingComment?: string;
}
