// Loaded by vitest before every suite file: secrets to redact, and the end-of-file cleanup.
import { afterAll } from "vitest";
import { targetSecrets } from "../spec/target.ts";
import { registerSecret } from "./redact.ts";
import { cleanupAll } from "./resources.ts";
import { runConfig } from "./run-config.ts";
import { suiteOfFile } from "./suite-files.ts";

for (const value of targetSecrets(runConfig().target)) registerSecret(value);

// vitest requires an object pattern for the (unused) hook context.
// biome-ignore lint/correctness/noEmptyPattern: vitest reads the parameter list
afterAll(async ({}, suite) => {
  const leftovers = await cleanupAll(suiteOfFile(suite.file.filepath));
  // The suite-file task is what the collector reads leftovers from.
  if (leftovers.length > 0) suite.meta.leftovers = leftovers;
});
