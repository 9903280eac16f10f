#!/usr/bin/env node
// In a source checkout (cli/main.ts beside bin/), tsx compiles the TypeScript on load, so there is no build
// step. The published package carries no TypeScript: its modules are compiled into dist/ at `npm pack`
// (scripts/build-dist.ts), and tsx is not among its dependencies.
import { existsSync } from "node:fs";

const fromSource = existsSync(new URL("../cli/main.ts", import.meta.url));
if (fromSource) (await import("tsx/esm/api")).register();
const modules = fromSource ? { dir: "..", ext: "ts" } : { dir: "../dist", ext: "js" };
const load = (path) => import(new URL(`${modules.dir}/${path}.${modules.ext}`, import.meta.url).href);

const problem = (await load("cli/node-support")).unsupportedNode(process.versions.node);
if (problem === undefined) {
  const { main } = await load("cli/main");
  process.exitCode = await main(process.argv.slice(2));
} else {
  console.error(`error: ${problem}`);
  process.exitCode = 2;
}
