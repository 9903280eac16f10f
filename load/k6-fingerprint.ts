// What a cached k6 binary was built from, stored beside it as `<bin>.fingerprint`: the builder
// and a hash of what it built. For the local builder that is load/k6's go.mod, go.sum and every
// non-test .go file, so an edit to the extension makes the cached binary stale (its `k6 version`
// would not change). Test files are left out: they are not in the binary.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";

export type Builder = "local" | "xk6";

/** The local builder's inputs under `dir`, sorted, as paths relative to it. */
export function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const path = join(at, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name === "go.mod" || entry.name === "go.sum") out.push(relative(dir, path));
      else if (entry.name.endsWith(".go") && !entry.name.endsWith("_test.go")) out.push(relative(dir, path));
    }
  };
  walk(dir);
  return out.sort();
}

/**
 * `<builder>:<sha256>`. `pins` are the versions the builder is given (k6, xk6, xk6-sse); the
 * local builder's sources are hashed too, the xk6 builder does not read them.
 */
export function fingerprint(builder: Builder, pins: string[], dir: string): string {
  const hash = createHash("sha256");
  hash.update(`${builder}\0${pins.join("\0")}\0`);
  if (builder === "local") {
    for (const file of sourceFiles(dir)) {
      hash.update(`${file}\0`);
      hash.update(readFileSync(join(dir, file)));
      hash.update("\0");
    }
  }
  return `${builder}:${hash.digest("hex")}`;
}

export const fingerprintFile = (bin: string) => `${bin}.fingerprint`;

export function storedFingerprint(bin: string): string | undefined {
  const file = fingerprintFile(bin);
  return existsSync(file) ? readFileSync(file, "utf8").trim() : undefined;
}

/** Written through a rename, so a reader never sees half a fingerprint. */
export function storeFingerprint(bin: string, value: string): void {
  const partial = `${fingerprintFile(bin)}.partial-${process.pid}`;
  writeFileSync(partial, `${value}\n`);
  renameSync(partial, fingerprintFile(bin));
}

/** Why the cached binary must be rebuilt, or undefined when it is what `wanted` describes. */
export function staleReason(bin: string, wanted: string): string | undefined {
  const stored = storedFingerprint(bin);
  if (stored === undefined) return "it has no fingerprint of what it was built from";
  if (stored.split(":")[0] !== wanted.split(":")[0]) {
    return `it was built by the ${stored.split(":")[0]} builder, not ${wanted.split(":")[0]}`;
  }
  return stored === wanted ? undefined : "load/k6 changed since it was built";
}
