// `cap-conformance doctor` against `serve` in its own process: a ready target, a credential in the wrong slot, a
// target that is not wired, one that does not answer; it never prints a credential and changes nothing.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { request } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Target, targetSecrets } from "../../spec/target.ts";
import { runCli, type Served, serve, serveInProcess } from "../helpers/cli.ts";

const dir = mkdtempSync(join(tmpdir(), "cap-doctor-"));
let served: Served;
let target: Target;

beforeAll(async () => {
  served = await serve([], dir, 60_000);
  target = Target.parse(JSON.parse(readFileSync(served.targetFile, "utf8")));
}, 90_000);

afterAll(async () => {
  await served?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** What the admin sees of the workspace's provider keys and calls: doctor must leave both as they were. */
async function workspaceState(): Promise<string> {
  const base = target.regions[0]!.base_url.replace(/\/$/, "");
  const read = async (path: string) => {
    const response = await request(base + path, {
      headers: { authorization: `Bearer ${target.credentials.admin}` },
      signal: AbortSignal.timeout(10_000),
    });
    return `${response.statusCode} ${await response.body.text()}`;
  };
  return `${await read("/v1/byok")}\n${await read("/v1/calls")}`;
}

const secrets = () => targetSecrets(target);

describe("cap-conformance doctor", () => {
  it("says a served platform is ready: each credential resolves to its slot's role, nothing changed", {
    timeout: 60_000,
  }, async () => {
    const before = await workspaceState();
    const result = await runCli(["doctor", "--target", served.targetFile], { timeoutMs: 50_000 });
    expect(result.code, result.stdout + result.stderr).toBe(0);
    for (const [slot, role] of [
      ["admin", "ADMIN"],
      ["editor", "EDITOR"],
      ["viewer", "VIEWER"],
    ]) {
      expect(result.stdout).toMatch(
        new RegExp(`✓ ${slot} +resolves to ${role} \\(the target file calls it ${role}\\)`),
      );
    }
    expect(result.stdout).toContain("EDITOR gate refused (403");
    expect(result.stdout).toContain("control-plane simulator: VIEWER");
    expect(result.stdout).toContain("no kind of clause will be skipped");
    expect(result.stdout).toContain("Ready: a run would go as the target file says.");
    // Where the checks found the provider simulator, and what they will build agents on.
    expect(result.stdout).toContain("✓ simai: llm sim-chat-1, sim-chat-mini, sim-reasoner-1; stt sim-whisper-1;");
    expect(result.stdout).toContain("✓ simvoice: stt simvoice-stt-stream; tts simvoice-tts-1");
    expect(result.stdout).toContain("agents are built on the first of each kind: llm simai/sim-chat-1, stt simai/");
    for (const secret of secrets()) expect(result.stdout + result.stderr).not.toContain(secret);
    expect(await workspaceState()).toBe(before);
  });

  it("finds the provider simulator under the ids and in the order a catalog lists it", {
    timeout: 90_000,
  }, async () => {
    const other = mkdtempSync(join(tmpdir(), "cap-doctor-acme-"));
    const acme = await serveInProcess(["--variant", "provider-listed-as-acme", "--variant", "catalog-reversed"], other);
    try {
      const result = await runCli(["doctor", "--target", acme.targetFile, "--json"], { timeoutMs: 50_000 });
      expect(result.code, result.stdout + result.stderr).toBe(0);
      const { provider } = JSON.parse(result.stdout) as { provider: { wired: Record<string, unknown[]> } };
      expect(provider.wired.llm?.[0]).toEqual({ provider: "acme-models", model: "sim-reasoner-1" });
      expect(provider.wired.stt?.[0]).toEqual({ provider: "acme-speech", model: "simvoice-stt-stream" });
      expect(provider.wired.avatar).toEqual([]);
    } finally {
      await acme.stop();
      rmSync(other, { recursive: true, force: true });
    }
  });

  it("names a credential in the wrong slot, and exits 1", { timeout: 60_000 }, async () => {
    const result = await runCli(["doctor", "--target", served.targetFile], {
      timeoutMs: 50_000,
      env: { CAP_TOKEN_EDITOR: target.credentials.viewer },
    });
    expect(result.code, result.stdout + result.stderr).toBe(1);
    expect(result.stdout).toContain("Setup mistakes (a run stops on these before its first check, exit 2):");
    expect(result.stdout).toMatch(
      /✗ the editor credential \(credentials\.editor in the target file, --token-editor or CAP_TOKEN_EDITOR\): it resolves to VIEWER, not EDITOR \(the control-plane simulator's verdict\)\. Give the token of an EDITOR member here/,
    );
    expect(result.stdout).toContain("editor token from CAP_TOKEN_EDITOR, replacing the target file's");
    for (const secret of secrets()) expect(result.stdout + result.stderr).not.toContain(secret);
  });

  it("says which clause kinds a target without wiring or test hooks will skip (--json)", {
    timeout: 60_000,
  }, async () => {
    const bare = join(dir, "bare.json");
    const { test_control: _hooks, simulators: _simulators, ...rest } = target;
    writeFileSync(bare, JSON.stringify({ ...rest, wired: false, regions: target.regions.slice(0, 1) }));
    const result = await runCli(["doctor", "--target", bare, "--json"], { timeoutMs: 50_000 });
    expect(result.code, result.stdout + result.stderr).toBe(0);
    const findings = JSON.parse(result.stdout) as {
      ready: boolean;
      skipped: Array<{ kind: string; count: number }>;
      credentials: Array<{ slot: string; role?: string }>;
    };
    expect(findings.ready).toBe(true);
    expect(findings.skipped.map((s) => s.kind)).toEqual(["needs-wiring", "needs-test-control"]);
    expect(findings.skipped.every((s) => s.count > 0)).toBe(true);
    expect(findings.credentials.map((c) => [c.slot, c.role])).toEqual([
      ["admin", "ADMIN"],
      ["editor", "EDITOR"],
      ["viewer", "VIEWER"],
      ["session_cookie", "ADMIN"],
    ]);
    const text = await runCli(["doctor", "--target", bare], { timeoutMs: 50_000 });
    expect(text.stdout).toContain("clauses will be skipped: the target is not wired");
    expect(text.stdout).toContain("checks needing two regions will be skipped: one region named");
  });

  it("exits 2 when the target does not answer", { timeout: 60_000 }, async () => {
    const result = await runCli(["doctor", "--base-url", "http://127.0.0.1:9", "--timeout-ms", "1000"], {
      timeoutMs: 50_000,
      env: {
        CAP_TOKEN_ADMIN: "doctor-admin-x",
        CAP_TOKEN_EDITOR: "doctor-editor-x",
        CAP_TOKEN_VIEWER: "doctor-viewer-x",
      },
    });
    expect(result.code, result.stdout + result.stderr).toBe(2);
    expect(result.stderr).toContain("error: the target does not answer: GET http://127.0.0.1:9/health");
  });
});
