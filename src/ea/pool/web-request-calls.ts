// WebRequest calls made by EAs inside the isolate: the host `call` message of kind "WebRequest"
// (src/ea/web-request-wire.ts) turned into its `callResult` through the injected
// WebRequestGateway (the service makes the request). Without a gateway every WebRequest is
// refused with ERR_FUNCTION_NOT_ALLOWED.

import type { PoolToHost } from "../protocol.ts";
import {
  WEB_REQUEST_ERRORS,
  type WebRequestAnswer,
  type WebRequestCall,
} from "../web-request-wire.ts";
import type { CallMessage } from "./trade-calls.ts";

/** Makes EAs' HTTP requests (the service implements it: allow-list, SSRF guard, caps). */
export interface WebRequestGateway {
  webRequest(call: WebRequestCall): Promise<WebRequestAnswer> | WebRequestAnswer;
}

const field = (o: Record<string, unknown>, key: string): string => {
  const v = o[key];
  return typeof v === "string" ? v : "";
};

/** Reads the runtime's payload; a malformed one becomes a failed answer. */
function readCall(m: CallMessage): WebRequestCall | WebRequestAnswer {
  let payload: unknown;
  try {
    payload = JSON.parse(m.payload);
  } catch {
    payload = undefined;
  }
  if (typeof payload !== "object" || payload === null || Array.isArray(payload)) {
    return { code: WEB_REQUEST_ERRORS.requestFailed, message: "malformed WebRequest payload" };
  }
  const p = payload as Record<string, unknown>;
  const timeout = typeof p.timeout === "number" && Number.isFinite(p.timeout) ? p.timeout : 0;
  return {
    instanceId: m.instanceId,
    timeout,
    method: field(p, "method"),
    url: field(p, "url"),
    headers: field(p, "headers"),
    data: field(p, "data"),
  };
}

/** Asks the gateway and builds the host's `callResult`. Never rejects. */
export async function answerWebRequestCall(
  gateway: WebRequestGateway | undefined,
  m: CallMessage,
): Promise<Extract<PoolToHost, { type: "callResult" }>> {
  let answer: WebRequestAnswer;
  try {
    const call = readCall(m);
    if (!("instanceId" in call)) {
      answer = call;
    } else if (!gateway) {
      answer = {
        code: WEB_REQUEST_ERRORS.notAllowed,
        message: "WebRequest is not enabled on this server",
      };
    } else {
      answer = await gateway.webRequest(call);
    }
  } catch (err) {
    answer = {
      code: WEB_REQUEST_ERRORS.requestFailed,
      message: err instanceof Error ? err.message : String(err),
    };
  }
  return { type: "callResult", id: m.id, answer: JSON.stringify(answer) };
}
