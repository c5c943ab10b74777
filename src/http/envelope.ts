// The success envelope `{ ok: true, data }` and its TypeBox schema builder, used by every route.
import { type TSchema, t } from "elysia";

export interface Ok<T> {
  ok: true;
  data: T;
}

export const ok = <T>(data: T): Ok<T> => ({ ok: true, data });

/** The content type of an answer rendered ahead of the request (okRendered, the hot routes). */
export const RENDERED_CONTENT_TYPE = "application/json; charset=utf-8";

/**
 * A success envelope already rendered as JSON text (a view rendered in a session worker, see
 * src/sessions/views.ts): forwarded as the string body it is, not parsed, serialized or
 * concatenated again (a string built per request is a body's worth of allocation per read), and
 * not re-validated (the route documents its shape with `operation({ responses })`).
 */
export function okRendered(set: { headers: Record<string, unknown> }, envelope: string): string {
  set.headers["content-type"] = RENDERED_CONTENT_TYPE;
  return envelope;
}

/** Response schema of a successful call whose `data` is `schema`. */
export const Envelope = <S extends TSchema>(schema: S) =>
  t.Object({ ok: t.Literal(true), data: schema });
