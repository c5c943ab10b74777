// The host script: ea-runtime/src/host bundled by Bun.build into one Node ESM file, written once
// per content hash under the pool's work folder, so every host process starts from the same file.

import { createHash } from "node:crypto";
import { existsSync, mkdirSync, renameSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";

const HOST_ENTRY = resolve(import.meta.dir, "../../../ea-runtime/src/host/main.ts");

/** Bundles ea-runtime/src/host into one ESM file under `workDir`; returns its path. */
export async function buildHostScript(workDir: string): Promise<string> {
  const out = await Bun.build({
    entrypoints: [HOST_ENTRY],
    target: "node",
    format: "esm",
    external: ["isolated-vm"],
    minify: false,
  });
  const first = out.outputs[0];
  if (!out.success || !first) {
    throw new Error(`EA host build failed: ${out.logs.map((l) => String(l)).join("\n")}`);
  }
  const text = await first.text();
  const hash = createHash("sha256").update(text).digest("hex").slice(0, 16);
  mkdirSync(workDir, { recursive: true });
  const path = join(workDir, `ea-host-${hash}.mjs`);
  if (!existsSync(path)) {
    const tmp = `${path}.${process.pid}.tmp`;
    writeFileSync(tmp, text);
    renameSync(tmp, path);
  }
  return path;
}
