// The success envelope `{ ok: true, data }` and its TypeBox schema builder, used by every route.
import { type TSchema, t } from "elysia";

export interface Ok<T> {
  ok: true;
  data: T;
}

export const ok = <T>(data: T): Ok<T> => ({ ok: true, data });

/**
 * The success envelope around `data` that is already JSON text (a view rendered in a session
 * worker): the bytes are forwarded, not parsed and serialized again. The route's response schema
 * still documents the shape; Elysia does not re-validate a Response.
 */
export const okRendered = (data: string): Response =>
  new Response(`{"ok":true,"data":${data}}`, {
    headers: { "content-type": "application/json; charset=utf-8" },
  });

/** Response schema of a successful call whose `data` is `schema`. */
export const Envelope = <S extends TSchema>(schema: S) =>
  t.Object({ ok: t.Literal(true), data: schema });
