// The k6 scenarios call operations by the names of the one table (spec/operations.ts); their bundle carries the
// table's paths, not the table (no zod in a k6 bundle).
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { bundleScenario } from "../../load/bundle.ts";
import { path } from "../../load/lib/operations.ts";
import { OPERATIONS } from "../../spec/operations.ts";

describe("load paths", () => {
  it("are the table's, filled and encoded", () => {
    expect(path("agent.publish", { agent_id: "a/b" })).toBe("/v1/agents/a%2Fb/publish");
    expect(path("remote-number.list", { account_id: "x" })).toBe(
      OPERATIONS["remote-number.list"].path.replace("{account_id}", "x"),
    );
    expect(() => path("call.get")).toThrow(/session_id missing/);
  });

  it("reach a bundle as the table's paths, without zod", async () => {
    const bundle = readFileSync(
      await bundleScenario("api-mix", mkdtempSync(join(tmpdir(), "cap-load-operations-"))),
      "utf8",
    );
    expect(bundle).toContain(OPERATIONS["agent.publish"].path);
    expect(bundle).not.toMatch(/\bZodError\b|zod/);
  });
});
