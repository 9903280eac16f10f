// The `cap-conformance` command: argument dispatch only; each command lives in its own module.
import { UsageError } from "./usage-error.ts";

const HELP = `cap-conformance: conformance harness for the Conversational Agent Platform regional API

Usage:
  cap-conformance run [--target FILE | --base-url URL --token-admin T --token-editor T --token-viewer T]
                      [--suite a,b] [--clause id,id] [--seed N] [--num-runs N] [--timeout-ms N]
                      [--report-dir DIR] [--profile FILE] [--repeat N] [--fault NAME]... [--quiet] [--no-shrink]
                      [--expect FILE [--strict-expectations]] [--command "..." | --image IMAGE [--env K=V]... [--port N]]
                      [--bundle DIR --vendor V --product P --product-version X [--target-description D]]
  cap-conformance serve [--out target.json] [--fault NAME]... [--regions N] [--port N] [--minute-ms N] [--profile FILE]
  cap-conformance simulate [--out target.json] [--minute-ms N]
  cap-conformance faults [--json]
  cap-conformance clauses [--json]
  cap-conformance report DIR
  cap-conformance cleanup --target FILE --prefix capct-xxxxxx-
  cap-conformance load --scenario NAME [--target FILE] [--duration 30s] [--rate N] [--vus N]
  cap-conformance openapi [--out FILE]

Exit codes of run: 0 every applicable clause passed, 1 a clause failed, 2 the harness could not do its job.`;

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case "run":
        return await (await import("./run.ts")).runCommand(rest);
      case "serve":
        return await (await import("./serve.ts")).serveCommand(rest);
      case "simulate":
        return await (await import("./simulate.ts")).simulateCommand(rest);
      case "cleanup":
        return await (await import("./cleanup.ts")).cleanupCommand(rest);
      case "faults":
        return (await import("./catalogue-commands.ts")).faultsCommand(rest);
      case "clauses":
        return await (await import("./catalogue-commands.ts")).clausesCommand(rest);
      case "report":
        return await (await import("../reports/render-command.ts")).renderCommand(rest[0] ?? "");
      case "load":
        return await (await import("./load.ts")).loadCommand(rest);
      case "openapi":
        return (await import("./openapi-command.ts")).openapiCommand(rest);
      case undefined:
      case "help":
      case "--help":
      case "-h":
        console.log(HELP);
        return command === undefined ? 2 : 0;
      default:
        throw new UsageError(`unknown command ${command}\n\n${HELP}`);
    }
  } catch (error) {
    if (error instanceof UsageError || (error as { code?: string }).code === "ERR_PARSE_ARGS_UNKNOWN_OPTION") {
      console.error(`error: ${(error as Error).message}`);
      return 2;
    }
    console.error(`error: the harness failed: ${(error as Error).stack ?? String(error)}`);
    return 2;
  }
}
