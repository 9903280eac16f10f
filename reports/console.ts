// The one-screen verdict printed at the end of a run.

import type { Report } from "../spec/report.ts";
import { nothingChecked } from "../spec/verdict.ts";
import { bannersOf } from "./banners.ts";
import { ambiguityLines } from "./clause-notes.ts";
import { expectationClauses } from "./expected.ts";
import { verdictHeadline } from "./format.ts";
import { problemClauses } from "./group.ts";

function sectionKey(section: string): number[] {
  return section.split(".").map(Number);
}

/** The verdict, clause counts by section, the failures, and the paths of the `files` written. */
export function verdictLines(report: Report, files: string[]): string[] {
  const lines: string[] = [
    "",
    verdictHeadline(report),
    ...bannersOf(report).flatMap((banner) => ["", banner.text]),
    "",
    "Clauses by section (passed/failed/errored/skipped/not shown):",
  ];
  const sections = [...new Set(report.clauses.map((c) => c.section))].sort((a, b) => {
    const [x, y] = [sectionKey(a), sectionKey(b)];
    for (let i = 0; i < Math.max(x.length, y.length); i++) {
      const d = (x[i] ?? -1) - (y[i] ?? -1);
      if (d !== 0) return d;
    }
    return 0;
  });
  for (const section of sections) {
    const inSection = report.clauses.filter((c) => c.section === section);
    const n = (status: string) => inSection.filter((c) => c.status === status).length;
    lines.push(
      `  §${section.padEnd(6)} ${String(n("passed")).padStart(3)} / ${n("failed")} / ${n("errored")} / ${n("skipped")} / ${n("not-shown")}`,
    );
  }
  const bad = problemClauses(report.clauses);
  if (bad.length > 0) lines.push("", "Failed and errored clauses:");
  for (const clause of bad.slice(0, 15)) {
    const failure = clause.checks.find((c) => c.failure !== null)?.failure;
    lines.push(`  ${clause.status === "failed" ? "✗" : "!"} ${clause.id} (§${clause.section}) ${clause.statement}`);
    if (failure) {
      lines.push(`      ${failure.message.split("\n")[0]}`);
      if (failure.reproduce) lines.push(`      replay: ${failure.reproduce}`);
    }
  }
  if (bad.length > 15) lines.push(`  … and ${bad.length - 15} more in the report`);
  lines.push(...expectationLines(report));
  lines.push(...optionalLines(report));
  lines.push(...ambiguityLines(report));
  const stoppedBySetup = (report.setup?.faults?.length ?? 0) > 0;
  if (
    !stoppedBySetup &&
    report.incomplete === undefined &&
    report.summary.failed === 0 &&
    report.summary.errored === 0 &&
    nothingChecked(report)
  )
    lines.push("", "Nothing was checked: every selected check was skipped (the report gives each reason).");
  const s = report.summary;
  const verdict = verdictHeadline(report);
  lines.push(
    "",
    `${verdict}: ${s.passed} passed, ${s.failed} failed${expectedPart(report)}, ${s.errored} errored, ${s.skipped} skipped, ${s.not_shown} not shown (of ${s.clauses} clauses) in ${(report.run.duration_ms / 1000).toFixed(1)} s, seed ${report.run.seed}`,
    `Reports: ${files.join(", ")}`,
  );
  return lines;
}

/** The optional behaviours the profile declared (none when every one is "not-tested"). */
function optionalLines(report: Report): string[] {
  const declared = (report.optional ?? []).filter((o) => o.declaration !== "not-tested");
  if (declared.length === 0) return [];
  const lines = ["", "Optional behaviours, as the profile declares them:"];
  for (const o of declared) {
    const mark = o.status === "passed" ? "✓" : o.status === "failed" ? "✗" : o.status === "errored" ? "!" : "-";
    lines.push(`  ${mark} ${o.id} (§${o.section}) ${o.declaration}: ${o.status}${o.reason ? ` (${o.reason})` : ""}`);
    const failure = o.checks.find((c) => c.failure !== null)?.failure;
    if (failure) {
      lines.push(`      ${failure.message.split("\n")[0]}`);
      if (failure.reproduce) lines.push(`      replay: ${failure.reproduce}`);
    }
  }
  return lines;
}

const expectedPart = (report: Report) =>
  report.expectations === undefined ? "" : ` (+${report.expectations.expected_failures} expected)`;

/** Expected failures and stale expectations by id, so a console reader sees why a failing clause passed the run. */
function expectationLines(report: Report): string[] {
  const { expected, stale } = expectationClauses(report.clauses);
  const lines: string[] = [];
  if (expected.length > 0) lines.push("", "Expected failures (--expect, not failing the run):");
  for (const c of expected) lines.push(`  ⊗ ${c.id}: ${c.expected!.reason}`);
  if (stale.length > 0) lines.push("", "Stale expectations (the clause now passes):");
  for (const c of stale) lines.push(`  ✓ ${c.id}: ${c.expected!.reason}`);
  return lines;
}
