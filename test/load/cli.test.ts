// `cap-conformance load` refuses what it cannot run with exit 2 and a clear message, before
// building or starting anything.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { loadCommand } from "../../cli/load.ts";
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
  ])("%j is refused with exit 2", async (argv, message) => {
    const { code, said } = await refused(argv);
    expect(code).toBe(2);
    expect(said).toMatch(message);
    expect(said).toContain("usage: cap-conformance load");
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
