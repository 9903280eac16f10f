// npm test's vitest: the two projects of vitest.config.ts in two vitest processes side by side, each running its
// files one after another. vitest runs projects of one worker each one after the other, and two workers on one
// queue would put two matrices side by side; this keeps at most one heavy file beside one other file.
// Arguments go to both (a file filter, --reporter ...); the exit code is the first non-zero one.
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

const PROJECTS = ["heavy", "other"];
const vitest = join(dirname(createRequire(import.meta.url).resolve("vitest/package.json")), "vitest.mjs");

const args = process.argv.slice(2);
// A file filter may name files of one project only: the other then has none, which is no failure.
const filtered = args.length > 0 ? ["--passWithNoTests"] : [];
const children = PROJECTS.map((project) =>
  spawn(process.execPath, [vitest, "run", "--project", project, ...filtered, ...args], { stdio: "inherit" }),
);
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
  });
}
const codes = await Promise.all(
  children.map((child) => new Promise<number>((resolve) => child.once("exit", (code) => resolve(code ?? 1)))),
);
process.exitCode = codes.find((code) => code !== 0) ?? 0;
