// The cached k6 is rebuilt when what it was built from changed (the extension's sources, or the
// builder), and the Go checks say what is missing.
import { cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { CACHE_DIR, K6_SOURCE_DIR, k6BuildDir, wantedFingerprint } from "../../load/build-k6.ts";
import { BuildProgress, COMPILE, DOWNLOAD } from "../../load/build-progress.ts";
import { GO_MISSING, goTooOld, goVersionOk, parseGoVersion } from "../../load/go-toolchain.ts";
import { fingerprint, sourceFiles, staleReason, storeFingerprint } from "../../load/k6-fingerprint.ts";

const dir = mkdtempSync(join(tmpdir(), "cap-k6-fingerprint-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A copy of load/k6 to edit. */
function sources(name: string): string {
  const copy = join(dir, name);
  cpSync(K6_SOURCE_DIR, copy, { recursive: true });
  return copy;
}

describe("k6 build fingerprint", () => {
  it("covers go.mod, go.sum and the extension's Go files, not its tests", () => {
    const files = sourceFiles(K6_SOURCE_DIR);
    expect(files).toEqual(expect.arrayContaining(["go.mod", "go.sum", "main.go", "sse/module.go", "sse/reader.go"]));
    expect(files.filter((f) => f.endsWith("_test.go"))).toEqual([]);
  });

  it("changes when the extension's code or the module changes, not when a test does", () => {
    const copy = sources("edits");
    const before = fingerprint("local", ["v1.8.1"], copy);
    expect(fingerprint("local", ["v1.8.1"], copy)).toBe(before);
    writeFileSync(join(copy, "sse", "open_test.go"), "package sse\n// a new test\n");
    expect(fingerprint("local", ["v1.8.1"], copy)).toBe(before);
    writeFileSync(join(copy, "sse", "reader.go"), "package sse\n// edited\n");
    expect(fingerprint("local", ["v1.8.1"], copy)).not.toBe(before);
    const edited = fingerprint("local", ["v1.8.1"], copy);
    writeFileSync(join(copy, "go.sum"), "");
    expect(fingerprint("local", ["v1.8.1"], copy)).not.toBe(edited);
  });

  it("names the builder and its pins", () => {
    const copy = sources("builders");
    const local = fingerprint("local", ["v1.8.1"], copy);
    const xk6 = fingerprint("xk6", ["v1.8.1", "v1.4.14", "xk6-sse@v0.1.12"], copy);
    expect(local).toMatch(/^local:[0-9a-f]{64}$/);
    expect(xk6).toMatch(/^xk6:[0-9a-f]{64}$/);
    expect(fingerprint("local", ["v1.9.0"], copy)).not.toBe(local);
  });

  it("says why a cached binary is stale, and nothing when it is current", () => {
    const bin = join(dir, "k6");
    writeFileSync(bin, "");
    const wanted = fingerprint("local", ["v1.8.1"], K6_SOURCE_DIR);
    expect(staleReason(bin, wanted)).toBe("it has no fingerprint of what it was built from");
    storeFingerprint(bin, `local:${"0".repeat(64)}`);
    expect(staleReason(bin, wanted)).toBe("load/k6 changed since it was built");
    storeFingerprint(bin, `xk6:${"0".repeat(64)}`);
    expect(staleReason(bin, wanted)).toBe("it was built by the xk6 builder, not local");
    storeFingerprint(bin, wanted);
    expect(staleReason(bin, wanted)).toBeUndefined();
  });
});

describe("the k6 build's cache folder and its progress", () => {
  it("is named by the pins, so a copy of the sources elsewhere (an installed package) finds the same build", () => {
    const wanted = wantedFingerprint("local");
    expect(k6BuildDir(wanted)).toBe(join(CACHE_DIR, "k6", `v1.8.1-local-${wanted.slice("local:".length, 22)}`));
    const copy = sources("installed");
    rmSync(join(copy, "sse", "open_test.go"), { force: true });
    expect(k6BuildDir(fingerprint("local", ["v1.8.1"], copy))).toBe(k6BuildDir(wanted));
    writeFileSync(join(copy, "main.go"), "package main\n// other pins\n");
    expect(k6BuildDir(fingerprint("local", ["v1.8.1"], copy))).not.toBe(k6BuildDir(wanted));
  });

  it("counts Go's lines into a line every few seconds, and shows Go's last lines when a step fails", () => {
    let now = 0;
    const lines: string[] = [];
    const compile = new BuildProgress(
      { ...COMPILE, total: 3 },
      (line) => lines.push(line),
      60_000,
      () => now,
    );
    for (const line of ["runtime", "go.k6.io/k6/js", "github.com/x/y.v2"]) compile.line(line);
    now = 95_000;
    expect(compile.status()).toBe("compiling k6: 3 of at most 3 packages compiled, 1m35s");
    compile.finish(true);
    expect(lines).toEqual(["compiling k6...", "compiling k6: 3 of at most 3 packages compiled, 1m35s"]);

    lines.length = 0;
    const download = new BuildProgress(
      { ...DOWNLOAD },
      (line) => lines.push(line),
      60_000,
      () => now,
    );
    download.line("# get https://proxy.golang.org/go.k6.io/k6/@v/v1.8.1.zip");
    download.line("# get https://proxy.golang.org/go.k6.io/k6/@v/v1.8.1.zip: 200 OK (0.2s)");
    download.line("# get https://proxy.golang.org/go.k6.io/k6/@v/v1.8.1.mod: 200 OK (0.1s)");
    download.line("go: go.k6.io/k6@v1.8.1: reading https://proxy.golang.org/...: 403 Forbidden");
    expect(download.status()).toBe("downloading k6's Go modules: 1 modules fetched, 0s");
    download.finish(false);
    expect(lines.at(-1)).toBe("go: go.k6.io/k6@v1.8.1: reading https://proxy.golang.org/...: 403 Forbidden");
    expect(lines).toHaveLength(5);
  });
});

describe("Go toolchain check", () => {
  it("reads `go version` and wants Go >= 1.25", () => {
    expect(parseGoVersion("go version go1.26.8 linux/amd64")).toBe("1.26.8");
    expect(parseGoVersion("go version go1.25rc1 darwin/arm64")).toBe("1.25");
    expect(parseGoVersion("bash: go: not found")).toBeUndefined();
    expect(["1.25", "1.25.0", "1.26.8", "2.0"].map(goVersionOk)).toEqual([true, true, true, true]);
    expect(["1.24.9", "1.9", "1.22.0"].map(goVersionOk)).toEqual([false, false, false]);
  });

  it("names the minimum in both messages", () => {
    expect(GO_MISSING).toContain("Go >= 1.25");
    expect(goTooOld("1.22.0")).toMatch(/^Go 1\.22\.0 is installed, but the k6 build needs Go >= 1\.25/);
  });
});
