// `cap-conformance load` arguments: parsed, checked, and turned into the CAP_* environment the
// k6 scenarios read (load/README.md, "Environment the scenarios read").
import { parseArgs } from "node:util";
import { scenarioNames } from "../load/bundle.ts";
import { durationMs } from "../load/lib/duration.ts";

export const USAGE = `usage: cap-conformance load --scenario NAME [--target target.json] [--duration 30s]
                             [--rate N] [--vus N] [--conversations N] [--subscribers N] [--instances N]
                             [--keep-alive-ms N] [--region NAME] [--report-dir DIR] [--minute-ms N]
       cap-conformance load merge DIR... [--report-dir DIR] [--target target.json]
  --scenario       one of: ${scenarioNames().join(", ")}
  --target         target file; without it the embedded reference platform and simulators are started
  --duration       how long the load runs (k6 duration: 30s, 5m, 1h)
  --rate           iterations (api-mix, soak), messages (streams) or calls (calls) per second
  --vus            the most virtual users a scenario may use (streams: the VUs its streams are spread over)
  --conversations  streams, soak: conversations under load
  --subscribers    streams, soak: subscribers per conversation
  --instances      split the run over N k6 processes with complementary execution segments (as
                   k6-operator does), each in DIR/instance-K, then merge them into one verdict in DIR
  --keep-alive-ms  the SSE keep-alive interval streams are judged against (default 15000, the spec's);
                   without --target the embedded platform sends them at this interval
  --region         the target region to load (default: the first)
  --report-dir     where summary.json, junit.xml and report.html go (default reports/out/load/<scenario>)
  --minute-ms      without --target: real milliseconds per simulated minute of the embedded stack (default 50)
merge            one verdict from instances' report directories (summary.json and samples.json.gz
                 each): reports in --report-dir (default reports/out/load/<scenario>-merged); with
                 --target, the carrier's concurrency timeline is charted too
Environment: K6_BIN uses that k6 (it must list k6/x/sse in \`k6 version\`) instead of building one.`;

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
  const { values } = parseArgs({
    args: argv,
    options: {
      scenario: { type: "string" },
      target: { type: "string" },
      duration: { type: "string", default: "30s" },
      region: { type: "string" },
      "report-dir": { type: "string" },
      "minute-ms": { type: "string", default: "50" },
      rate: { type: "string" },
      vus: { type: "string" },
      conversations: { type: "string" },
      subscribers: { type: "string" },
      "keep-alive-ms": { type: "string" },
      instances: { type: "string", default: "1" },
    },
    strict: true,
    allowPositionals: false,
  });
  const scenario = values.scenario;
  if (!scenario) throw new Error("--scenario is required");
  if (!scenarioNames().includes(scenario)) {
    throw new Error(`unknown scenario "${scenario}"; known: ${scenarioNames().join(", ")}`);
  }
  const duration = values.duration;
  durationMs(duration); // throws on a malformed duration
  const env: Record<string, string> = {};
  for (const [flag, variable] of Object.entries(NUMERIC) as Array<[keyof typeof NUMERIC, string]>) {
    const value = values[flag];
    if (value === undefined) continue;
    env[variable] = positive(`--${flag}`, value);
  }
  const minuteMs = positive("--minute-ms", values["minute-ms"]);
  return {
    scenario,
    target: values.target,
    duration,
    region: values.region,
    reportDir: values["report-dir"],
    minuteMs: Number(minuteMs),
    keepAliveMs: env.CAP_KEEPALIVE_MS === undefined ? undefined : Number(env.CAP_KEEPALIVE_MS),
    instances: Number(positive("--instances", values.instances)),
    env,
  };
}

function positive(flag: string, value: string): string {
  if (!/^[1-9]\d*$/.test(value)) throw new Error(`${flag} must be a positive integer`);
  return value;
}
