// A platform served with `readings.tool_names: identifier` (variant tool-names-identifiers) names the problem
// of a tool name that is not an identifier, at the path it was sent at; under the default profile, none.
import { expect, it } from "vitest";
import type { PlatformContext } from "../../../../simulators/platform/context.ts";
import { toolNameProblem } from "../../../../simulators/platform/tools/names.ts";
import { DEFAULT_PROFILE } from "../../../../spec/profile.ts";

const served = (tool_names: "any" | "identifier") =>
  ({ profile: { ...DEFAULT_PROFILE, readings: { ...DEFAULT_PROFILE.readings, tool_names } } }) as PlatformContext;

it("under identifier, a name with a hyphen is a problem at its path, an identifier none", () => {
  const ctx = served("identifier");
  expect(toolNameProblem(ctx, "capct-1a2b3c-tool-1-abcdef")).toMatch(/^name: a tool name is an identifier/);
  expect(toolNameProblem(ctx, "capct-x", "tools.0.tool.")).toMatch(/^tools\.0\.tool\.name: /);
  expect(toolNameProblem(ctx, "capct_1a2b3c_tool_1_abcdef")).toBeUndefined();
  expect(toolNameProblem(ctx, undefined), "a PATCH leaving the name out").toBeUndefined();
});

it("under the default reading any name is taken", () => {
  expect(toolNameProblem(served("any"), "capct-1a2b3c-tool-1-abcdef")).toBeUndefined();
  expect(toolNameProblem(served("any"), "a name with spaces")).toBeUndefined();
});
