/**
 * MQL5 general-purpose functions that belong to no other module: ZeroMemory and EnumToString.
 *
 * Exists because both work on the program's own values rather than on market, trade or terminal
 * state. ZeroMemory resets the runtime's struct objects, arrays and `{ value }` holders in place
 * (structs.ts `zeroMemory`). EnumToString needs the enum's name: in MQL5 the compiler knows the
 * argument's enum type, in JS a number is only a number, so the name comes as an optional second
 * argument (a compiler emits it) and is looked up in MQL5_ENUMS. Without a name the function does
 * not guess among the enums that share the value (0 is MODE_SMA, ORDER_TYPE_BUY, SUNDAY…): it
 * returns the number as text. A value that is not a member of the named enum reads
 * `ENUM_NAME::value`, as MQL5 prints out-of-range enum values.
 * Must not import anything outside ea-runtime/src/runtime.
 */

import { ERR, MQL5_ENUMS } from "./constants.ts";
import type { RuntimeContext } from "./context.ts";
import { zeroMemory } from "./structs.ts";

export function enumToString(value: unknown, enumName?: unknown): string {
  const v = Math.trunc(Number(value)) || 0;
  if (typeof enumName !== "string") {
    return String(v);
  }
  const table = MQL5_ENUMS[enumName];
  if (table) {
    for (const [name, member] of Object.entries(table)) {
      if (member === v) {
        return name;
      }
    }
  }
  return `${enumName}::${v}`;
}

export function commonApi(ctx: RuntimeContext): Record<string, unknown> {
  return {
    ZeroMemory: (target: unknown): void => {
      if (!zeroMemory(target)) {
        ctx.setError(ERR.ERR_INVALID_PARAMETER ?? 4003);
      }
    },
    EnumToString: enumToString,
  };
}
