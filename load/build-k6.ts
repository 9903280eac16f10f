// The k6 binary the load scenarios need: k6 with a `k6/x/sse` module, built once per set of pins into
// ~/.cache/cap-conformance/k6/<pins>/k6 with Go (downloads and the build cache beside it, so a rebuild is
// quick), saying how far it got as it goes. `npm run load:build` and `cap-conformance load k6` run it; `K6_BIN`
// points at a binary you already have.
//
// Two builders, both pinned:
// - "local" (default): load/k6/, a Go module requiring go.k6.io/k6 at K6_VERSION plus the
//   project's own k6/x/sse (load/k6/sse, the API of xk6-sse's sse.open, plus openAsync). It needs
//   only k6 from the Go module proxy; the proxy this project is developed behind refuses
//   go.k6.io/xk6 and github.com/phymbert/xk6-sse (403 "not available").
// - "xk6" (CAP_K6_BUILDER=xk6): the upstream way, xk6 building k6 with xk6-sse v0.1.12.
//
// The cached binary is found by its fingerprint (k6-fingerprint.ts): the folder is named by it.

import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { BuildProgress, COMPILE, DOWNLOAD, type Step } from "./build-progress.ts";
import { goEnv, goProblem } from "./go-toolchain.ts";
import { type Builder, fingerprint, staleReason, storeFingerprint } from "./k6-fingerprint.ts";
import { commandOutput, runCommand } from "./run-command.ts";

const LOAD_DIR = dirname(fileURLToPath(import.meta.url));
export const REPO_ROOT = resolve(LOAD_DIR, "..");
/** The local builder's Go module: main.go and the k6/x/sse extension. */
export const K6_SOURCE_DIR = join(LOAD_DIR, "k6");
export const K6_VERSION = "v1.8.1";
export const XK6_VERSION = "v1.4.14";
export const XK6_SSE_MODULE = "github.com/phymbert/xk6-sse@v0.1.12";
export const SSE_MODULE_NAME = "k6/x/sse";
/**
 * A per-user cache outside the work tree (CAP_CACHE_DIR, else $XDG_CACHE_HOME or ~/.cache), so a fresh
 * clone on the same machine, CI's included, reuses the k6 build and Go's downloads instead of paying
 * minutes for a cold build each time.
 */
export const CACHE_DIR =
  process.env.CAP_CACHE_DIR ?? join(process.env.XDG_CACHE_HOME ?? join(homedir(), ".cache"), "cap-conformance");
/** Go's module and build caches, shared by the k6 build and the extension's Go tests. */
export const GO_DIR = join(CACHE_DIR, "go");
const BUILD_TIMEOUT_MS = 30 * 60_000;

export { GO_MISSING } from "./go-toolchain.ts";

/** The binary cannot be had: the CLI answers exit code 2 with this message. */
export class K6Unavailable extends Error {}

export interface K6Binary {
  bin: string;
  /** `k6 version` output. */
  version: string;
  /** Milliseconds spent building, when this call built it. */
  buildMs?: number;
}

export interface EnsureOptions {
  /** Rebuild even when the cached binary is good. */
  force?: boolean;
  /** Build output, line by line. */
  log?: (line: string) => void;
}

export function builder(): Builder {
  return process.env.CAP_K6_BUILDER === "xk6" ? "xk6" : "local";
}

/** What the binary should have been built from, for the chosen builder. */
export function wantedFingerprint(chosen: Builder = builder()): string {
  const pins = chosen === "xk6" ? [K6_VERSION, XK6_VERSION, XK6_SSE_MODULE] : [K6_VERSION];
  return fingerprint(chosen, pins, K6_SOURCE_DIR);
}

/**
 * The folder of the build of these pins (k6's version, the builder, the extension's sources: the fingerprint), in
 * the per-user cache: every clone and every install whose pins are the same shares it, and a checkout or package
 * with other pins keeps its own beside it instead of rebuilding over it.
 */
export function k6BuildDir(wanted: string = wantedFingerprint()): string {
  const [chosen, hash = ""] = wanted.split(":");
  return join(CACHE_DIR, "k6", `${K6_VERSION}-${chosen}-${hash.slice(0, 16)}`);
}

/** The k6 to run: K6_BIN, else the cached build of these pins, else a fresh build into the cache. */
export async function ensureK6(options: EnsureOptions = {}): Promise<K6Binary> {
  const log = options.log ?? (() => undefined);
  const fromEnv = process.env.K6_BIN;
  if (fromEnv) {
    const version = await k6Version(fromEnv);
    if (version === undefined) throw new K6Unavailable(`K6_BIN=${fromEnv} is not a runnable k6 binary`);
    if (!version.includes(SSE_MODULE_NAME)) {
      throw new K6Unavailable(`K6_BIN=${fromEnv} does not list the ${SSE_MODULE_NAME} extension in \`k6 version\``);
    }
    return { bin: fromEnv, version };
  }
  const wanted = wantedFingerprint();
  const dir = k6BuildDir(wanted);
  const bin = join(dir, "k6");
  if (!options.force && existsSync(bin)) {
    const version = await k6Version(bin);
    const stale =
      version === undefined || !isExpected(version)
        ? `it is not ${K6_VERSION} with ${SSE_MODULE_NAME}`
        : staleReason(bin, wanted);
    if (stale === undefined && version !== undefined) return { bin, version };
    log(`cached k6 at ${bin} is unusable (${stale}); rebuilding`);
  }
  const problem = await goProblem();
  if (problem) throw new K6Unavailable(problem);

  mkdirSync(dir, { recursive: true });
  // Build beside the final path and rename: two concurrent builds never leave a torn binary.
  const partial = `${bin}.partial-${process.pid}`;
  log(
    `building k6 ${K6_VERSION} with ${SSE_MODULE_NAME} into ${dir}: once for these pins (a first build on a machine takes minutes), then every clone and install with them reuses it`,
  );
  const started = Date.now();
  try {
    if (builder() === "local") await buildLocal(partial, log);
    else {
      const [command, args, cwd] = buildCommand(partial);
      log(`${command} ${args.join(" ")} (in ${cwd})`);
      const code = await runCommand(command, args, {
        cwd,
        env: goEnv(GO_DIR),
        timeoutMs: BUILD_TIMEOUT_MS,
        onLine: log,
      });
      if (code !== 0) throw new K6Unavailable(`the k6 build failed (exit ${code}); its output is above`);
    }
    const version = await k6Version(partial);
    if (version === undefined || !isExpected(version)) {
      throw new K6Unavailable(
        `the built k6 does not report ${K6_VERSION} with ${SSE_MODULE_NAME}: ${version ?? "no output"}`,
      );
    }
    renameSync(partial, bin);
    storeFingerprint(bin, wanted);
    log(`k6 built in ${((Date.now() - started) / 1000).toFixed(0)} s: ${bin}`);
    return { bin, version, buildMs: Date.now() - started };
  } finally {
    rmSync(partial, { force: true });
  }
}

/**
 * The local builder in two steps, each saying how far it got every few seconds: the modules go.sum names
 * (`go mod download`), then the packages k6 imports (`go build -v`, the same build as buildCommand's).
 */
async function buildLocal(output: string, log: (line: string) => void): Promise<void> {
  const goSum = readFileSync(join(K6_SOURCE_DIR, "go.sum"), "utf8");
  const modules = goSum.split("\n").filter((line) => / h1:/.test(line) && !/\/go\.mod h1:/.test(line)).length;
  await goStep(["mod", "download", "-x"], { ...DOWNLOAD, total: modules }, log);
  let packages = 0;
  const listed = await runCommand("go", ["list", "-deps", "."], {
    cwd: K6_SOURCE_DIR,
    env: goEnv(GO_DIR),
    timeoutMs: BUILD_TIMEOUT_MS,
    onLine: (line) => {
      if (line.trim() !== "") packages++;
    },
  });
  const [, args] = buildCommand(output);
  await goStep(["build", "-v", ...args.slice(1)], { ...COMPILE, ...(listed === 0 ? { total: packages } : {}) }, log);
}

async function goStep(args: string[], step: Step, log: (line: string) => void): Promise<void> {
  const progress = new BuildProgress(step, (line) => log(line));
  const code = await runCommand("go", args, {
    cwd: K6_SOURCE_DIR,
    env: goEnv(GO_DIR),
    timeoutMs: BUILD_TIMEOUT_MS,
    onLine: (line) => progress.line(line),
  }).catch((error: unknown) => {
    progress.finish(false);
    throw error;
  });
  progress.finish(code === 0);
  if (code !== 0) {
    throw new K6Unavailable(
      `the k6 build failed at \`go ${args.join(" ")}\` (exit ${code}); Go's last lines are above`,
    );
  }
}

/** The exact command, arguments and working directory of the chosen builder. */
export function buildCommand(output: string): [string, string[], string] {
  if (builder() === "xk6") {
    return [
      "go",
      ["run", `go.k6.io/xk6/cmd/xk6@${XK6_VERSION}`, "build", K6_VERSION, "--with", XK6_SSE_MODULE, "--output", output],
      REPO_ROOT,
    ];
  }
  return ["go", ["build", "-trimpath", "-o", output, "."], K6_SOURCE_DIR];
}

function isExpected(version: string): boolean {
  // The first line is "<binary name> v1.8.1 (go..., os/arch)"; extensions are listed below it.
  return version.split("\n")[0]?.includes(` ${K6_VERSION} `) === true && version.includes(SSE_MODULE_NAME);
}

export function k6Version(bin: string): Promise<string | undefined> {
  return commandOutput(bin, ["version"]);
}

async function main(): Promise<number> {
  try {
    const result = await ensureK6({ force: process.argv.includes("--force"), log: (line) => console.log(line) });
    const how = result.buildMs === undefined ? "already built" : `built in ${(result.buildMs / 1000).toFixed(1)} s`;
    console.log(`k6 ready (${how}): ${result.bin}\n${result.version.trim()}`);
    return 0;
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    return error instanceof K6Unavailable ? 2 : 1;
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await main();
}
