// The flags of every command but `run` (run-options.ts), one table each (cli/flags.ts): each command parses with
// its table and help.ts prints it, so `--help` lists every flag a command takes with its default.
import type { FlagTable } from "./flags.ts";

/** Where a command aims: a target file, or its first region's URL and the tokens over it (cli/resolve-target.ts). */
export const TARGET_FLAGS = {
  target: { type: "string", value: "FILE", help: "the target file (env CAP_TARGET)" },
  "base-url": { type: "string", value: "URL", help: "the first region's base URL, over the file's (env CAP_BASE_URL)" },
  "token-admin": { type: "string", value: "T", help: "the ADMIN token, over the file's (env CAP_TOKEN_ADMIN)" },
  "token-editor": { type: "string", value: "T", help: "the EDITOR token, over the file's (env CAP_TOKEN_EDITOR)" },
  "token-viewer": { type: "string", value: "T", help: "the VIEWER token, over the file's (env CAP_TOKEN_VIEWER)" },
} as const satisfies FlagTable;

const JSON_FLAG = { json: { type: "boolean", help: "as JSON" } } as const satisfies FlagTable;

export const DOCTOR_FLAGS = {
  ...TARGET_FLAGS,
  profile: { type: "string", value: "FILE", help: "the profile (where the provider-key list is)" },
  "timeout-ms": { type: "string", value: "N", default: 5_000, help: "bound on each request" },
  ...JSON_FLAG,
} as const satisfies FlagTable;

export const SERVE_FLAGS = {
  out: { type: "string", value: "FILE", default: "target.json", help: "where the target file goes" },
  fault: { type: "string", multiple: true, value: "NAME", help: "plant a fault (see cap-conformance faults)" },
  variant: {
    type: "string",
    multiple: true,
    value: "NAME",
    help: "serve a legal variant (see cap-conformance variants)",
  },
  hostile: {
    type: "string",
    multiple: true,
    value: "NAME",
    help: "answer as an untrusted server (see cap-conformance hostile)",
  },
  // Two regions on a scaled clock, as `run` starts its embedded platform: a clean `serve` passes a full
  // `run --target` (cross-region clauses, minute-level batch retries in seconds).
  regions: { type: "string", value: "N", default: 2, help: "regions sharing one control plane (1..16)" },
  port: { type: "string", value: "N", default: 0, help: "the first region's port (0: any free one)" },
  "minute-ms": { type: "string", value: "N", default: 50, help: "real milliseconds per simulated minute" },
  profile: { type: "string", value: "FILE", default: "default", help: "the profile the platform serves" },
  listen: {
    type: "string",
    value: "ADDRESS",
    default: "127.0.0.1",
    help: "the address the regions listen on and are known by (their URLs and callback URLs are made of it)",
  },
  simulators: {
    type: "string",
    value: "FILE",
    help: "wire the regions to the simulators this target file (simulate's) names, on their clock, instead of starting its own",
  },
} as const satisfies FlagTable;

export const SIMULATE_FLAGS = {
  out: {
    type: "string",
    value: "FILE",
    default: "target.json",
    help: "where the target file goes (it holds the carrier auth token)",
  },
  "minute-ms": {
    type: "string",
    value: "N",
    default: 60_000,
    help: "real milliseconds per simulated minute (real time, not run's 50: your server keeps its own clock; give the scale it runs at if it scales time as serve does)",
  },
  listen: {
    type: "string",
    value: "HOST",
    default: "127.0.0.1",
    help: "the address they listen on; any other serves their unauthenticated admin APIs to whoever reaches it, and needs the URLs they are reached at",
  },
  port: {
    type: "string",
    value: "N",
    default: 0,
    help: "the control plane's port; carrier, provider, website, webhook sink take the next four",
  },
  "public-host": { type: "string", value: "HOST", help: "advertise http://HOST:PORT for each (needs --port)" },
  "public-url": {
    type: "string",
    multiple: true,
    value: "NAME=URL",
    help: "advertise URL for one (control_plane, carrier, provider, website, webhook_sink)",
  },
  workers: {
    type: "string",
    value: "N",
    default: 0,
    help: "N processes answer the carrier's and the provider's ports each (SO_REUSEPORT, Linux), their state kept in this one",
  },
} as const satisfies FlagTable;

export const CLEANUP_FLAGS = {
  // Only the admin token is used: it deletes.
  target: TARGET_FLAGS.target,
  "base-url": TARGET_FLAGS["base-url"],
  "token-admin": TARGET_FLAGS["token-admin"],
  prefix: { type: "string", value: "capct-xxxxxx-", help: "the run prefix whose resources are deleted (required)" },
  profile: { type: "string", value: "FILE", help: "the profile (where the lists and deletes are)" },
  "timeout-ms": { type: "string", value: "N", default: 10_000, help: "bound on each request" },
} as const satisfies FlagTable;

export const LIST_FLAGS = JSON_FLAG;

export const CLAUSES_FLAGS = {
  ...JSON_FLAG,
  checks: { type: "boolean", help: "every check with the clause ids it names, as JSON" },
} as const satisfies FlagTable;

export const ASSUMPTIONS_FLAGS = {
  profile: { type: "string", value: "FILE", default: "default", help: "the profile whose assumptions are printed" },
  ...JSON_FLAG,
  markdown: { type: "boolean", help: "as README's markdown table" },
  "profile-file": {
    type: "boolean",
    help: "print the whole profile, every field with its value, as a profile file to copy and edit (--profile FILE: merged with the default)",
  },
} as const satisfies FlagTable;

export const REPORT_FLAGS = {
  annotations: {
    type: "boolean",
    help: "print GitHub workflow annotations of the 10 most telling failures instead of rendering, and how many more (also to $GITHUB_STEP_SUMMARY when set)",
  },
} as const satisfies FlagTable;

export const OPENAPI_FLAGS = {
  out: { type: "string", value: "FILE", help: "write the document there (default: stdout)" },
  "schemathesis-config": { type: "string", value: "FILE", help: "also write the Schemathesis settings matching it" },
} as const satisfies FlagTable;

export const LOAD_FLAGS = {
  scenario: { type: "string", value: "NAME", help: "the k6 scenario (required; see the list below)" },
  target: {
    type: "string",
    value: "FILE",
    help: "the target file; without it the embedded reference platform and simulators",
  },
  duration: { type: "string", value: "30s", default: "30s", help: "how long the load runs (k6 duration: 30s, 5m, 1h)" },
  rate: {
    type: "string",
    value: "N",
    help: "iterations (api-mix, soak), messages (streams) or calls (calls) per second",
  },
  vus: {
    type: "string",
    value: "N",
    help: "the most virtual users a scenario may use (streams: the VUs its streams are spread over)",
  },
  conversations: { type: "string", value: "N", help: "streams, soak: conversations under load" },
  subscribers: { type: "string", value: "N", help: "streams, soak: subscribers per conversation" },
  instances: {
    type: "string",
    value: "N",
    default: 1,
    help: "split the run over N k6 processes with complementary execution segments (as k6-operator does), then merge them",
  },
  "keep-alive-ms": {
    type: "string",
    value: "N",
    help: "the SSE keep-alive interval streams are judged against (default 15000, the spec's); the embedded platform sends them so",
  },
  region: { type: "string", value: "NAME", help: "the target region to load (default: the first)" },
  "report-dir": {
    type: "string",
    value: "DIR",
    help: "where the reports go (default reports/out/load/<scenario> under the current folder)",
  },
  "minute-ms": {
    type: "string",
    value: "N",
    default: 50,
    help: "without --target: real milliseconds per simulated minute",
  },
} as const satisfies FlagTable;

export const LOAD_MERGE_FLAGS = {
  "report-dir": {
    type: "string",
    value: "DIR",
    help: "where the merged reports go (default reports/out/load/<scenario>-merged under the current folder)",
  },
  target: {
    type: "string",
    value: "FILE",
    help: "also chart the carrier's concurrency timeline from this target's carrier",
  },
} as const satisfies FlagTable;

export const VERIFY_FLAGS = {
  json: { type: "boolean", help: "the findings as JSON" },
} as const satisfies FlagTable;

export const LOAD_K6_FLAGS = {
  where: { type: "boolean", help: "print the folder the build of these pins goes to, without building" },
} as const satisfies FlagTable;
