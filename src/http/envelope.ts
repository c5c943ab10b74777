// The success envelope `{ ok: true, data }` and its TypeBox schema builder, used by every route.
import { type TSchema, t } from "elysia";

export interface Ok<T> {
  ok: true;
  data: T;
}

export const ok = <T>(data: T): Ok<T> => ({ ok: true, data });

/**
 * The success envelope around `data` that is already JSON text (a view rendered in a session
 * worker): the bytes are forwarded as a string body, not parsed and serialized again, and not
 * re-validated (the route documents its shape with `operation({ responses })`).
 */
export function okRendered(set: { headers: Record<string, unknown> }, data: string): string {
  set.headers["content-type"] = "application/json; charset=utf-8";
  return `{"ok":true,"data":${data}}`;
}

/** Response schema of a successful call whose `data` is `schema`. */
export const Envelope = <S extends TSchema>(schema: S) =>
  t.Object({ ok: t.Literal(true), data: schema });
