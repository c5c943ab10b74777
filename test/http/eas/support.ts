// Helpers for the EA API tests: multipart uploads through the real app, small EA programs, and a
// polling wait.
import type { TestApp } from "../../support/app.ts";

export interface UploadReply {
  status: number;
  body: any;
}

/** POST /admin/eas with a multipart `file` (and optional `name`). */
export async function upload(
  t: TestApp,
  auth: { token?: string; key?: string },
  fileName: string,
  content: string | Uint8Array,
  name?: string,
): Promise<UploadReply> {
  const form = new FormData();
  form.append("file", new File([content], fileName));
  if (name !== undefined) {
    form.append("name", name);
  }
  const headers: Record<string, string> = {};
  if (auth.token) {
    headers.authorization = `Bearer ${auth.token}`;
  }
  if (auth.key) {
    headers["x-api-key"] = auth.key;
  }
  const res = await t.app.handle(
    new Request("http://localhost/admin/eas", { method: "POST", headers, body: form }),
  );
  const text = await res.text();
  return { status: res.status, body: JSON.parse(text) };
}

/** Polls `check` until it is true (or throws after `ms`). */
export async function until(check: () => Promise<boolean> | boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) {
      throw new Error("condition not reached in time");
    }
    await Bun.sleep(25);
  }
}

/** Buys `Lots` once, on its first tick, with magic `Magic`. */
export const BUY_ONCE_JS = `
const Lots = input.double(0.1);
const Magic = input.int(777);
const Note = input.string("ea buy");
let done = false;
function OnInit() {
  Print("init on ", _Symbol);
  return INIT_SUCCEEDED;
}
function OnTick() {
  if (done) {
    return;
  }
  done = true;
  const trade = new CTrade();
  trade.SetExpertMagicNumber(Magic);
  // The stepped test broker runs a minute of ticks at once: accept the move since this tick.
  trade.SetDeviationInPoints(100000);
  const ok = trade.Buy(Lots, _Symbol, 0, 0, 0, Note);
  Print("buy ", ok ? "ok" : "failed", " retcode ", trade.ResultRetcode(), " positions ", PositionsTotal());
}
function OnDeinit(reason) {
  Print("deinit ", reason);
}
`;

export const COUNTER_TS = `
const Period: number = input.int(14);
const Mode = input.enum(ENUM_MA_METHOD, MODE_EMA);
const Active = input.bool(true);
let ticks: number = 0;
function OnTick(): void {
  ticks += 1;
}
function OnTradeTransaction(trans: MqlTradeTransaction, request: MqlTradeRequest, result: MqlTradeResult): void {
  Print("transaction ", trans.type);
}
`;

export const LOOP_JS = `
function OnTick() {
  for (;;) {}
}
`;

export const SYNTAX_ERROR_JS = "function OnTick() {\n  let x = ;\n}\n";
