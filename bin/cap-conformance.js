#!/usr/bin/env node
// The package ships TypeScript sources; tsx compiles them on load so there is no build step.
import { register } from "tsx/esm/api";

register();
const problem = (await import("../cli/node-support.ts")).unsupportedNode(process.versions.node);
if (problem === undefined) {
  const { main } = await import("../cli/main.ts");
  process.exitCode = await main(process.argv.slice(2));
} else {
  console.error(`error: ${problem}`);
  process.exitCode = 2;
}
