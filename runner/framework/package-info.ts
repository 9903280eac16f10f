// Facts about this package the reports carry: its root, version and the spec it was built against.
// The modules run either as TypeScript from a source checkout (tsx) or as the compiled JavaScript of the
// published package (`dist/`, built at `npm pack`): everything that names a module file by path asks here.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** "ts" in a source checkout, "js" in the published package (ARCHITECTURE.md, "The package"). */
export const MODULE_EXT: "ts" | "js" = import.meta.url.endsWith(".ts") ? "ts" : "js";

/** The folder holding cli/, runner/, suites/...: the checkout's root, or the package's dist/. */
export const PACKAGE_ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** package.json sits beside the sources, and one folder above the compiled modules. */
const PACKAGE_JSON = new URL(MODULE_EXT === "ts" ? "../../package.json" : "../../../package.json", import.meta.url);

const PACKAGE = JSON.parse(readFileSync(PACKAGE_JSON, "utf8")) as {
  version: string;
  peerDependencies?: Record<string, string>;
};

export const TOOL_VERSION: string = PACKAGE.version;

/** The optional peer dependencies (testcontainers, for `run --image`) and the versions the package pins. */
export const OPTIONAL_PEERS: Record<string, string> = PACKAGE.peerDependencies ?? {};

/** A copy of ../shared/spec/platform-api.md ships with the package; a test keeps them identical. */
export const SPEC_PATH = fileURLToPath(new URL("../../spec/platform-api.md", import.meta.url));

/**
 * vite's cache: inside the checkout, or a per-user temporary folder for the installed package, whose folder
 * may be read-only (a global install) and should not change as it runs.
 */
export const VITE_CACHE_DIR =
  MODULE_EXT === "ts"
    ? join(PACKAGE_ROOT, ".cache", "vite")
    : join(tmpdir(), `cap-conformance-${process.getuid?.() ?? "user"}`, TOOL_VERSION, "vite");

/** Node's cache of compiled code (NODE_COMPILE_CACHE) for the vitest workers, beside vite's. */
export const COMPILE_CACHE_DIR = join(VITE_CACHE_DIR, "..", "node-compile");

export function specSha256(): string {
  return createHash("sha256").update(readFileSync(SPEC_PATH)).digest("hex");
}
