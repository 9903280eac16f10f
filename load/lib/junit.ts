// JUnit XML of one load run: one test case per threshold, check and finding, so CI dashboards
// show which bound a run broke.
import { escapeMarkup as esc } from "./escape.ts";
import type { LoadSummary } from "./summary-data.ts";

interface Case {
  name: string;
  failure?: string;
  /** The run could not do its job (interrupted): an error, not a failure. */
  error?: string;
  /** Not measured: reported as skipped, neither passed nor failed. */
  skipped?: string;
}

export function renderJunit(summary: LoadSummary): string {
  const cases: Case[] = [
    ...(summary.interrupted === undefined
      ? []
      : [{ name: "the run did not finish", error: `${summary.interrupted}: its numbers cover only what ran` }]),
    ...summary.thresholds.map((t) => {
      const who = t.instance === undefined ? "" : `instance ${t.instance}: `;
      return {
        name: `threshold ${who}${t.metric}: ${t.expression}`,
        failure: t.ok ? undefined : `threshold crossed: ${who}${t.metric} ${t.expression}`,
      };
    }),
    ...summary.checks.map((c) => ({
      name: `check ${c.name}`,
      failure: c.fails > 0 ? `${c.fails} of ${c.passes + c.fails} failed` : undefined,
    })),
    ...summary.findings.map((f) => ({
      name: `finding ${f.name}`,
      failure: f.ok ? undefined : f.detail,
      skipped: f.ok && f.warning ? f.detail : undefined,
    })),
  ];
  const failures = cases.filter((c) => c.failure !== undefined).length;
  const errors = cases.filter((c) => c.error !== undefined).length;
  const skipped = cases.filter((c) => c.skipped !== undefined).length;
  const suite = `load.${summary.scenario}`;
  const seconds = (summary.duration_ms / 1000).toFixed(3);
  const body = cases
    .map((c) => {
      const open = `    <testcase classname="${esc(suite)}" name="${esc(c.name)}">`;
      if (c.error !== undefined) return `${open}\n      <error message="${esc(c.error)}"/>\n    </testcase>`;
      if (c.failure !== undefined) return `${open}\n      <failure message="${esc(c.failure)}"/>\n    </testcase>`;
      if (c.skipped !== undefined) return `${open}\n      <skipped message="${esc(c.skipped)}"/>\n    </testcase>`;
      return `${open}</testcase>`;
    })
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>
<testsuites name="cap-conformance load" tests="${cases.length}" failures="${failures}" errors="${errors}" time="${seconds}">
  <testsuite name="${esc(suite)}" tests="${cases.length}" failures="${failures}" errors="${errors}" skipped="${skipped}" time="${seconds}">
${body}
  </testsuite>
</testsuites>
`;
}
