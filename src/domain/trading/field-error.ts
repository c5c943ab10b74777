// The client-error outcome shared by the trading domain's parsers and translators.
//
// Owns: the FieldError shape (the edge turns it into 400 VALIDATION_ERROR naming `field`). Pure.

/** A client error: the field (body or query name) it concerns and a message a client can act on. */
export interface FieldError {
  ok: false;
  field: string;
  message: string;
}

export function fieldError(field: string, message: string): FieldError {
  return { ok: false, field, message };
}
