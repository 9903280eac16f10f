// bin/ refuses a Node older than the dependencies run on, saying which it needs, and package.json's engines
// states the same oldest version.
import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { OLDEST_NODE, unsupportedNode } from "../../cli/node-support.ts";

test("Node 20 and 22 before 22.22 are refused with the version needed; 22.22+, 24 and later run", () => {
  for (const version of ["20.20.2", "22.21.1", "18.20.8"]) {
    expect(unsupportedNode(version), version).toBe(
      `cap-conformance needs Node 22.22.0 or later (22 or 24); this is Node ${version}`,
    );
  }
  for (const version of ["22.22.0", "22.23.3", "24.0.0", "24.21.0", "26.1.0"]) {
    expect(unsupportedNode(version), version).toBeUndefined();
  }
});

test("package.json's engines starts at the same oldest Node", () => {
  const { engines } = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as {
    engines: { node: string };
  };
  expect(engines.node.split(" || ")[0]).toBe(`^${OLDEST_NODE}`);
});
