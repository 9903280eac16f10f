// The variant matrix, the kill matrix's dual: every legal variant of the reference platform (a way a server
// may conform differently, `cap-conformance variants`) must pass, the way a user would see it: `serve
// --variant ...` in its own process, then `run --target` against it, exit 0 with nothing failed or errored.
// Writes reports/out/variant-matrix.json and variant-matrix.md (the README's table).
//
// Budget (at most ~6 minutes of npm test on the 2-core machine) and why the plan is sound
// (test/helpers/variant-plan.ts):
// - A full run costs ~40 s alone (~60 CPU-seconds with its server); one per variant would be ~40 minutes.
//   So variants are stacked: every variant that can share a full run is served in one of three, one variant
//   per layer per run, spread evenly. Variants of one layer change the same thing (two line endings, three
//   offsets, three role rules) and are never stacked (serve refuses them together); variants of different
//   layers change different things (the bytes between keys, a key's order, a time's offset, an id's version,
//   a header, a refusal's status), and a check sees each through the parsed value it reads, so one cannot undo
//   another's effect on a check: what breaks a check alone breaks it in its stack. Stacking also shows each
//   variant to every check, not only to the suites it was declared to reach.
// - Three variants run alone, narrowed to the suites they declare (`reach`), each for the reason it declares
//   (`alone`): no credits fails by design every check that places a call, and 50 ms on every response or
//   300 ms on every stream would add minutes to a full run.
// - When a stack fails, each of its variants is run again alone, narrowed to the suites of the failed checks,
//   and the report names the culprits (this costs time only when something is wrong).
// - Runs use fewer generated cases than a release run (`--num-runs 5`, no shrinking): a variant is in every
//   response of its kind, so five cases of a property meet it as surely as twenty-five do.
// Three runs at a time, as the kill matrix does, the full runs first (the longest); measured wall time is in
// the README beside the table.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "vitest";
import { VARIANTS, type VariantName } from "../../simulators/platform/variants/index.ts";
import type { ProfileFile } from "../../spec/profile.ts";
import { Report } from "../../spec/report.ts";
import { pool, ROOT, runCli, serve } from "../helpers/cli.ts";
import { type VariantRun, variantPlan } from "../helpers/variant-plan.ts";

interface Outcome {
  label: string;
  variants: VariantName[];
  suites: string[] | null;
  exit: number | null;
  passed: number;
  failed: string[];
  errored: string[];
  ambiguous: string[];
  /** The suites of the failed and errored checks (every-response: a rule checked on every response). */
  failingSuites: string[];
  /** Each failed or errored check's message, cut short: what a CI log shows of a broken run. */
  problems: string[];
  ms: number;
  /** For a stack that failed: which of its variants fail alone. */
  culprits?: Array<{ variant: VariantName; failed: string[]; errored: string[] }>;
}

async function runVariants(run: VariantRun, dir: string): Promise<Omit<Outcome, "culprits">> {
  const reportDir = join(dir, run.label);
  mkdirSync(reportDir, { recursive: true });
  const profileArgs: string[] = [];
  if (run.profile !== undefined) {
    const file = join(reportDir, "profile.json");
    writeFileSync(file, JSON.stringify({ name: `variant ${run.label}`, ...run.profile }));
    profileArgs.push("--profile", file);
  }
  // A busy machine may take a while to start a server: its start is not what the matrix measures.
  const served = await serve(
    [...run.variants.flatMap((variant) => ["--variant", variant]), ...profileArgs],
    reportDir,
    120_000,
  );
  const args = ["run", "--target", served.targetFile, "--seed", "1", "--num-runs", "5", "--no-shrink", "--quiet"];
  if (run.suites !== undefined) args.push("--suite", run.suites.join(","));
  args.push("--report-dir", reportDir);
  const result = await runCli(args, { timeoutMs: 600_000 }).finally(() => served.stop());
  let report: Report | undefined;
  try {
    report = Report.parse(JSON.parse(readFileSync(join(reportDir, "report.json"), "utf8")));
  } catch {
    report = undefined;
  }
  const ids = (status: string) => report?.clauses.filter((c) => c.status === status).map((c) => c.id) ?? [];
  // Each failed or errored check, with the clause it is listed under.
  const broken = (report?.clauses ?? []).flatMap((c) =>
    c.checks
      .filter((check) => check.status === "failed" || check.status === "errored")
      .map((check) => ({ clause: c.id, check })),
  );
  return {
    label: run.label,
    variants: run.variants,
    suites: run.suites ?? null,
    exit: result.code,
    passed: report?.summary.passed ?? 0,
    failed: ids("failed"),
    errored: report === undefined ? ["(no report.json)"] : ids("errored"),
    ambiguous: report?.clauses.filter((c) => c.ambiguity !== undefined).map((c) => c.id) ?? [],
    failingSuites: [...new Set(broken.map(({ check }) => check.suite ?? "every-response"))],
    problems: broken.map(({ clause, check }) => `${clause}: ${(check.failure?.message ?? "").slice(0, 400)}`),
    ms: result.ms,
  };
}

const green = (o: Pick<Outcome, "exit" | "failed" | "errored">) =>
  o.exit === 0 && o.failed.length === 0 && o.errored.length === 0;

test("every legal variant passes: nothing failed, nothing errored", { timeout: 1_800_000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), "cap-variants-"));
  const started = Date.now();
  const plan = variantPlan();
  const outcomes: Outcome[] = await pool(
    3,
    plan.map((run) => async (): Promise<Outcome> => {
      const outcome: Outcome = await runVariants(run, dir);
      if (green(outcome) || run.variants.length === 1) return outcome;
      // A rule checked on every response can fail in any suite: then each variant runs alone in full.
      const everywhere = outcome.failingSuites.includes("every-response") || outcome.failingSuites.length === 0;
      const suites = everywhere ? undefined : outcome.failingSuites;
      outcome.culprits = [];
      for (const variant of run.variants) {
        // A variant served with a profile of its own is run alone with that profile.
        const spec = VARIANTS[variant];
        const profile = "profile" in spec ? { profile: spec.profile as ProfileFile } : {};
        const alone = await runVariants(
          { label: `${run.label}-${variant}`, variants: [variant], suites, ...profile },
          dir,
        );
        if (!green(alone)) outcome.culprits.push({ variant, failed: alone.failed, errored: alone.errored });
      }
      return outcome;
    }),
  );
  const wallMs = Date.now() - started;
  mkdirSync(join(ROOT, "reports/out"), { recursive: true });
  const served = outcomes.flatMap((o) => o.variants).length;
  const passing = outcomes.filter(green).flatMap((o) => o.variants).length;
  writeFileSync(
    join(ROOT, "reports/out/variant-matrix.json"),
    `${JSON.stringify({ variants: served, passed: passing, runs: outcomes.length, wall_ms: wallMs, outcomes }, null, 2)}\n`,
  );
  writeFileSync(join(ROOT, "reports/out/variant-matrix.md"), variantMatrixMarkdown(outcomes, wallMs));
  expect(served, "every declared variant is in the plan").toBe(Object.keys(VARIANTS).length);
  const broken = outcomes
    .filter((o) => !green(o))
    .map(
      (o) =>
        `${o.label} (exit ${o.exit}): failed ${o.failed.join(", ") || "-"}; errored ${o.errored.join(", ") || "-"}${o.culprits ? `; alone: ${JSON.stringify(o.culprits)}` : ""}; ${o.problems.join(" | ")}`,
    );
  expect(broken, "variants a conforming server may choose that the harness fails").toEqual([]);
});

function variantMatrixMarkdown(outcomes: Outcome[], wallMs: number): string {
  const runRows = outcomes.map((o) => {
    const suites = o.suites === null ? "all (full run)" : o.suites.join(", ");
    const result = green(o) ? `passed (${o.passed} clauses)` : `**failed**: ${[...o.failed, ...o.errored].join(", ")}`;
    const ambiguous = o.ambiguous.length > 0 ? o.ambiguous.join(", ") : "-";
    return `| ${o.label} | ${o.variants.length} | ${suites} | ${result} | ${ambiguous} | ${Math.round(o.ms / 1000)} s |`;
  });
  const passes = (o: Outcome, variant: VariantName) =>
    green(o) || (o.culprits !== undefined && !o.culprits.some((c) => c.variant === variant));
  const variantRows = outcomes.flatMap((o) =>
    o.variants.map((variant) => {
      const ok = passes(o, variant);
      return `| \`${variant}\` | ${VARIANTS[variant].section} | ${VARIANTS[variant].description.replaceAll("|", "\\|")} | ${o.label} | ${ok ? "passed" : "**failed**"} |`;
    }),
  );
  // A variant whose stack failed passes when it passed alone (the stack's failure was another's, or a flake).
  const passed = outcomes.flatMap((o) => o.variants.filter((variant) => passes(o, variant))).length;
  const total = outcomes.flatMap((o) => o.variants).length;
  const stacksFailed = outcomes.filter((o) => !green(o)).length;
  return [
    `${passed} of ${total} legal variants pass with nothing failed or errored, in ${outcomes.length} runs, three at a time (${Math.round(wallMs / 1000)} s)${stacksFailed > 0 ? `; ${stacksFailed} run(s) failed` : ""}.`,
    "",
    "| run | variants | suites | result | passed under one reading of a contradiction (ambiguous) | time |",
    "|---|---|---|---|---|---|",
    ...runRows,
    "",
    "| variant | § | how the server differs | run | result |",
    "|---|---|---|---|---|",
    ...variantRows,
    "",
  ].join("\n");
}
