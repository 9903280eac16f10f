// What `cap-conformance --help` and `cap-conformance <command> --help` print, rendered from each command's table of
// flags (run-options.ts, command-flags.ts), so a command's help lists every flag it takes with its default.
import {
  ASSUMPTIONS_FLAGS,
  CLAUSES_FLAGS,
  CLEANUP_FLAGS,
  DOCTOR_FLAGS,
  LIST_FLAGS,
  LOAD_FLAGS,
  LOAD_K6_FLAGS,
  LOAD_MERGE_FLAGS,
  OPENAPI_FLAGS,
  REPORT_FLAGS,
  SERVE_FLAGS,
  SIMULATE_FLAGS,
  VERIFY_FLAGS,
} from "./command-flags.ts";
import { type FlagTable, flagLines, synopsisOf } from "./flags.ts";
import { RUN_OPTIONS } from "./run-options.ts";

interface Command {
  /** What it does, in one line. */
  about: string;
  flags: FlagTable;
  /** Its positional arguments, as the synopsis writes them. */
  args?: string;
  /** Lines after the flags (read when the help is printed: some are found on disk). */
  notes?: () => Promise<string[]>;
}

export const EXIT_CODES =
  "Exit codes of run: 0 every applicable clause passed, 1 a clause failed, 2 the harness could not do its job\n" +
  "(a usage or setup mistake, an unreachable target, an interrupted run).";

const COMMANDS: Record<string, Command[]> = {
  run: [
    {
      about: "check a server (or the embedded reference platform) and write the reports",
      flags: RUN_OPTIONS,
      notes: async () => [EXIT_CODES],
    },
  ],
  doctor: [
    {
      about: "ask a target, in seconds and changing nothing, whether a run would go as its target file says",
      flags: DOCTOR_FLAGS,
      notes: async () => [
        "It asks whether each region answers, which role each credential resolves to (a 403 at PUT /v1/byok/{provider}",
        "or POST /v1/calls/token, sent a body no operation takes), whether its simulators and test hooks answer, and",
        "which kinds of clauses a run will skip. Exit 0 ready, 1 a problem (each named), 2 no target or it does not answer.",
      ],
    },
  ],
  serve: [{ about: "start the reference platform wired to the simulators, until SIGINT/SIGTERM", flags: SERVE_FLAGS }],
  simulate: [
    { about: "start only the simulators, for a vendor's own server, until SIGINT/SIGTERM", flags: SIMULATE_FLAGS },
  ],
  faults: [{ about: "list the faults the reference platform can plant", flags: LIST_FLAGS }],
  variants: [{ about: "list the legal variants of the reference platform", flags: LIST_FLAGS }],
  hostile: [{ about: "list the hostile behaviours the reference platform can show", flags: LIST_FLAGS }],
  clauses: [{ about: "list the clauses and the checks covering each", flags: CLAUSES_FLAGS }],
  assumptions: [{ about: "print what the harness assumes beyond the spec", flags: ASSUMPTIONS_FLAGS }],
  report: [{ about: "re-render the reports of DIR/report.json", args: "DIR", flags: REPORT_FLAGS }],
  verify: [
    {
      about: 'check a certification bundle as a certifier would (README, "Certification")',
      args: "BUNDLE",
      flags: VERIFY_FLAGS,
      notes: async () => ["Exit 0 it certifies its run, 1 it does not (each reason said), 2 no bundle to read."],
    },
  ],
  cleanup: [{ about: "delete what runs named with a prefix left behind", flags: CLEANUP_FLAGS }],
  load: [
    {
      about: "build k6 with the project's SSE module (once) and run a load scenario against a target",
      flags: LOAD_FLAGS,
      notes: async () => {
        const { scenarioNames } = await import("../load/bundle.ts");
        return [
          `Scenarios: ${scenarioNames().join(", ")}.`,
          "Environment: K6_BIN=/path/to/k6 uses that k6 (its `k6 version` must list k6/x/sse) instead of building one;",
          "without it k6 is built with Go >= 1.25 once per set of pins into ~/.cache/cap-conformance/k6/ (CAP_CACHE_DIR),",
          "where every clone and install with the same pins finds it.",
        ];
      },
    },
    {
      about: "one verdict from the report directories of a split run's instances",
      args: "merge DIR...",
      flags: LOAD_MERGE_FLAGS,
    },
    {
      about: "build k6 for these pins, or find it in the cache, and print its path",
      args: "k6",
      flags: LOAD_K6_FLAGS,
    },
  ],
  openapi: [{ about: "print the OpenAPI document of the reference platform", flags: OPENAPI_FLAGS }],
};

const WIDTH = 118;

/** `cap-conformance NAME ARGS [--flag V]...`, wrapped under itself. */
function synopsis(name: string, command: Command): string {
  const head = `  cap-conformance ${name}${command.args ? ` ${command.args}` : ""}`;
  const lines = [head];
  for (const word of synopsisOf(command.flags)) {
    const last = lines[lines.length - 1]!;
    if (last.length + 1 + word.length > WIDTH) lines.push(`${" ".repeat(head.length)} ${word}`);
    else lines[lines.length - 1] = `${last} ${word}`;
  }
  return lines.join("\n");
}

export const HELP = `cap-conformance: conformance harness for the Conversational Agent Platform regional API

Commands (cap-conformance COMMAND --help lists a command's flags):
${Object.entries(COMMANDS)
  .flatMap(([name, forms]) =>
    forms.map((form) => `  ${`${name}${form.args ? ` ${form.args}` : ""}`.padEnd(20)} ${form.about}`),
  )
  .join("\n")}
  cap-conformance --version | -v   print the version

${synopsis("run", COMMANDS.run![0]!)}

${EXIT_CODES}`;

export function isCommand(name: string): boolean {
  return name in COMMANDS;
}

/** One command's usage, what it does and every flag it takes; the whole help for an unknown name. */
export async function commandHelp(name: string): Promise<string> {
  const forms = COMMANDS[name];
  if (forms === undefined) return HELP;
  const parts: string[] = [];
  for (const form of forms) {
    const notes = (await form.notes?.()) ?? [];
    parts.push(
      [
        "Usage:",
        synopsis(name, form),
        "",
        `  ${form.about}`,
        "",
        ...flagLines(form.flags),
        ...(notes.length ? ["", ...notes] : []),
      ].join("\n"),
    );
  }
  return parts.join("\n\n");
}

/** Every command's table of flags, for tests that hold `--help` to what each command parses. */
export function commandFlags(name: string): FlagTable[] {
  return (COMMANDS[name] ?? []).map((form) => form.flags);
}
