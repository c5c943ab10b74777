/**
 * The terminal's global variables (MQL5 "Global Variables of the Terminal"): named doubles the
 * account's EAs share and that outlive the run (storage.ts persists them through the host).
 *
 * Semantics:
 * - Names are 1–63 characters and case-sensitive; a longer or empty name makes
 *   GlobalVariableSet/Temp fail with ERR_INVALID_PARAMETER (4003). At most 10,000 variables:
 *   one more fails with ERR_GLOBALVARIABLE_CANNOTWRITE (4505).
 * - Times are the EA's local time (TimeLocal), in seconds. Setting a variable and reading it
 *   (GlobalVariableGet, both forms; a successful GlobalVariableSetOnCondition) are accesses:
 *   they move GlobalVariableTime. GlobalVariableCheck, GlobalVariableTime and
 *   GlobalVariableName do not.
 * - A variable not accessed for 4 weeks is deleted (checked once per run, at the first
 *   GlobalVariable* call once the clock is known).
 * - Missing variable: GlobalVariableGet answers 0 (or false), GlobalVariableTime 0,
 *   GlobalVariableDel and GlobalVariableSetOnCondition false, all with
 *   ERR_GLOBALVARIABLE_NOT_FOUND (4501); GlobalVariableCheck answers false and leaves
 *   GetLastError alone. GlobalVariableName out of range answers "" with 4501.
 * - GlobalVariableTemp makes a variable (value 0) that is never persisted and ends with the
 *   run; on an existing name it changes nothing and answers true. GlobalVariableSet on a
 *   temporary variable keeps it temporary.
 * - GlobalVariableSetOnCondition(name, value, check) sets the value only if the current one
 *   equals `check` exactly (false otherwise, no error); nothing runs concurrently with the EA,
 *   so it is trivially atomic.
 * - GlobalVariablesDeleteAll(prefix, limit): names starting with `prefix` (NULL or "" = all)
 *   whose last access is before `limit` (0 = any); answers how many were deleted.
 * - GlobalVariableName(i): names in ascending order.
 * - GlobalVariablesFlush does nothing: every event's changes go to the host with its outcome.
 * Must not import anything outside ea-runtime/src/runtime.
 */

import { ERR } from "./constants.ts";
import type { RuntimeContext } from "./context.ts";
import { STORAGE_ERRORS } from "./file-constants.ts";
import { isRecord } from "./protocol.ts";
import { type GlobalVariable, storageOf } from "./storage.ts";

const E = (name: string): number => STORAGE_ERRORS[name] ?? ERR[name] ?? 4001;

export const MAX_GLOBAL_NAME = 63;
export const MAX_GLOBALS = 10_000;
/** Unused variables are deleted after 4 weeks. */
export const GLOBAL_LIFETIME_SECONDS = 28 * 86_400;

export function globalsApi(ctx: RuntimeContext): Record<string, unknown> {
  const localNow = (): number => ctx.now() - ctx.state.gmtOffset + ctx.localOffset;

  /** The table, after the once-per-run expiry of variables unused for 4 weeks. */
  const table = () => {
    const t = storageOf(ctx).globals;
    if (!t.swept && ctx.now() > 0) {
      t.swept = true;
      const oldest = localNow() - GLOBAL_LIFETIME_SECONDS;
      for (const v of [...t.vars.values()]) {
        if (v.time < oldest) {
          t.delete(v.name);
        }
      }
    }
    return t;
  };

  const found = (name: unknown): GlobalVariable | undefined => {
    const v = typeof name === "string" ? table().vars.get(name) : undefined;
    if (!v) {
      ctx.setError(E("ERR_GLOBALVARIABLE_NOT_FOUND"));
    }
    return v;
  };

  /** A name a new variable may have, or undefined (error set). */
  const newName = (name: unknown): string | undefined => {
    if (typeof name !== "string" || name === "" || name.length > MAX_GLOBAL_NAME) {
      ctx.setError(E("ERR_INVALID_PARAMETER"));
      return undefined;
    }
    return name;
  };

  const roomFor = (name: string): boolean => {
    const t = table();
    if (!t.vars.has(name) && t.vars.size >= MAX_GLOBALS) {
      ctx.setError(E("ERR_GLOBALVARIABLE_CANNOTWRITE"));
      return false;
    }
    return true;
  };

  const access = (v: GlobalVariable): void => {
    const now = localNow();
    if (v.time !== now) {
      v.time = now;
      table().touch(v);
    }
  };

  return {
    GlobalVariableCheck: (name: unknown): boolean =>
      typeof name === "string" && table().vars.has(name),
    GlobalVariableTime: (name: unknown): number => found(name)?.time ?? 0,
    GlobalVariableDel: (name: unknown): boolean => {
      if (!found(name)) {
        return false;
      }
      return table().delete(String(name));
    },
    GlobalVariableGet: (name: unknown, holder?: unknown): number | boolean => {
      const v = found(name);
      if (v) {
        access(v);
      }
      if (holder !== undefined) {
        if (v && isRecord(holder)) {
          holder.value = v.value;
        }
        return v !== undefined;
      }
      return v?.value ?? 0;
    },
    GlobalVariableName: (index: unknown): string => {
      const i = Math.trunc(Number(index));
      const names = [...table().vars.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      const name = Number.isFinite(i) && i >= 0 ? names[i] : undefined;
      if (name === undefined) {
        ctx.setError(E("ERR_GLOBALVARIABLE_NOT_FOUND"));
        return "";
      }
      return name;
    },
    GlobalVariableSet: (name: unknown, value: unknown): number => {
      const n = newName(name);
      if (n === undefined || !roomFor(n)) {
        return 0;
      }
      const t = table();
      const now = localNow();
      const prev = t.vars.get(n);
      t.set({ name: n, value: Number(value), time: now, temp: prev?.temp ?? false });
      return now;
    },
    GlobalVariablesFlush: (): void => {},
    GlobalVariableTemp: (name: unknown): boolean => {
      const n = newName(name);
      if (n === undefined) {
        return false;
      }
      const t = table();
      if (t.vars.has(n)) {
        return true;
      }
      if (!roomFor(n)) {
        return false;
      }
      t.set({ name: n, value: 0, time: localNow(), temp: true });
      return true;
    },
    GlobalVariableSetOnCondition: (name: unknown, value: unknown, check: unknown): boolean => {
      const v = found(name);
      if (!v || v.value !== Number(check)) {
        return false;
      }
      v.value = Number(value);
      v.time = localNow();
      table().touch(v);
      return true;
    },
    GlobalVariablesDeleteAll: (prefix?: unknown, limit?: unknown): number => {
      const t = table();
      const p = typeof prefix === "string" ? prefix : "";
      const before = Math.trunc(Number(limit ?? 0)) || 0;
      let deleted = 0;
      for (const v of [...t.vars.values()]) {
        if (v.name.startsWith(p) && (before <= 0 || v.time < before)) {
          t.delete(v.name);
          deleted += 1;
        }
      }
      return deleted;
    },
    GlobalVariablesTotal: (): number => table().vars.size,
  };
}
