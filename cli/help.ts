// What `cap-conformance --help` and `cap-conformance <command> --help` print. Flag meanings are in README.md;
// run's are listed here too, since that is the command people type flags for.

const USAGE: Record<string, string> = {
  run: `  cap-conformance run [--target FILE | --base-url URL --token-admin T --token-editor T --token-viewer T]
                      [--suite a,b] [--clause id,id] [--seed N] [--num-runs N] [--timeout-ms N] [--max-body-bytes N]
                      [--max-in-flight N] [--report-dir DIR] [--har FILE] [--profile FILE] [--repeat N]
                      [--fault NAME]... [--variant NAME]... [--minute-ms N] [--add-latency-ms N] [--quiet] [--no-shrink] [--bail]
                      [--expect FILE [--strict-expectations]]
                      [--command "..." | --image IMAGE [--env K=V]... [--port N]] [--startup-timeout-ms N]
                      [--bundle DIR --vendor V --product P --product-version X [--target-description D]]`,
  serve:
    "  cap-conformance serve [--out target.json] [--fault NAME]... [--variant NAME]... [--hostile NAME]... [--regions N] [--port N] [--minute-ms N]\n" +
    "                        [--profile FILE]",
  doctor:
    "  cap-conformance doctor [--target FILE | --base-url URL --token-admin T --token-editor T --token-viewer T]\n" +
    "                         [--profile FILE] [--timeout-ms N] [--json]",
  simulate:
    "  cap-conformance simulate [--out target.json] [--minute-ms N] [--workers N] [--listen HOST [--port N] [--public-host H | --public-url NAME=URL]...]",
  faults: "  cap-conformance faults [--json]",
  variants: "  cap-conformance variants [--json]",
  assumptions: "  cap-conformance assumptions [--profile FILE] [--json | --markdown]",
  hostile: "  cap-conformance hostile [--json]",
  clauses: "  cap-conformance clauses [--json]",
  report: "  cap-conformance report DIR [--annotations]",
  cleanup:
    "  cap-conformance cleanup --target FILE --prefix capct-xxxxxx- [--profile FILE] [--timeout-ms N]\n" +
    "                          (or --base-url URL --token-admin T instead of --target)",
  load:
    "  cap-conformance load --scenario NAME [--target FILE] [--duration 30s] [--rate N] [--vus N] [--instances N]\n" +
    "  cap-conformance load merge DIR... [--report-dir DIR] [--target FILE]",
  openapi: "  cap-conformance openapi [--out FILE] [--schemathesis-config FILE]",
};

const DETAILS: Record<string, string> = {
  run: `
  --target FILE            the target file (env CAP_TARGET); without one, the embedded reference platform
  --base-url, --token-*    override the file's first region and tokens (env CAP_BASE_URL, CAP_TOKEN_ADMIN, ...)
  --suite, --clause        only these suite areas / the checks naming these clause ids
  --seed N, --num-runs N   fast-check seed and runs per property (default 25)
  --timeout-ms N           bound on every request, stream read and wait (default 10000)
  --max-in-flight N        most requests in flight to one region at once, across the whole run (default 16)
  --max-body-bytes N       the body cap: a larger response body is not read, its check errors (default 16 MiB)
  --report-dir DIR         where the reports go (default reports/out)
  --har FILE               also write the failed checks' exchanges as a HAR 1.2 file (devtools, API clients)
  --profile FILE           the profile of assumptions and optional behaviours (exit 2 if it is not one)
  --repeat N               run N times and report clauses whose verdict changed
  --fault NAME             plant a fault in the embedded platform (repeatable; see cap-conformance faults)
  --variant NAME           serve a legal variant from the embedded platform (repeatable; see cap-conformance variants)
  --minute-ms N            real milliseconds per simulated minute of the simulators the run starts (default 50)
  --add-latency-ms N       hold every response of the target N ms (a proxy in front of each region), as if remote
  --quiet, --no-shrink     no per-check lines; report a failing property's first counterexample unshrunk
  --bail                   stop at the first failed check (checks not run are reported errored: not concluded)
  --expect FILE            known failures [{"clause", "reason", "issue"?}]; --strict-expectations fails on stale ones
  --command "..."          start the server as a process, wait for the target file and GET /health, stop it after
  --image IMAGE            start the server as a container (--env K=V, --port N) wired to in-process simulators
  --startup-timeout-ms N   how long --command and --image wait for the server to answer (default 60000)
  --bundle DIR ...         write a certification bundle (--vendor, --product, --product-version required)`,
  doctor: `
  Asks the target, in seconds and changing nothing, whether each region answers, which role each credential
  resolves to (a 403 at PUT /v1/byok/{provider} or POST /v1/calls/token, sent a body no operation takes), whether
  its simulators and test hooks answer, and which kinds of clauses a run will skip.
  Exit 0 ready, 1 a problem (each named), 2 no target or it does not answer.
  --timeout-ms N           bound on each request (default 5000)
  --json                   the findings as JSON`,
  simulate: `
  --out FILE               where the target file goes (default target.json; it holds the carrier auth token)
  --minute-ms N            real milliseconds per simulated minute (default 60000)
  --listen HOST            the address they listen on (default 127.0.0.1); any other serves their
                           unauthenticated admin APIs to whoever reaches it and lets the carrier call back
                           any address, and needs the URLs they are reached at:
  --port N                 the control plane's port; carrier, provider, website, webhook sink take the next four
  --public-host HOST       advertise http://HOST:PORT for each (needs --port)
  --public-url NAME=URL    advertise URL for one (control_plane, carrier, provider, website, webhook_sink)
  --workers N              N processes answer the carrier's and the provider's ports each (SO_REUSEPORT,
                           Linux), their state kept in this one (default 0: this process answers them)
  Runs until SIGINT/SIGTERM.`,
};

const EXIT_CODES =
  "Exit codes of run: 0 every applicable clause passed, 1 a clause failed, 2 the harness could not do its job.";

export const HELP = `cap-conformance: conformance harness for the Conversational Agent Platform regional API

Usage:
${Object.values(USAGE).join("\n")}
  cap-conformance --version | -v

${EXIT_CODES}`;

export function isCommand(name: string): boolean {
  return name in USAGE;
}

/** One command's usage (and flags, where it has many); the whole help for an unknown name. */
export function commandHelp(command: string): string {
  const usage = USAGE[command];
  if (usage === undefined) return HELP;
  const details = DETAILS[command] ?? "";
  const tail = command === "run" ? `\n\n${EXIT_CODES}` : "";
  return `Usage:\n${usage}\n${details}${tail}\n\nEvery flag is described in README.md.`;
}
