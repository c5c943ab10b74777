// EA upload and management over HTTP: analysis of good and broken programs (JS, TS, UTF-16,
// line/column errors), the size limit, ownership between admins, and GET /api/eas.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTestApp, type TestApp } from "../../support/app.ts";
import { BUY_ONCE_JS, COUNTER_TS, SYNTAX_ERROR_JS, upload } from "./support.ts";

let t: TestApp;
let root: string;
let alice: { token: string; uuid: string };
let bob: { token: string; uuid: string };

beforeAll(async () => {
  t = await createTestApp({ TAS_EA_MAX_UPLOAD_BYTES: "4096" });
  root = await t.superToken();
  alice = await t.createAdmin("ea-alice");
  bob = await t.createAdmin("ea-bob");
}, 60_000);
afterAll(() => t.close());

describe("POST /admin/eas", () => {
  test("a good JS program is ready with its inputs and handlers", async () => {
    const res = await upload(t, { token: alice.token }, "buy-once.js", BUY_ONCE_JS, "Buy once");
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      admin_id: alice.uuid,
      name: "Buy once",
      original_name: "buy-once.js",
      status: "ready",
      error: "",
      input_params: [
        { name: "Lots", type: "double", default: "0.1" },
        { name: "Magic", type: "int", default: "777" },
        { name: "Note", type: "string", default: "ea buy" },
      ],
    });
    expect(res.body.data.event_handlers).toEqual(
      expect.arrayContaining(["OnInit", "OnTick", "OnDeinit"]),
    );
    expect(res.body.data.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.parse(res.body.data.created_at)).toBeGreaterThan(0);
  });

  test("a TypeScript program is transpiled; the name defaults to the file name", async () => {
    const res = await upload(t, { token: alice.token }, "counter.ts", COUNTER_TS);
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ name: "counter", status: "ready", error: "" });
    expect(res.body.data.input_params).toEqual([
      { name: "Period", type: "int", default: "14" },
      expect.objectContaining({ name: "Mode", type: "enum", default: "MODE_EMA" }),
      { name: "Active", type: "bool", default: "true" },
    ]);
    expect(res.body.data.event_handlers).toEqual(["OnTick", "OnTradeTransaction"]);
  });

  test("UTF-16 LE and BE files with a BOM are decoded", async () => {
    const le = new Uint8Array(Buffer.from(`\ufeff${BUY_ONCE_JS}`, "utf16le"));
    const resLe = await upload(t, { token: alice.token }, "utf16le.mjs", le);
    expect(resLe.status).toBe(201);
    expect(resLe.body.data.status).toBe("ready");
    expect(resLe.body.data.input_params.map((p: any) => p.name)).toEqual(["Lots", "Magic", "Note"]);
    const be = new Uint8Array(le.length);
    for (let i = 0; i < le.length; i += 2) {
      be[i] = le[i + 1] ?? 0;
      be[i + 1] = le[i] ?? 0;
    }
    const resBe = await upload(t, { token: alice.token }, "utf16be.js", be);
    expect(resBe.body.data.status).toBe("ready");
  });

  test("a syntax error is stored with status error and a line/column message", async () => {
    const res = await upload(t, { token: alice.token }, "broken.js", SYNTAX_ERROR_JS);
    expect(res.status).toBe(201);
    expect(res.body.data.status).toBe("error");
    expect(res.body.data.error).toMatch(/^line 2, column \d+: /);
    expect(res.body.data.input_params).toEqual([]);
    const got = await t.request("GET", `/admin/eas/${res.body.data.id}`, { token: alice.token });
    expect(got.body.data.error).toBe(res.body.data.error);
  });

  test("require() is refused with its position", async () => {
    const res = await upload(
      t,
      { token: alice.token },
      "req.js",
      'const fs = require("fs");\nfunction OnTick() {}\n',
    );
    expect(res.body.data.status).toBe("error");
    expect(res.body.data.error).toMatch(/^line 1, column \d+: require\(\)/);
  });

  test("too large → 413; wrong extension, binary or missing file → 400", async () => {
    const big = await upload(t, { token: alice.token }, "big.js", `// ${"x".repeat(5000)}\n`);
    expect(big.status).toBe(413);
    expect(big.body.error.code).toBe("PAYLOAD_TOO_LARGE");
    const ext = await upload(t, { token: alice.token }, "ea.ex5", BUY_ONCE_JS);
    expect(ext.status).toBe(400);
    expect(ext.body.error.message).toContain("'file'");
    const bin = await upload(t, { token: alice.token }, "bin.js", new Uint8Array([0xc3, 0x28, 0]));
    expect(bin.status).toBe(400);
    const none = await t.request("POST", "/admin/eas", { token: alice.token, body: {} });
    expect(none.status).toBe(400);
  });

  test("needs an admin: no credentials → 401", async () => {
    const res = await upload(t, {}, "x.js", BUY_ONCE_JS);
    expect(res.status).toBe(401);
  });
});

describe("ownership", () => {
  test("another admin's EA is EA_NOT_FOUND, like an unknown one; superadmin sees all", async () => {
    // An admin of this test's own, so its list holds exactly the EA uploaded here.
    const bob = await t.createAdmin();
    const mine = (await upload(t, { token: bob.token }, "bob.js", BUY_ONCE_JS)).body.data;
    for (const path of [
      `/admin/eas/${mine.id}`,
      "/admin/eas/6f1e2d3c-4b5a-4987-a654-3210fedcba98",
    ]) {
      const res = await t.request("GET", path, { token: alice.token });
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe("EA_NOT_FOUND");
    }
    const del = await t.request("DELETE", `/admin/eas/${mine.id}`, { token: alice.token });
    expect(del.body.error.code).toBe("EA_NOT_FOUND");
    expect((await t.request("GET", "/admin/eas/not-a-uuid", { token: bob.token })).status).toBe(
      404,
    );

    const aliceList = (await t.request("GET", "/admin/eas", { token: alice.token })).body.data;
    expect(aliceList.every((e: any) => e.admin_id === alice.uuid)).toBe(true);
    const bobList = (await t.request("GET", "/admin/eas", { token: bob.token })).body.data;
    expect(bobList.map((e: any) => e.id)).toEqual([mine.id]);
    const all = (await t.request("GET", "/admin/eas", { token: root })).body.data;
    expect(all.map((e: any) => e.id)).toEqual(
      expect.arrayContaining([mine.id, ...aliceList.map((e: any) => e.id)]),
    );
    expect((await t.request("GET", `/admin/eas/${mine.id}`, { token: root })).status).toBe(200);
  });

  test("GET /api/eas lists only the ready EAs of the key's admin", async () => {
    const carol = await t.createAdmin();
    const good = (await upload(t, { token: carol.token }, "good.js", BUY_ONCE_JS)).body.data;
    const broken = (await upload(t, { token: carol.token }, "broken.js", SYNTAX_ERROR_JS)).body
      .data;
    expect([good.status, broken.status]).toEqual(["ready", "error"]);
    const key = (await t.createKey(carol.token)).key;
    const res = await t.request("GET", "/api/eas", { key });
    expect(res.status).toBe(200);
    expect(res.body.data.map((e: any) => e.id)).toEqual([good.id]);
    const bobKey = (await t.createKey(bob.token)).key;
    const bobs = (await t.request("GET", "/api/eas", { key: bobKey })).body.data;
    expect(bobs.every((e: any) => e.admin_id === bob.uuid)).toBe(true);
    expect((await t.request("GET", "/api/eas")).status).toBe(401);
  });

  test("an admin's API key on /admin/eas acts as that admin", async () => {
    const key = (await t.createKey(bob.token)).key;
    const res = await upload(t, { key }, "by-key.js", BUY_ONCE_JS);
    expect(res.status).toBe(201);
    expect(res.body.data.admin_id).toBe(bob.uuid);
  });

  test("DELETE removes the EA", async () => {
    const ea = (await upload(t, { token: alice.token }, "gone.js", BUY_ONCE_JS)).body.data;
    const del = await t.request("DELETE", `/admin/eas/${ea.id}`, { token: alice.token });
    expect(del.body).toEqual({ ok: true, data: { id: ea.id, deleted: true } });
    expect((await t.request("GET", `/admin/eas/${ea.id}`, { token: alice.token })).status).toBe(
      404,
    );
  });
});
