/**
 * Overload resolution: which of several functions, methods or constructors a call means, by the
 * cost of converting each argument to each parameter (exact, then promotion, then conversion),
 * as MQL5 ranks them. Pure; a call no candidate accepts is a CompileError naming the arguments.
 * Imports diagnostics, types and conversions only.
 */
import type { Val } from "./convert.ts";
import { CompileError, type Loc } from "./diagnostics.ts";
import {
  isFloating,
  isNumeric,
  isString,
  isSubclass,
  type ParamSym,
  sameType,
  type Ty,
  typeName,
} from "./types.ts";

/** Something a call may resolve to. */
export interface Candidate {
  readonly params: readonly ParamSym[];
  readonly variadic?: boolean;
}

function fail(loc: Loc, message: string): never {
  throw new CompileError(loc, message);
}

/** Cost of converting an argument of type `a` to parameter type `p` (Infinity = impossible). */
export function cost(a: Ty, p: ParamSym): number {
  const t = p.ty;
  if (t.k === "any" || a.k === "any") {
    return 1;
  }
  if (sameType(a, t)) {
    return 0;
  }
  if (t.k === "array") {
    if (a.k !== "array") {
      return Number.POSITIVE_INFINITY;
    }
    return t.elem.k === "any" || sameType(a.elem, t.elem) ? 0 : Number.POSITIVE_INFINITY;
  }
  if (isNumeric(t) && isNumeric(a)) {
    if (t.k === "enum" && a.k === "enum") {
      return 3;
    }
    if (isFloating(t) === isFloating(a)) {
      // enum → int is a promotion; int → enum needs a conversion.
      return t.k === "enum" ? 2 : 1;
    }
    // Integer → floating is a promotion-like conversion; floating → integer narrows.
    return isFloating(t) ? 1.5 : 3;
  }
  if (t.k === "scalar" && t.name === "bool" && (isNumeric(a) || a.k === "ptr")) {
    return 2;
  }
  if (isNumeric(t) && a.k === "scalar" && a.name === "bool") {
    return 1;
  }
  if (t.k === "scalar" && t.name === "string") {
    if (a.k === "null") {
      return 1;
    }
    return isNumeric(a) ? 4 : Number.POSITIVE_INFINITY;
  }
  if (isNumeric(t) && isString(a)) {
    return 5;
  }
  if (t.k === "ptr") {
    if (a.k === "null") {
      return 1;
    }
    if ((a.k === "ptr" || a.k === "class") && isSubclass(a.cls, t.cls)) {
      return a.k === "ptr" ? 1 : 2;
    }
    return Number.POSITIVE_INFINITY;
  }
  if (t.k === "class" && a.k === "class" && isSubclass(a.cls, t.cls)) {
    return 1;
  }
  if (t.k === "class" && a.k === "ptr" && isSubclass(a.cls, t.cls)) {
    return 2;
  }
  if (t.k === "func" && (a.k === "func" || a.k === "null")) {
    return 1;
  }
  return Number.POSITIVE_INFINITY;
}

/** Overload resolution: the index of the best candidate, or a compile error. */
export function pick(
  cands: readonly Candidate[],
  args: readonly Val[],
  loc: Loc | undefined,
  name: string,
): number {
  let best = -1;
  let bestCost = Number.POSITIVE_INFINITY;
  cands.forEach((c, i) => {
    if (args.length > c.params.length && !c.variadic) {
      return;
    }
    const required = c.params.filter((p) => !p.decl?.defaultValue).length;
    if (args.length < required) {
      return;
    }
    let total = 0;
    for (let k = 0; k < args.length && k < c.params.length; k += 1) {
      total += cost((args[k] as Val).ty, c.params[k] as ParamSym);
    }
    if (total < bestCost) {
      bestCost = total;
      best = i;
    }
  });
  if (best < 0) {
    const shown = args.map((a) => typeName(a.ty)).join(", ");
    return fail(
      loc ?? { file: "?", line: 0, col: 0 },
      cands.length === 1
        ? `'${name}' - wrong parameters count or types (${shown})`
        : `'${name}' - no overload can be applied to (${shown})`,
    );
  }
  return best;
}
