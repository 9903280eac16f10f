// `cap-conformance serve`: the reference platform wired to the simulators, until SIGINT/SIGTERM. With
// `--simulators FILE` it is wired to simulators `simulate` runs elsewhere instead of its own, and `--listen ADDRESS`
// puts its regions on an address other hosts reach (test/cli/namespaces.test.ts runs them apart).
import { resolve } from "node:path";
import { isFaultName } from "../simulators/platform/faults/index.ts";
import { isHostileName } from "../simulators/platform/hostile/index.ts";
import { startStack } from "../simulators/stack.ts";
import { SERVE_FLAGS } from "./command-flags.ts";
import { intFlag, parseFlags, stringFlag } from "./flags.ts";
import { checkProfile } from "./profile-flag.ts";
import { untilStopped, writeTargetFile } from "./serving.ts";
import { readSimulatorsFile } from "./simulators-file.ts";
import { UsageError } from "./usage-error.ts";
import { variantsFlag } from "./variant-flag.ts";

/** For a server started inside another program: what stops it, and where its lines go. */
export interface InProcess {
  signal?: AbortSignal;
  log?: (line: string) => void;
}

export async function serveCommand(argv: string[], { signal, log = console.log }: InProcess = {}): Promise<number> {
  const { values } = parseFlags(SERVE_FLAGS, argv);
  const faults = values.fault ?? [];
  const bad = faults.find((f) => !isFaultName(f));
  if (bad !== undefined) throw new UsageError(`unknown fault ${bad} (see cap-conformance faults)`);
  const variants = variantsFlag(values.variant);
  const hostile = values.hostile ?? [];
  const badHostile = hostile.find((h) => !isHostileName(h));
  if (badHostile !== undefined) {
    throw new UsageError(`unknown hostile behaviour ${badHostile} (see cap-conformance hostile)`);
  }
  const regions = intFlag(SERVE_FLAGS, values, "regions", 1);
  const port = intFlag(SERVE_FLAGS, values, "port", 0);
  const minuteMs = Number(stringFlag(SERVE_FLAGS, values, "minute-ms"));
  if (regions > 16) throw new UsageError("--regions must be 1..16");
  if (port > 65_535) throw new UsageError("--port must be 0..65535");
  if (!(minuteMs > 0)) throw new UsageError("--minute-ms must be positive");

  const listen = stringFlag(SERVE_FLAGS, values, "listen");
  if (["0.0.0.0", "::", "[::]"].includes(listen)) {
    throw new UsageError("--listen takes the address the regions are reached at (their URLs are made of it)");
  }
  const simulators = values.simulators === undefined ? undefined : readSimulatorsFile(values.simulators);
  const out = stringFlag(SERVE_FLAGS, values, "out");
  const profileFlag = stringFlag(SERVE_FLAGS, values, "profile");
  const profile = profileFlag === "default" ? "default" : resolve(profileFlag);
  checkProfile(profile);
  const stack = await startStack({
    faults: faults.filter(isFaultName),
    variants,
    hostile: hostile.filter(isHostileName),
    regions,
    port,
    minuteMs,
    profile,
    host: listen,
    simulators,
  });
  const stopped = untilStopped(signal);
  writeTargetFile(out, stack.target);
  log(`Reference platform: ${stack.target.regions.map((r) => `${r.name} ${r.base_url}`).join(", ")}`);
  if (faults.length > 0) log(`Planted faults: ${faults.join(", ")}`);
  if (variants.length > 0) log(`Legal variants: ${variants.join(", ")}`);
  if (hostile.length > 0) log(`Hostile behaviours: ${hostile.join(", ")}`);
  if (profile !== "default") log(`Serving the profile ${profile}`);
  log(`Target file: ${out} (Ctrl-C to stop)`);

  await stopped;
  await stack.close();
  return 0;
}
