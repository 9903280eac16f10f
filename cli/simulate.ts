// `cap-conformance simulate`: only the simulators, for a vendor's own server to be wired to. The
// target file it writes has no regions; `run --target FILE --base-url URL` completes it.
// Loopback by default. `--listen HOST` serves them on another address (a cluster's pod, see
// deploy/), which exposes their unauthenticated admin APIs to whoever reaches it: it needs the
// URLs they are reached at, `--public-host` (with `--port`) or one `--public-url NAME=URL` each.
// `--workers N` puts N front worker processes before the carrier's and the provider's ports
// (ARCHITECTURE.md, "Simulators behind several processes").
import {
  isLoopbackHost,
  SIMULATOR_NAMES,
  type SimulatorName,
  type SimulatorNetwork,
  startSimulators,
} from "../simulators/stack.ts";
import { SIMULATE_FLAGS } from "./command-flags.ts";
import { parseFlags, stringFlag } from "./flags.ts";
import { untilStopped, writeTargetFile } from "./serving.ts";
import { UsageError } from "./usage-error.ts";

export async function simulateCommand(argv: string[], signal?: AbortSignal): Promise<number> {
  const { values } = parseFlags(SIMULATE_FLAGS, argv);
  const flags = {
    listen: stringFlag(SIMULATE_FLAGS, values, "listen"),
    port: stringFlag(SIMULATE_FLAGS, values, "port"),
    "public-url": values["public-url"] ?? [],
    ...(values["public-host"] === undefined ? {} : { "public-host": values["public-host"] }),
  };
  const out = stringFlag(SIMULATE_FLAGS, values, "out");
  const minuteMs = Number(stringFlag(SIMULATE_FLAGS, values, "minute-ms"));
  if (!(minuteMs > 0)) throw new UsageError("--minute-ms must be positive");
  const network = { ...simulatorNetwork(flags), workers: workersFlag(stringFlag(SIMULATE_FLAGS, values, "workers")) };
  const simulators = await startSimulators(minuteMs, network);
  const stopped = untilStopped(signal);
  writeTargetFile(out, simulators.target);
  if (!isLoopbackHost(network.host ?? "127.0.0.1")) {
    console.log(
      `Listening on ${network.host}: the simulators' admin APIs (/_admin: mint and revoke credentials, script calls, read deliveries) answer anyone who reaches them, and the carrier calls back any address it is given.`,
    );
  }
  for (const [name, url] of Object.entries(simulators.target.simulators)) console.log(`${name.padEnd(14)} ${url}`);
  console.log(`Target file (no regions yet): ${out}; check your server with`);
  console.log(`  npx cap-conformance run --target ${out} --base-url http://your-server`);
  await stopped;
  await simulators.close();
  return 0;
}

/** Front workers before the carrier's and the provider's ports: a whole number, 0 for none. */
export function workersFlag(text: string): number {
  const workers = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!(workers >= 0 && workers <= MAX_WORKERS))
    throw new UsageError(`--workers must be a whole number from 0 to ${MAX_WORKERS}`);
  return workers;
}

/** Far beyond what one machine's cores make useful; a typo should not fork hundreds of processes. */
const MAX_WORKERS = 64;

interface NetworkFlags {
  listen: string;
  port: string;
  "public-host"?: string;
  "public-url": string[];
}

/** The flags as a SimulatorNetwork; refuses what would advertise an address nobody can reach. */
export function simulatorNetwork(flags: NetworkFlags): SimulatorNetwork {
  const port = Number(flags.port);
  if (!Number.isInteger(port) || port < 0 || port + SIMULATOR_NAMES.length - 1 > 65_535) {
    throw new UsageError(
      `--port must be a port number (the simulators take it and the next ${SIMULATOR_NAMES.length - 1})`,
    );
  }
  const publicUrls: Partial<Record<SimulatorName, string>> = {};
  if (flags["public-host"] !== undefined) {
    if (port === 0) throw new UsageError("--public-host needs --port: the advertised URLs name the ports");
    SIMULATOR_NAMES.forEach((name, i) => {
      publicUrls[name] = `http://${flags["public-host"]}:${port + i}`;
    });
  }
  for (const pair of flags["public-url"]) {
    const at = pair.indexOf("=");
    const name = pair.slice(0, at).replace(/-/g, "_") as SimulatorName;
    if (at < 0 || !SIMULATOR_NAMES.includes(name)) {
      throw new UsageError(`--public-url takes NAME=URL with NAME one of ${SIMULATOR_NAMES.join(", ")}`);
    }
    const url = pair.slice(at + 1);
    if (!/^https?:\/\/[^/]+/.test(url) || !URL.canParse(url))
      throw new UsageError(`--public-url ${name}: "${url}" is not an http(s) URL`);
    publicUrls[name] = url;
  }
  if (!isLoopbackHost(flags.listen)) {
    const missing = SIMULATOR_NAMES.filter((name) => publicUrls[name] === undefined);
    if (missing.length > 0) {
      throw new UsageError(
        `--listen ${flags.listen} serves the simulators beyond this machine: give the URLs they are reached at (--public-host HOST with --port N, or --public-url NAME=URL); missing: ${missing.join(", ")}`,
      );
    }
  }
  return { host: flags.listen, port, publicUrls };
}
