// Request ids: unique per process (a random prefix drawn at start, then a counter), with the
// time for readability; no random bytes drawn per request (they showed in the read path's
// profile). One generator for the app's hooks and the hot routes (hot-routes.ts).
import { randomBytes } from "node:crypto";

const REQUEST_ID_PREFIX = randomBytes(4).toString("hex");
let requestCounter = 0;
/** `req_` + the time in base 36 + the process prefix, rebuilt when the millisecond changes. */
let idMs = -1;
let idHead = "";

export const newRequestId = (): string => {
  requestCounter = (requestCounter + 1) % 0x1000000;
  const now = Date.now();
  if (now !== idMs) {
    idMs = now;
    idHead = `req_${now.toString(36)}${REQUEST_ID_PREFIX}`;
  }
  // 0x1000000 + counter: six hex digits after the leading 1, without padStart.
  return idHead + (0x1000000 + requestCounter).toString(16).slice(1);
};
