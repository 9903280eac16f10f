// `cap-conformance load` refuses what it cannot run with exit 2 and a clear message, before
// building or starting anything.
import { spawn } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { loadCommand } from "../../cli/load.ts";
import { parseLoadArgs } from "../../cli/load-args.ts";
import { REPO_ROOT } from "../../load/build-k6.ts";
import { GO_MISSING } from "../../load/go-toolchain.ts";
import { durationMs } from "../../load/lib/duration.ts";

const dir = mkdtempSync(join(tmpdir(), "cap-load-cli-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

async function refused(argv: string[]): Promise<{ code: number; said: string }> {
  const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
  const code = await loadCommand(argv);
  return { code, said: errors.mock.calls.map((c) => c.join(" ")).join("\n") };
}

const validTarget = {
  regions: [{ name: "r1", base_url: "http://127.0.0.1:9" }],
  credentials: { admin: "secret-admin-token", editor: "e", viewer: "v" },
};

describe("load command arguments", () => {
  it.each([
    [[], /--scenario is required/],
    [["--scenario", "nope"], /unknown scenario "nope"; known: api-mix, calls, soak, streams/],
    [["--scenario", "api-mix", "--duration", "soon"], /not a duration: "soon"/],
    [["--scenario", "api-mix", "--rate", "0"], /--rate must be a positive integer/],
    [["--scenario", "api-mix", "--bogus"], /Unknown option '--bogus'/],
    [["--scenario", "streams", "--subscribers", "two"], /--subscribers must be a positive integer/],
    [["--scenario", "streams", "--keep-alive-ms", "0"], /--keep-alive-ms must be a positive integer/],
    [["--scenario", "api-mix", "--instances", "0"], /--instances must be a positive integer/],
    [["merge"], /give the instances' report directories/],
  ])("%j is refused with exit 2", async (argv, message) => {
    const { code, said } = await refused(argv);
    expect(code).toBe(2);
    expect(said).toMatch(message);
    expect(said).toContain("cap-conformance load --help lists the flags");
  });

  it("merge refuses (exit 2) a directory without a load summary", async () => {
    const { code, said } = await refused(["merge", join(dir, "no-such-instance")]);
    expect(code).toBe(2);
    expect(said).toMatch(/load merge: cannot read .*no-such-instance\/summary\.json: ENOENT/);
  });

  it("refuses a target file it cannot read", async () => {
    const { code, said } = await refused(["--scenario", "api-mix", "--target", join(dir, "absent.json")]);
    expect(code).toBe(2);
    expect(said).toMatch(/cannot read the target file .*absent\.json: ENOENT/);
  });

  it("refuses a target file that is not a target, naming fields but never values", async () => {
    const file = join(dir, "bad.json");
    writeFileSync(file, JSON.stringify({ ...validTarget, regions: [] }));
    const { code, said } = await refused(["--scenario", "api-mix", "--target", file]);
    expect(code).toBe(2);
    expect(said).toMatch(/does not match the target schema:\n\s+regions:/);
    expect(said).not.toContain("secret-admin-token");
  });

  it("refuses a K6_BIN that is not k6", async () => {
    const file = join(dir, "target.json");
    writeFileSync(file, JSON.stringify(validTarget));
    vi.stubEnv("K6_BIN", join(dir, "no-such-k6"));
    const { code, said } = await refused(["--scenario", "api-mix", "--target", file]);
    expect(code).toBe(2);
    expect(said).toMatch(/K6_BIN=.*no-such-k6 is not a runnable k6 binary/);
  });
});

describe("load command flags", () => {
  it("pass the streams knobs to the scenario as CAP_* variables", () => {
    const args = parseLoadArgs([
      "--scenario",
      "streams",
      "--vus",
      "4",
      "--conversations",
      "5",
      "--subscribers",
      "6",
      "--keep-alive-ms",
      "2000",
      "--rate",
      "3",
    ]);
    expect(args.env).toEqual({
      CAP_VUS: "4",
      CAP_CONVERSATIONS: "5",
      CAP_SUBSCRIBERS: "6",
      CAP_KEEPALIVE_MS: "2000",
      CAP_RATE: "3",
    });
    expect(args.keepAliveMs).toBe(2000);
    expect(parseLoadArgs(["--scenario", "api-mix"]).env).toEqual({});
  });
});

/** The CLI in a child process with exactly this environment (no inherited PATH, no K6_BIN). */
function cli(argv: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; said: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(REPO_ROOT, "bin", "cap-conformance.js"), ...argv], { env });
    let said = "";
    child.stdout.on("data", (chunk) => (said += chunk));
    child.stderr.on("data", (chunk) => (said += chunk));
    const timer = setTimeout(() => child.kill("SIGKILL"), 60_000);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, said });
    });
  });
}

describe("load without a usable Go", () => {
  const target = join(dir, "go-target.json");
  writeFileSync(target, JSON.stringify(validTarget));
  /** An empty cache, so no built k6 is found; PATH is only `bin`. */
  const env = (bin: string): NodeJS.ProcessEnv => ({
    PATH: bin,
    HOME: process.env.HOME,
    CAP_CACHE_DIR: mkdtempSync(join(dir, "cache-")),
  });

  it("says Go is missing (exit 2) when go is not on PATH and K6_BIN is not set", async () => {
    const bin = join(dir, "empty-bin");
    mkdirSync(bin, { recursive: true });
    const { code, said } = await cli(["load", "--scenario", "api-mix", "--target", target], env(bin));
    expect(code, said).toBe(2);
    expect(said).toContain(GO_MISSING);
  }, 60_000);

  it("says Go is too old (exit 2) when go is older than 1.25", async () => {
    const bin = join(dir, "old-go-bin");
    mkdirSync(bin, { recursive: true });
    writeFileSync(join(bin, "go"), "#!/bin/sh\necho 'go version go1.22.2 linux/amd64'\n");
    chmodSync(join(bin, "go"), 0o755);
    const { code, said } = await cli(["load", "--scenario", "api-mix", "--target", target], env(bin));
    expect(code, said).toBe(2);
    expect(said).toMatch(/Go 1\.22\.2 is installed, but the k6 build needs Go >= 1\.25/);
  }, 60_000);
});

describe("k6 durations", () => {
  it("reads the forms k6 accepts", () => {
    expect(durationMs("30s")).toBe(30_000);
    expect(durationMs("1h30m")).toBe(5_400_000);
    expect(durationMs("250ms")).toBe(250);
    expect(durationMs("1.5m")).toBe(90_000);
    expect(durationMs("45")).toBe(45_000);
  });

  it("refuses anything else", () => {
    for (const bad of ["", "s", "10x", "10s junk", "-5s"]) expect(() => durationMs(bad), bad).toThrow(/not a duration/);
  });
});
