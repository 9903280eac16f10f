// `cap-conformance load` arguments: parsed, checked, and turned into the CAP_* environment the
// k6 scenarios read (load/README.md, "Environment the scenarios read").
import { scenarioNames } from "../load/bundle.ts";
import { durationMs } from "../load/lib/duration.ts";
import { LOAD_FLAGS } from "./command-flags.ts";
import { parseFlags, stringFlag } from "./flags.ts";

/** Where a mistake in the arguments points to: the help lists every flag (cli/command-flags.ts, LOAD_FLAGS). */
export const USAGE = "cap-conformance load --help lists the flags and the scenarios";

export interface LoadArgs {
  scenario: string;
  target?: string;
  duration: string;
  region?: string;
  reportDir?: string;
  minuteMs: number;
  keepAliveMs?: number;
  /** k6 processes the run is split over (execution segments); 1 runs it whole. */
  instances: number;
  /** CAP_* variables from the numeric flags that were given. */
  env: Record<string, string>;
}

/** Positive-integer flags and the variable each sets. */
const NUMERIC = {
  rate: "CAP_RATE",
  vus: "CAP_VUS",
  conversations: "CAP_CONVERSATIONS",
  subscribers: "CAP_SUBSCRIBERS",
  "keep-alive-ms": "CAP_KEEPALIVE_MS",
} as const;

export function parseLoadArgs(argv: string[]): LoadArgs {
  const { values } = parseFlags(LOAD_FLAGS, argv);
  const scenario = values.scenario;
  if (!scenario) throw new Error("--scenario is required");
  if (!scenarioNames().includes(scenario)) {
    throw new Error(`unknown scenario "${scenario}"; known: ${scenarioNames().join(", ")}`);
  }
  const duration = stringFlag(LOAD_FLAGS, values, "duration");
  durationMs(duration); // throws on a malformed duration
  const env: Record<string, string> = {};
  for (const [flag, variable] of Object.entries(NUMERIC) as Array<[keyof typeof NUMERIC, string]>) {
    const value = values[flag];
    if (value === undefined) continue;
    env[variable] = positive(`--${flag}`, value);
  }
  const minuteMs = positive("--minute-ms", stringFlag(LOAD_FLAGS, values, "minute-ms"));
  return {
    scenario,
    target: values.target,
    duration,
    region: values.region,
    reportDir: values["report-dir"],
    minuteMs: Number(minuteMs),
    keepAliveMs: env.CAP_KEEPALIVE_MS === undefined ? undefined : Number(env.CAP_KEEPALIVE_MS),
    instances: Number(positive("--instances", stringFlag(LOAD_FLAGS, values, "instances"))),
    env,
  };
}

function positive(flag: string, value: string): string {
  if (!/^[1-9]\d*$/.test(value)) throw new Error(`${flag} must be a positive integer`);
  return value;
}
