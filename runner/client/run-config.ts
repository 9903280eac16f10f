// What a worker runs with: the run settings the CLI wrote (protocol.ts) and the target they name.
import { readFileSync } from "node:fs";
import { Target } from "../../spec/target.ts";
import { type RunSettings, readSettings } from "../contract.ts";

export interface RunConfig extends RunSettings {
  target: Target;
}

let cached: RunConfig | undefined;

export function runConfig(): RunConfig {
  if (cached !== undefined) return cached;
  const settings = readSettings();
  cached = { ...settings, target: Target.parse(JSON.parse(readFileSync(settings.targetFile, "utf8"))) };
  return cached;
}
