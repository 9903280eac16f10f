// The tool names the harness sends (readings.tool_names): as made under `any`, and under `identifier` a name a
// server reading tool names as a model API's function names takes, still starting with the run prefix's form.
import { expect, it } from "vitest";
import { DEFAULT_PROFILE } from "../../spec/profile.ts";
import { IDENTIFIER_NAME, identifierForm, toolNameIn } from "../../spec/tool-names.ts";

const PREFIX = "capct-1a2b3c-";
// The longest label a suite gives a tool, with a counter a long run could reach.
const made = `${PREFIX}tool-renamed-12345-9f8e7d`;

it("the default profile sends tool names as they are made", () => {
  expect(DEFAULT_PROFILE.readings.tool_names).toBe("any");
  expect(toolNameIn("any", made)).toBe(made);
});

it("an identifier name has _ for every character an identifier cannot hold, and is one", () => {
  const name = toolNameIn("identifier", made);
  expect(name).toBe("capct_1a2b3c_tool_renamed_12345_9f8e7d");
  expect(name).toMatch(IDENTIFIER_NAME);
  expect(name.startsWith(identifierForm(PREFIX))).toBe(true);
  expect(toolNameIn("identifier", name), "written twice, the same").toBe(name);
  expect(identifierForm("a.b c/d:é")).toBe("a_b_c_d__");
});

it("the identifier form refuses what the made names hold and a name too long for a function name", () => {
  expect(made).not.toMatch(IDENTIFIER_NAME);
  expect("_leading").not.toMatch(IDENTIFIER_NAME);
  expect("9lives").not.toMatch(IDENTIFIER_NAME);
  expect(`a${"b".repeat(63)}`).toMatch(IDENTIFIER_NAME);
  expect(`a${"b".repeat(64)}`).not.toMatch(IDENTIFIER_NAME);
});
