// The success envelope `{ ok: true, data }` and its TypeBox schema builder, used by every route.
import { type TSchema, t } from "elysia";

export interface Ok<T> {
  ok: true;
  data: T;
}

export const ok = <T>(data: T): Ok<T> => ({ ok: true, data });

/** Response schema of a successful call whose `data` is `schema`. */
export const Envelope = <S extends TSchema>(schema: S) =>
  t.Object({ ok: t.Literal(true), data: schema });
