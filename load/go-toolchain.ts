// The Go toolchain the k6 build needs: present, and at least the version load/k6/go.mod names
// (k6 v1.8.1 needs Go 1.25). Its caches live under the project's cache directory, so a rebuild
// after an extension change reuses downloads and compiled packages.
import { join } from "node:path";
import { commandOutput } from "./run-command.ts";

export const MIN_GO: readonly [number, number] = [1, 25];
const MIN_TEXT = `${MIN_GO[0]}.${MIN_GO[1]}`;

export const GO_MISSING =
  "Go is not installed (or not on PATH). The load scenarios need k6 with the k6/x/sse extension, " +
  `built once from source with Go >= ${MIN_TEXT}: install Go (e.g. \`apt-get install golang-go\` or go.dev/dl), ` +
  "or set K6_BIN to a k6 binary whose `k6 version` lists k6/x/sse.";

export function goTooOld(found: string): string {
  return (
    `Go ${found} is installed, but the k6 build needs Go >= ${MIN_TEXT} (load/k6/go.mod): ` +
    "install a newer Go (go.dev/dl), or set K6_BIN to a k6 binary whose `k6 version` lists k6/x/sse."
  );
}

/** "go version go1.26.8 linux/amd64" (or go1.25rc1, go1.25) -> "1.26.8"; undefined when not that. */
export function parseGoVersion(output: string): string | undefined {
  return /\bgo(\d+\.\d+(?:\.\d+)?)/.exec(output)?.[1];
}

export function goVersionOk(version: string): boolean {
  const [major = 0, minor = 0] = version.split(".").map(Number);
  return major > MIN_GO[0] || (major === MIN_GO[0] && minor >= MIN_GO[1]);
}

/** Undefined when `go` can build k6, else the message saying what is wrong. */
export async function goProblem(): Promise<string | undefined> {
  const output = await commandOutput("go", ["version"]);
  if (output === undefined) return GO_MISSING;
  const version = parseGoVersion(output);
  if (version === undefined) return `\`go version\` answered something unexpected: ${output.trim()}`;
  return goVersionOk(version) ? undefined : goTooOld(version);
}

/** Go's caches under `goDir` so a rebuild reuses downloads and compiled packages. */
export function goEnv(goDir: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    GOPATH: join(goDir, "path"),
    GOMODCACHE: join(goDir, "path", "pkg", "mod"),
    GOCACHE: join(goDir, "build"),
    // The repository's .git is not the module's; stamping VCS info would fail or mislead.
    GOFLAGS: "-buildvcs=false -mod=readonly",
  };
}
