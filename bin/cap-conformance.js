#!/usr/bin/env node
// The package ships TypeScript sources; tsx compiles them on load so there is no build step.
import { register } from "tsx/esm/api";

register();
const { main } = await import("../cli/main.ts");
process.exitCode = await main(process.argv.slice(2));
