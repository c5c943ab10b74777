// MQL5 uploads over HTTP: a .mq5 program compiled at upload (analysis exact), its headers as
// further `file` parts or inside a .zip, MetaEditor's encodings (UTF-16 LE with and without
// BOM, CRLF), compile errors stored with MQL5 file:line:column, bad uploads refused with a
// clear 400, and recompilation of stored programs after a compiler upgrade.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { zipSync } from "fflate";
import { eas } from "../../../src/storage/schema/index.ts";
import { createTestApp, type TestApp } from "../../support/app.ts";

let t: TestApp;
let admin: { token: string; uuid: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createAdmin("mql5-uploader");
}, 60_000);
afterAll(() => t.close());

async function send(files: { name: string; content: string | Uint8Array }[]) {
  const form = new FormData();
  for (const f of files) {
    form.append("file", new File([f.content], f.name));
  }
  const res = await t.app.handle(
    new Request("http://localhost/admin/eas", {
      method: "POST",
      headers: { authorization: `Bearer ${admin.token}` },
      body: form,
    }),
  );
  return { status: res.status, body: JSON.parse(await res.text()) };
}

const PROGRAM = `#property version "1.00"
#include "Signals\\\\Cross.mqh"
input int    Fast = 5;
input double Lots = 0.1;
int OnInit() { return INIT_SUCCEEDED; }
void OnTick() { if (Crossed(Fast)) Print(Lots); }
`;
const HEADER = "bool Crossed(int period)\n  {\n   return period > 3;\n  }\n";

function utf16le(text: string, bom: boolean): Uint8Array {
  const out = new Uint8Array((bom ? 2 : 0) + text.length * 2);
  if (bom) {
    out[0] = 0xff;
    out[1] = 0xfe;
  }
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    out[(bom ? 2 : 0) + i * 2] = c & 0xff;
    out[(bom ? 2 : 0) + i * 2 + 1] = c >> 8;
  }
  return out;
}

describe("POST /admin/eas with MQL5", () => {
  test("a program with its header as a second file part is compiled and ready", async () => {
    const res = await send([
      { name: "cross.mq5", content: PROGRAM },
      { name: "Signals/Cross.mqh", content: HEADER },
    ]);
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      name: "cross",
      original_name: "cross.mq5",
      status: "ready",
      error: "",
      input_params: [
        { name: "Fast", type: "int", default: "5" },
        { name: "Lots", type: "double", default: "0.1" },
      ],
      event_handlers: ["OnInit", "OnTick"],
    });
  });

  test("the same program inside a .zip, and in UTF-16 LE with and without BOM, CRLF", async () => {
    const zip = zipSync({
      "cross/cross.mq5": new TextEncoder().encode(PROGRAM),
      "cross/Signals/Cross.mqh": new TextEncoder().encode(HEADER),
    });
    const zipped = await send([{ name: "cross.zip", content: zip }]);
    expect(zipped.status).toBe(201);
    expect(zipped.body.data.status).toBe("ready");
    expect(zipped.body.data.original_name).toBe("cross.mq5");
    for (const bom of [true, false]) {
      const res = await send([
        { name: "wide.mq5", content: utf16le(PROGRAM.replace(/\n/g, "\r\n"), bom) },
        { name: "Signals\\Cross.mqh", content: utf16le(HEADER, bom) },
      ]);
      expect(res.status).toBe(201);
      expect(res.body.data.status).toBe("ready");
    }
  });

  test("a custom indicator uploaded with the EA (a further .mq5 part) is compiled for iCustom", async () => {
    const indicator = `double B[];
int OnInit() { SetIndexBuffer(0, B); return(INIT_SUCCEEDED); }
int OnCalculate(const int total, const int prev, const int begin, const double &price[])
  { for(int i = prev; i < total; i++) B[i] = price[i]; return(total); }
`;
    const ea =
      'int h;\nint OnInit() { h = iCustom(_Symbol, _Period, "Copy"); return(h == INVALID_HANDLE ? INIT_FAILED : INIT_SUCCEEDED); }\nvoid OnTick() {}\n';
    const res = await send([
      { name: "uses-copy.mq5", content: ea },
      { name: "Indicators/Copy.mq5", content: indicator },
    ]);
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ status: "ready", original_name: "uses-copy.mq5" });
    const zipped = await send([
      {
        name: "bundle.zip",
        content: zipSync({
          "Copy.mq5": new TextEncoder().encode(indicator),
          "uses-copy.mq5": new TextEncoder().encode(ea),
        }),
      },
    ]);
    expect(zipped.body.data).toMatchObject({ status: "ready", original_name: "uses-copy.mq5" });
  });

  test("a 1 MB generated EA is accepted (above the ordinary request body limit) and compiled", async () => {
    const parts = ["input int Base = 1;"];
    for (let i = 0, size = 0; size < 1_050_000; i += 1) {
      const rule = `// generated rule ${i}: a comment line to pad the file the way builders do\nint Rule${i}(int x)\n  {\n   int y = x * ${i % 97} + Base;\n   if(y > ${i}) return(y - ${i});\n   return(y);\n  }`;
      parts.push(rule);
      size += rule.length + 1;
    }
    parts.push("void OnTick() { Print(Rule0(1) + Rule1(2)); }");
    const source = parts.join("\n");
    expect(source.length).toBeGreaterThan(1_000_000);
    const res = await send([{ name: "generated.mq5", content: source }]);
    expect(res.status).toBe(201);
    expect(res.body.data.status).toBe("ready");
    expect(res.body.data.input_params).toEqual([{ name: "Base", type: "int", default: "1" }]);
  }, 30_000);

  test("a compile error is stored with status error and the MQL5 file, line and column", async () => {
    const res = await send([
      { name: "broken.mq5", content: "void OnTick()\n  {\n   Print(x);\n  }\n" },
    ]);
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      status: "error",
      error: "broken.mq5:3:10: 'x' - undeclared identifier",
      input_params: [],
      event_handlers: [],
    });
    const missing = await send([{ name: "needs.mq5", content: PROGRAM }]);
    expect(missing.body.data.status).toBe("error");
    expect(missing.body.data.error).toBe(
      'needs.mq5:2:1: cannot open include file "Signals/Cross.mqh"',
    );
  });

  test("bad uploads are refused with 400 and change nothing", async () => {
    const before = (await t.request("GET", "/admin/eas", { token: admin.token })).body.data.length;
    const cases: { files: { name: string; content: string | Uint8Array }[]; message: string }[] = [
      {
        files: [
          { name: "a.mq5", content: PROGRAM },
          { name: "notes.txt", content: "x" },
        ],
        message: "the files after the program must be .mqh headers or .mq5 custom indicators",
      },
      { files: [{ name: "a.zip", content: "not a zip" }], message: "cannot be read" },
      {
        files: [
          { name: "none.zip", content: zipSync({ "x.mqh": new TextEncoder().encode(HEADER) }) },
        ],
        message: "holds no .mq5 program",
      },
      {
        files: [
          {
            name: "two.zip",
            content: zipSync({
              "a.mq5": new TextEncoder().encode(PROGRAM),
              "b.mq5": new TextEncoder().encode(PROGRAM),
            }),
          },
        ],
        message: "several .mq5 programs",
      },
      {
        files: [{ name: "bad.mq5", content: new Uint8Array([0x76, 0xc3, 0x28, 0x0a]) }],
        message: "bad.mq5",
      },
      {
        files: [
          { name: "a.js", content: "function OnTick() {}" },
          { name: "b.mqh", content: HEADER },
        ],
        message: "a JavaScript/TypeScript EA is one file",
      },
    ];
    for (const c of cases) {
      const res = await send(c.files);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe("VALIDATION_ERROR");
      expect(res.body.error.message).toContain(c.message);
    }
    const after = (await t.request("GET", "/admin/eas", { token: admin.token })).body.data.length;
    expect(after).toBe(before);
  });

  test("a program stored by an older compiler is recompiled at start", async () => {
    const res = await send([
      { name: "old.mq5", content: PROGRAM },
      { name: "Signals/Cross.mqh", content: HEADER },
    ]);
    const id = res.body.data.id as string;
    // As an earlier compiler version would have left it.
    await t.db.database.db
      .update(eas)
      .set({ compilerVersion: "mql5-0", programJs: "", status: "error", error: "stale" })
      .where(eq(eas.id, id));
    expect(await t.services.eas.recompileStale()).toBeGreaterThanOrEqual(1);
    const got = await t.request("GET", `/admin/eas/${id}`, { token: admin.token });
    expect(got.body.data).toMatchObject({
      status: "ready",
      error: "",
      event_handlers: ["OnInit", "OnTick"],
    });
    expect(await t.services.eas.recompileStale()).toBe(0);
  });
});
