// Facts about this package the reports carry: its root, version and the spec it was built against.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

export const PACKAGE_ROOT = fileURLToPath(new URL("..", import.meta.url));

export const TOOL_VERSION: string = (
  JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version: string }
).version;

/** A copy of ../shared/spec/platform-api.md ships with the package; a test keeps them identical. */
export const SPEC_PATH = fileURLToPath(new URL("../spec/platform-api.md", import.meta.url));

export function specSha256(): string {
  return createHash("sha256").update(readFileSync(SPEC_PATH)).digest("hex");
}
