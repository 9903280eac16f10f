// The `cap-conformance` command: argument dispatch only; each command lives in its own module.
import { FRONT_WORKER_COMMAND } from "../simulators/shared/front-protocol.ts";
import { exitCodeOf } from "../spec/verdict.ts";
import { commandHelp, HELP, isCommand } from "./help.ts";
import { UsageError } from "./usage-error.ts";

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  // `<command> --help` before the command parses its flags (which would refuse --help as unknown).
  if (command !== undefined && isCommand(command) && (rest.includes("--help") || rest.includes("-h"))) {
    console.log(await commandHelp(command));
    return 0;
  }
  try {
    switch (command) {
      case "run":
        return await (await import("./run.ts")).runCommand(rest);
      case "serve":
        return await (await import("./serve.ts")).serveCommand(rest);
      case "doctor":
        return await (await import("./doctor.ts")).doctorCommand(rest);
      case "simulate":
        return await (await import("./simulate.ts")).simulateCommand(rest);
      case "cleanup":
        return await (await import("./cleanup.ts")).cleanupCommand(rest);
      case "faults":
        return (await import("./list-commands.ts")).faultsCommand(rest);
      case "assumptions":
        return (await import("./list-commands.ts")).assumptionsCommand(rest);
      case "variants":
        return (await import("./list-commands.ts")).variantsCommand(rest);
      case "hostile":
        return (await import("./list-commands.ts")).hostileCommand(rest);
      case "clauses":
        return await (await import("./list-commands.ts")).clausesCommand(rest);
      case "verify":
        return await (await import("./verify-command.ts")).verifyCommand(rest);
      case "report":
        return await (await import("./report-command.ts")).reportCommand(rest);
      case "load":
        return await (await import("./load.ts")).loadCommand(rest);
      case "openapi":
        return (await import("./openapi-command.ts")).openapiCommand(rest);
      case FRONT_WORKER_COMMAND:
        // Internal: a front worker of `simulate --workers N`, started by the simulators themselves.
        await (await import("../simulators/front-worker-main.ts")).frontWorkerMain(rest[0] ?? "");
        return 0;
      case "--version":
      case "-v":
        console.log((await import("../runner/framework/package-info.ts")).TOOL_VERSION);
        return 0;
      case undefined:
      case "help":
      case "--help":
      case "-h":
        console.log(HELP);
        return command === undefined ? exitCodeOf("ERROR") : 0;
      default:
        throw new UsageError(`unknown command ${command}\n\n${HELP}`);
    }
  } catch (error) {
    if (error instanceof UsageError) console.error(`error: ${error.message}`);
    else console.error(`error: the harness failed: ${(error as Error).stack ?? String(error)}`);
    return exitCodeOf("ERROR");
  }
}
