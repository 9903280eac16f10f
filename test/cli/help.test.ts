// `--help` works for the whole command and for each command (parseArgs would refuse it as an unknown flag);
// `--version` prints the package's version.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, expect, test, vi } from "vitest";
import { commandFlags } from "../../cli/help.ts";
import { main } from "../../cli/main.ts";
import { RUN_OPTIONS } from "../../cli/run-options.ts";
import { ROOT } from "../helpers/cli.ts";

const COMMANDS = [
  "run",
  "doctor",
  "serve",
  "simulate",
  "faults",
  "variants",
  "hostile",
  "clauses",
  "assumptions",
  "report",
  "verify",
  "cleanup",
  "load",
  "openapi",
];

afterEach(() => {
  vi.restoreAllMocks();
});

async function helpOf(argv: string[]): Promise<{ code: number; text: string }> {
  const lines: string[] = [];
  vi.spyOn(console, "log").mockImplementation((line: string) => lines.push(line));
  const code = await main(argv);
  return { code, text: lines.join("\n") };
}

test("simulate --help and run -h print their usage and exit 0", async () => {
  const simulate = await helpOf(["simulate", "--help"]);
  expect(simulate.code).toBe(0);
  expect(simulate.text).toContain("cap-conformance simulate [--out FILE] [--minute-ms N]");
  const run = await helpOf(["run", "-h"]);
  expect(run.code).toBe(0);
  // Every flag run accepts is in its help, with its default where it has one.
  for (const flag of Object.keys(RUN_OPTIONS)) expect(run.text, flag).toContain(`--${flag}`);
  expect(run.text).toMatch(/--startup-timeout-ms N\s+how long --command and --image wait .*\(default 60000\)/);
});

test("every command's --help lists every flag of the table it parses with", async () => {
  for (const command of COMMANDS) {
    const { code, text } = await helpOf([command, "--help"]);
    expect(code, command).toBe(0);
    const tables = commandFlags(command);
    expect(tables.length, command).toBeGreaterThan(0);
    for (const flag of tables.flatMap((t) => Object.keys(t)))
      expect(text, `${command} --${flag}`).toMatch(new RegExp(`^  --${flag}\\b`, "m"));
  }
  // load's help names the scenarios and no README (the package carries none of load's).
  const load = await helpOf(["load", "--help"]);
  expect(load.text).toMatch(/Scenarios: .*api-mix/);
  expect(load.text).not.toContain("README");
});

test("every command parses its flags from its table, so the help cannot miss one", () => {
  const cli = join(ROOT, "cli");
  const parsers = readdirSync(cli)
    .filter((f) => f.endsWith(".ts") && f !== "flags.ts")
    .filter((f) => /\bparseArgs\(|argv\.includes\(/.test(readFileSync(join(cli, f), "utf8")));
  expect(parsers).toEqual([]);
});

test("a flag's value that begins with '-' and a negative seed are one-line errors, exit 2", async () => {
  const errors: string[] = [];
  vi.spyOn(console, "error").mockImplementation((line: string) => errors.push(line));
  expect(await main(["run", "--seed", "-5"])).toBe(2);
  expect(await main(["run", "--seed=-5"])).toBe(2);
  expect(await main(["doctor", "--token-admin", "-abc"])).toBe(2);
  expect(await main(["faults", "--nope"])).toBe(2);
  expect(await main(["serve", "--regions", "two"])).toBe(2);
  expect(errors).toEqual([
    'error: --seed takes a value and "-5" begins with "-": write --seed=-5 if that is the value',
    "error: --seed must be an integer >= 0, got -5",
    'error: --token-admin takes a value and "-abc" begins with "-": write --token-admin=-abc if that is the value',
    "error: Unknown option '--nope'",
    "error: --regions must be an integer >= 1, got two",
  ]);
});

test("--help lists every command with the run flags", async () => {
  const { code, text } = await helpOf(["--help"]);
  expect(code).toBe(0);
  for (const command of [
    "run",
    "serve",
    "simulate",
    "faults",
    "hostile",
    "clauses",
    "report",
    "cleanup",
    "load",
    "openapi",
  ]) {
    expect(text).toMatch(new RegExp(`^  ${command}\\b`, "m"));
  }
  expect(text).toContain("[--minute-ms N]");
  expect(text).toContain("[--startup-timeout-ms N]");
  for (const line of text.split("\n")) expect(line.length, line).toBeLessThanOrEqual(120);
});

test("--version and -v print the package's version and exit 0", async () => {
  const { version } = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as {
    version: string;
  };
  for (const flag of ["--version", "-v"]) {
    expect(await helpOf([flag]), flag).toEqual({ code: 0, text: version });
  }
  expect((await helpOf(["--help"])).text).toContain("cap-conformance --version");
});
