// `--help` works for the whole command and for each command (parseArgs would refuse it as an unknown flag);
// `--version` prints the package's version.
import { readFileSync } from "node:fs";
import { afterEach, expect, test, vi } from "vitest";
import { main } from "../../cli/main.ts";
import { RUN_OPTIONS } from "../../cli/run-options.ts";

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
  expect(simulate.text).toContain("cap-conformance simulate [--out target.json] [--minute-ms N]");
  const run = await helpOf(["run", "-h"]);
  expect(run.code).toBe(0);
  // Every flag run accepts is in its help.
  for (const flag of Object.keys(RUN_OPTIONS)) expect(run.text, flag).toContain(`--${flag}`);
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
    expect(text).toContain(`cap-conformance ${command}`);
  }
  expect(text).toContain("[--minute-ms N]");
  expect(text).toContain("[--startup-timeout-ms N]");
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
