/**
 * Produces the runtime bundle: one self-contained IIFE script built from ./index.ts with
 * `Bun.build`, to be evaluated in each fresh isolate before the EA program.
 *
 * Runs under Bun only (the service process builds the bundle once and hands the text to the
 * Node EA hosts); it is not part of the bundle itself. The Bun global is reached through
 * `globalThis` and narrowed, so this file type-checks without Bun's type declarations.
 */

interface BuildArtifact {
  text(): Promise<string>;
}
interface BuildOutput {
  success: boolean;
  outputs: BuildArtifact[];
  logs: unknown[];
}
interface BunLike {
  build(options: {
    entrypoints: string[];
    target: "browser";
    format: "iife";
    minify: boolean;
    sourcemap: "none";
  }): Promise<BuildOutput>;
}

function bun(): BunLike {
  const b: unknown = Reflect.get(globalThis, "Bun");
  if (typeof b !== "object" || b === null || typeof Reflect.get(b, "build") !== "function") {
    throw new Error("buildRuntimeBundle needs Bun (Bun.build)");
  }
  return b as BunLike;
}

/** Absolute path of the runtime entry (ea-runtime/src/runtime/index.ts). */
export function runtimeEntryPath(): string {
  const dir: unknown = Reflect.get(import.meta, "dir");
  if (typeof dir !== "string") {
    throw new Error("buildRuntimeBundle needs import.meta.dir (Bun)");
  }
  return `${dir}/index.ts`;
}

/** Builds the bundle text. `minify` defaults to true for production hosts. */
export async function buildRuntimeBundle(options: { minify?: boolean } = {}): Promise<string> {
  const out = await bun().build({
    entrypoints: [runtimeEntryPath()],
    target: "browser",
    format: "iife",
    minify: options.minify ?? true,
    sourcemap: "none",
  });
  const first = out.outputs[0];
  if (!out.success || !first) {
    throw new Error(`runtime bundle failed: ${out.logs.map((l) => String(l)).join("\n")}`);
  }
  return first.text();
}
