// `cap-conformance simulate`: only the simulators, for a vendor's own server to be wired to. The
// target file it writes has no regions; `run --target FILE --base-url URL` completes it.
import { parseArgs } from "node:util";
import { startSimulators } from "../simulators/stack.ts";
import { untilStopped, writeTargetFile } from "./serving.ts";
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
  const stopped = untilStopped(signal);
  writeTargetFile(values.out, simulators.target);
  for (const [name, url] of Object.entries(simulators.target.simulators)) console.log(`${name.padEnd(14)} ${url}`);
  console.log(`Target file (no regions yet): ${values.out}; check your server with`);
  console.log(`  npx cap-conformance run --target ${values.out} --base-url http://your-server`);
  await stopped;
  await simulators.close();
  return 0;
}
