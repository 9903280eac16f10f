// `cap-conformance simulate`: only the simulators, for a vendor's own server to be wired to. The
// target file it writes has no regions; `run --target FILE --base-url URL` completes it.
import { renameSync, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { startSimulators } from "../simulators/stack.ts";
import { UsageError } from "./usage-error.ts";

export async function simulateCommand(argv: string[], signal?: AbortSignal): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: { out: { type: "string", default: "target.json" }, "minute-ms": { type: "string", default: "60000" } },
    strict: true,
  });
  const minuteMs = Number(values["minute-ms"]);
  if (!(minuteMs > 0)) throw new UsageError("--minute-ms must be positive");
  const simulators = await startSimulators(minuteMs);
  // Listening for the stop before the file exists: whoever waits for the file may signal at once.
  const stopped = new Promise<void>((resolve) => {
    process.once("SIGINT", () => resolve());
    process.once("SIGTERM", () => resolve());
    signal?.addEventListener("abort", () => resolve(), { once: true });
  });
  // The file carries the tokens: readable by its owner only. Written beside and renamed, so a process
  // waiting for the file never reads half of it.
  const partial = `${values.out}.partial-${process.pid}`;
  writeFileSync(partial, `${JSON.stringify(simulators.target, null, 2)}\n`, { mode: 0o600 });
  renameSync(partial, values.out);
  for (const [name, url] of Object.entries(simulators.target.simulators)) console.log(`${name.padEnd(14)} ${url}`);
  console.log(`Target file (no regions yet): ${values.out}; check your server with`);
  console.log(`  npx cap-conformance run --target ${values.out} --base-url http://your-server`);
  await stopped;
  await simulators.close();
  return 0;
}
