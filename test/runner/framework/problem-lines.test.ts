// One reading of a 422 line's path for every check: 7 gives the form `field.path: problem` and shows no index
// notation, so an index written `[0]` or `.0` names the same field (vendor trial B3).
import { describe, expect, it } from "vitest";
import { canonicalPath, lineNames, linePath } from "../../../runner/framework/problem-lines.ts";

describe("linePath", () => {
  it("reads an index in brackets as a dotted segment", () => {
    expect(linePath("tools[0].tool_version: must be an integer")).toBe("tools.0.tool_version");
    expect(linePath("tools.0.tool_version: must be an integer")).toBe("tools.0.tool_version");
    expect(linePath("agent_team.members[12][3].x: bad")).toBe("agent_team.members.12.3.x");
    expect(canonicalPath("[0].name")).toBe("0.name");
  });

  it("is undefined for a line that is no problem line", () => {
    expect(linePath("validation failed")).toBeUndefined();
  });
});

describe("lineNames", () => {
  it("names a field exactly, under it or ending in it, as asked", () => {
    const line = "agent_team.members[0].agent_version: must be an integer";
    expect(lineNames(line, "agent_team.members.0.agent_version")).toBe(true);
    expect(lineNames(line, "agent_team.members[0].agent_version")).toBe(true);
    expect(lineNames(line, "agent_version")).toBe(false);
    expect(lineNames(line, "agent_version", "ending")).toBe(true);
    expect(lineNames(line, "agent_team", "under")).toBe(true);
    expect(lineNames(line, "agent_team", "ending")).toBe(false);
  });

  it("does not take a cut path or a longer name for the field", () => {
    expect(lineNames("tools.0: must be an integer", "tools.0.tool_version", "ending")).toBe(false);
    expect(lineNames("tools.0.tool_version_x: bad", "tools.0.tool_version")).toBe(false);
    expect(lineNames("xagent_version: bad", "agent_version", "ending")).toBe(false);
  });
});
