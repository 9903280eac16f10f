// The k6 scenarios keep their own copy of the paths (no zod in a k6 bundle); the profile's
// assumptions must be the same paths.
import { describe, expect, it } from "vitest";
import { PATHS, path } from "../../load/lib/operations.ts";
import { DEFAULT_OPERATIONS } from "../../spec/profile.ts";

describe("load paths", () => {
  it("match every profile operation they share a name with", () => {
    const shared = Object.keys(PATHS).filter((name) => name in DEFAULT_OPERATIONS);
    expect(shared.length).toBeGreaterThanOrEqual(9);
    for (const name of shared) {
      expect(PATHS[name as keyof typeof PATHS], name).toBe(
        DEFAULT_OPERATIONS[name as keyof typeof DEFAULT_OPERATIONS].path,
      );
    }
  });

  it("fill and encode path parameters", () => {
    expect(path("agent.publish", { agent_id: "a/b" })).toBe("/v1/agents/a%2Fb/publish");
    expect(() => path("call.get")).toThrow(/session_id missing/);
  });
});
