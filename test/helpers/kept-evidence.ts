// What a report's failures kept of their exchanges, held to issue 32's rule: a failed check whose message names
// the exchange its assertion is about (explain's `METHOD url → status`, runner/client/recorder.ts) keeps that
// exchange, marked `subject`, whatever came after it. Used over the kill matrix's reports.
import type { Report } from "../../spec/report.ts";

export interface Evidence {
  /** Failed checks with a recorded failure (universal rules aside: they record no exchange). */
  failures: number;
  /** Of those, the ones whose message names an exchange, and the ones with a subject kept. */
  named: number;
  marked: number;
  /** What is wrong: a named exchange not kept, or kept unmarked. */
  problems: string[];
}

const LINE = /\b(GET|POST|PUT|PATCH|DELETE) (https?:\/\/\S+) → (\d{3}|null)/g;

export function keptEvidence(report: Report): Evidence {
  const evidence: Evidence = { failures: 0, named: 0, marked: 0, problems: [] };
  const seen = new Set<string>();
  for (const row of [...report.clauses, ...(report.optional ?? [])]) {
    for (const check of row.checks) {
      const failure = check.failure;
      if (check.status !== "failed" || failure === null || check.suite === "every-response") continue;
      const key = `${check.suite}\0${check.name}`;
      if (seen.has(key)) continue;
      seen.add(key);
      evidence.failures += 1;
      const subject = failure.exchanges.find((x) => x.subject);
      if (subject !== undefined) evidence.marked += 1;
      const lines = [...failure.message.matchAll(LINE)].map((m) => `${m[1]} ${m[2]} → ${m[3]}`);
      if (lines.length === 0) continue;
      evidence.named += 1;
      const kept = failure.exchanges.some((x) => lines.includes(`${x.method} ${x.url} → ${x.status}`));
      if (subject === undefined || !kept) {
        evidence.problems.push(
          `${check.suite}: ${check.name}: its message names ${lines.at(-1)}, ${kept ? "kept but not marked" : "not kept"}`,
        );
      } else if (!lines.includes(`${subject.method} ${subject.url} → ${subject.status}`)) {
        evidence.problems.push(`${check.suite}: ${check.name}: the subject kept is not an exchange its message names`);
      }
    }
  }
  return evidence;
}
