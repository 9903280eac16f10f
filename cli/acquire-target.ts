// Where a run's server comes from: a target the user named, a process (--command), a container
// (--image), or the embedded reference platform. Whatever was started is stopped by `release`.

import { type FaultName, isFaultName } from "../simulators/platform/faults/index.ts";
import type { Target } from "../spec/target.ts";
import { startImage } from "./container.ts";
import { launchCommand } from "./launch-command.ts";
import { explicitTarget, type TargetFlags } from "./resolve-target.ts";
import { UsageError } from "./usage-error.ts";
import { variantsFlag } from "./variant-flag.ts";

export interface AcquireFlags extends TargetFlags {
  command?: string;
  image?: string;
  env?: string[];
  fault?: string[];
  variant?: string[];
  /** With --image: the container's port. */
  port: number;
  /** How long --command and --image wait for the server to answer. */
  startupTimeoutMs: number;
}

/** The description of a target named by a file, flags and environment (cli/resolve-target.ts). */
export const TARGET_FILE = "target file";

/** The description of the embedded reference platform, which stops (with all it holds) when the run ends. */
export const EMBEDDED = "embedded reference platform";

export interface Acquired {
  target: Target;
  description: string;
  release(): Promise<void>;
}

function envPairs(pairs: string[] = []): Record<string, string> {
  const env: Record<string, string> = {};
  for (const pair of pairs) {
    const at = pair.indexOf("=");
    if (at <= 0) throw new UsageError(`--env takes KEY=VALUE, got ${pair}`);
    env[pair.slice(0, at)] = pair.slice(at + 1);
  }
  return env;
}

/** The simulators and the platform, loaded only when a run starts them: a run against a target never does. */
const stackModule = () => import("../simulators/stack.ts");

export async function acquireTarget(
  flags: AcquireFlags,
  log: (line: string) => void,
  minuteMs: number,
): Promise<Acquired> {
  const faults = flags.fault ?? [];
  const bad = faults.find((f) => !isFaultName(f));
  if (bad !== undefined) throw new UsageError(`unknown fault ${bad} (see cap-conformance faults)`);
  const { startupTimeoutMs } = flags;
  const explicit = flags.command === undefined ? explicitTarget(flags) : undefined;
  if ((explicit || flags.command || flags.image) && faults.length > 0) {
    throw new UsageError("--fault applies to the embedded platform only (use serve --fault)");
  }
  const variants = variantsFlag(flags.variant);
  if ((explicit || flags.command || flags.image) && variants.length > 0) {
    throw new UsageError("--variant applies to the embedded platform only (use serve --variant)");
  }
  if (flags.command !== undefined) {
    if (flags.target === undefined && flags["base-url"] === undefined) {
      throw new UsageError("--command needs --target FILE (which the command may write) or --base-url");
    }
    const { server, target } = await launchCommand({
      command: flags.command,
      target: () => explicitTarget(flags),
      targetFile: flags.target,
      startupTimeoutMs,
      log,
    });
    return { target, description: `process: ${flags.command}`, release: () => server.stop() };
  }
  if (flags.image !== undefined) {
    const simulators = await (await stackModule()).startSimulators(minuteMs);
    try {
      const started = await startImage({
        image: flags.image,
        port: flags.port,
        env: envPairs(flags.env),
        simulators,
        startupTimeoutMs,
      });
      return {
        target: started.target,
        description: `container: ${flags.image}`,
        release: async () => {
          await started.stop().catch(() => undefined);
          await simulators.close();
        },
      };
    } catch (error) {
      await simulators.close();
      throw error;
    }
  }
  if (explicit !== undefined) return { target: explicit, description: TARGET_FILE, release: async () => undefined };
  const stack = await (await stackModule()).startStack({
    faults: faults as FaultName[],
    variants,
    minuteMs,
    regions: 2,
    profile: flags.profile,
  });
  log(
    `Embedded reference platform: ${stack.target.regions.map((r) => `${r.name} ${r.base_url}`).join(", ")}` +
      (faults.length ? `, planted faults ${faults.join(", ")}` : "") +
      (variants.length ? `, legal variants ${variants.join(", ")}` : ""),
  );
  return { target: stack.target, description: EMBEDDED, release: stack.close };
}
