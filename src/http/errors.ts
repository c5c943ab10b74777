// The HTTP side of the error codes: the REST status of each of the service's own codes and the
// messages of the 401 answers. The closed list of codes, AppError and the helpers services use
// live in src/domain/errors.ts (outside the HTTP layer); src/http/error-renderer.ts turns every
// failure into the envelope.
import { codesOf, type ErrorCodeOf, statusOf } from "../domain/errors.ts";

export { type ErrorBody, errorBody } from "../domain/errors.ts";

/**
 * HTTP status of each of the service's own codes (ARCHITECTURE §5 error table): the `service`
 * family of src/domain/errors.ts; broker rejection codes are documented from rejections.ts.
 */
export const STATUS_OF: Readonly<Record<ErrorCodeOf<"service">, number>> = Object.fromEntries(
  codesOf("service").map((code) => [code, statusOf(code)]),
) as Record<ErrorCodeOf<"service">, number>;

/** Spec §7: the message for a request with no API key. */
export const MISSING_KEY_MESSAGE =
  "An API key is required. Pass it in the X-API-Key header (or as Authorization: Bearer), or in the apiKey query parameter for WebSocket connections.";
export const INVALID_KEY_MESSAGE = "Invalid API key";
