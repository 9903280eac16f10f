// Loaded by vitest before every suite file: secrets to redact, and the end-of-file cleanup.
import { basename } from "node:path";
import { afterAll } from "vitest";
import { targetSecrets } from "../../spec/target.ts";
import { registerSecret } from "../client/redact.ts";
import { cleanupAll } from "../client/resources.ts";
import { runConfig } from "../client/run-config.ts";
import { markTraffic, trafficSince } from "../client/traffic.ts";
import { laneOfFile, suiteOfFile } from "../framework/suite-files.ts";

const started = markTraffic();

for (const value of targetSecrets(runConfig().target)) registerSecret(value);

// vitest requires an object pattern for the (unused) hook context.
// biome-ignore lint/correctness/noEmptyPattern: vitest reads the parameter list
afterAll(async ({}, suite) => {
  const leftovers = await cleanupAll(suiteOfFile(suite.file.filepath));
  // The suite-file task is what the collector reads leftovers from.
  if (leftovers.length > 0) suite.meta.leftovers = leftovers;
  suite.meta.traffic = trafficSince(started, basename(suite.file.filepath), laneOfFile(suite.file.filepath));
});
