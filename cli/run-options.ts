// The flags of `cap-conformance run`, in one table (cli/flags.ts): run.ts parses them, help.ts prints them, and
// tests hold every reproduce line a report prints against them (a replay command must be one `run` accepts).
import { SETTING_DEFAULTS } from "../runner/contract.ts";
import { TARGET_FLAGS } from "./command-flags.ts";
import type { FlagTable } from "./flags.ts";

/** How long --command and --image wait for the server to answer, unless told. */
export const STARTUP_TIMEOUT_MS = 60_000;

export const RUN_OPTIONS = {
  ...TARGET_FLAGS,
  target: { ...TARGET_FLAGS.target, help: `${TARGET_FLAGS.target.help}; without one, the embedded reference platform` },
  profile: {
    type: "string",
    value: "FILE",
    help: "the profile of assumptions and optional behaviours (exit 2 if it is not one)",
  },
  suite: { type: "string", value: "a,b", help: "only these suite areas (a partial run: not a certification)" },
  clause: { type: "string", value: "id,id", help: "only the checks naming these clause ids (a partial run)" },
  seed: { type: "string", value: "N", help: "the fast-check seed (default: a random one, printed)" },
  "num-runs": { type: "string", value: "N", default: SETTING_DEFAULTS.numRuns, help: "runs per property" },
  "report-dir": { type: "string", value: "DIR", default: "reports/out", help: "where the reports go" },
  har: {
    type: "string",
    value: "FILE",
    help: "also write the failed checks' exchanges as HAR 1.2 (devtools, API clients)",
  },
  "timeout-ms": {
    type: "string",
    value: "N",
    default: SETTING_DEFAULTS.timeoutMs,
    help: "bound on every request, stream read and wait",
  },
  "max-in-flight": {
    type: "string",
    value: "N",
    default: SETTING_DEFAULTS.maxInFlight,
    help: "most requests in flight to one region at once, across the whole run",
  },
  "max-body-bytes": {
    type: "string",
    value: "N",
    default: SETTING_DEFAULTS.maxBodyBytes,
    help: "the body cap: a larger response body is not read, its check errors",
  },
  fault: {
    type: "string",
    multiple: true,
    value: "NAME",
    help: "plant a fault in the embedded platform (see cap-conformance faults)",
  },
  variant: {
    type: "string",
    multiple: true,
    value: "NAME",
    help: "serve a legal variant from the embedded platform (see cap-conformance variants)",
  },
  "minute-ms": {
    type: "string",
    value: "N",
    default: 50,
    help: "real milliseconds per simulated minute of the simulators the run starts",
  },
  "add-latency-ms": {
    type: "string",
    value: "N",
    default: 0,
    help: "hold every response of the target N ms (a proxy per region), as if remote",
  },
  repeat: { type: "string", value: "N", default: 1, help: "run N times and report clauses whose verdict changed" },
  quiet: { type: "boolean", help: "no per-check lines" },
  "no-shrink": { type: "boolean", help: "report a failing property's first counterexample unshrunk" },
  bail: {
    type: "boolean",
    help: "stop at the first failed check (checks not run are reported errored: not concluded)",
  },
  expect: { type: "string", value: "FILE", help: 'known failures [{"clause", "reason", "issue"?}] (a partial run)' },
  "strict-expectations": {
    type: "boolean",
    help: "with --expect: a stale expectation (the clause now passes) fails the run",
  },
  bundle: {
    type: "string",
    value: "DIR",
    help: "write a certification bundle (needs --vendor, --product, --product-version)",
  },
  vendor: { type: "string", value: "V", help: "the bundle's vendor" },
  product: { type: "string", value: "P", help: "the bundle's product" },
  "product-version": { type: "string", value: "X", help: "the bundle's product version" },
  "target-description": {
    type: "string",
    value: "D",
    help: "the bundle's description of the target (default: how it was reached)",
  },
  command: {
    type: "string",
    value: '"..."',
    help: "start the server as a process, wait for the target file and GET /health, stop it after",
  },
  image: { type: "string", value: "IMAGE", help: "start the server as a container wired to in-process simulators" },
  env: { type: "string", multiple: true, value: "K=V", help: "with --image: an environment variable of the container" },
  port: { type: "string", value: "N", default: 8080, help: "with --image: the container's port" },
  "startup-timeout-ms": {
    type: "string",
    value: "N",
    default: STARTUP_TIMEOUT_MS,
    help: "how long --command and --image wait for the server to answer",
  },
} as const satisfies FlagTable;
