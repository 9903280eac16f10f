#!/usr/bin/env node
// In a source checkout (cli/main.ts beside bin/), tsx compiles the TypeScript on load, so there is no build
// step. The published package carries no TypeScript: its modules are compiled into dist/ at `npm pack`
// (scripts/build-dist.ts), and tsx is not among its dependencies.
import { existsSync } from "node:fs";
import { thisNodeProblem } from "./node-version.js";

// First, before anything this Node may be unable to load (bin/node-version.js says why).
const problem = thisNodeProblem(["cap-conformance", ...process.argv.slice(2)]);
if (problem !== undefined) {
  console.error(`error: ${problem}`);
  process.exit(2);
}

/**
 * What a command loads by the hundred of modules, in a source checkout (see below): vitest, for the commands
 * that start it. (The servers' start is their own modules; a preload measured no gain there.)
 */
const VITEST_DEPENDENCIES = ["vitest/node", "zod", "undici"];
const PRELOADED = { run: VITEST_DEPENDENCIES, clauses: VITEST_DEPENDENCIES };

const fromSource = existsSync(new URL("../cli/main.ts", import.meta.url));
if (fromSource) {
  // Every module loaded after tsx registers goes through its hooks, which costs little for the harness's own
  // files and much for a dependency of hundreds of modules (vitest/node: 0.4 s alone, 1.4 s through them). So
  // what a command loads by the hundred is loaded first: a run's start went from 2.9 to 1.0 CPU-seconds.
  const heavy = PRELOADED[process.argv[2]] ?? [];
  await Promise.all(heavy.map((name) => import(name).catch(() => undefined)));
  (await import("tsx/esm/api")).register();
}
const modules = fromSource ? { dir: "..", ext: "ts" } : { dir: "../dist", ext: "js" };
const load = (path) => import(new URL(`${modules.dir}/${path}.${modules.ext}`, import.meta.url).href);

const { main } = await load("cli/main");
process.exitCode = await main(process.argv.slice(2));
