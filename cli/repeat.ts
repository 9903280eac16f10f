// `run --repeat N`: the clauses whose verdict changed between the runs, and what each run said of them.
import type { Report } from "../spec/report.ts";

/** Clauses whose status differed between repeated runs. */
export function flakyClauses(reports: Report[]): string[] {
  const first = reports[0];
  if (first === undefined) return [];
  return first.clauses
    .filter((clause) => reports.some((r) => r.clauses.find((c) => c.id === clause.id)?.status !== clause.status))
    .map((clause) => clause.id);
}

/** For each flaky clause, what each run said of it: the status and the first failing check's message. */
export function flakyDetails(reports: Report[], flaky: string[]): string[] {
  const lines: string[] = [];
  for (const id of flaky) {
    lines.push(`  ${id}:`);
    reports.forEach((report, index) => {
      const clause = report.clauses.find((c) => c.id === id);
      const failing = clause?.checks.find((c) => c.status === "failed" || c.status === "errored");
      const detail =
        failing === undefined ? "" : ` in "${failing.name}": ${failing.failure?.message ?? failing.reason ?? ""}`;
      lines.push(`    run ${index + 1}: ${clause?.status ?? "absent"}${detail.split("\n")[0]}`);
    });
  }
  return lines;
}

/** The last run's report, carrying the repeat's verdict (which clauses changed) when there was more than one. */
export function repeatedReport(reports: Report[]): Report {
  const last = reports[reports.length - 1]!;
  if (reports.length < 2) return last;
  return { ...last, run: { ...last.run, repeat: { runs: reports.length, flaky: flakyClauses(reports) } } };
}

/** What the console says of the repeat: the flaky clauses and each run's verdict on them, or that all held. */
export function repeatLines(reports: Report[]): string[] {
  if (reports.length < 2) return [];
  const flaky = flakyClauses(reports);
  if (flaky.length === 0) return [`Stable: every clause had the same verdict in ${reports.length} runs.`];
  return [
    `FLAKY: ${flaky.length} clause(s) changed verdict across ${reports.length} runs: ${flaky.join(", ")}`,
    ...flakyDetails(reports, flaky),
  ];
}
