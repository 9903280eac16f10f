// A `node` on PATH outside node_modules that is older than the package runs on (the machine's own Node 20 here,
// which npm's PATH for `npm test` puts behind the checkout's pinned Node): the tests of the refusal run it.
import { spawnSync } from "node:child_process";
import { delimiter, join } from "node:path";
import { atLeast, oldestNode } from "../../bin/node-version.js";

function olderNode(): string | undefined {
  for (const dir of (process.env.PATH ?? "").split(delimiter)) {
    if (dir === "" || dir.includes("node_modules")) continue;
    const result = spawnSync(join(dir, "node"), ["--version"], { encoding: "utf8" });
    const version = result.stdout?.trim().replace(/^v/, "");
    if (result.status === 0 && version && !atLeast(version, oldestNode())) return join(dir, "node");
  }
  return undefined;
}

export const OLDER_NODE = olderNode();
