// handleSummary for every scenario: summary.json, junit.xml, report.html and summary.md under
// CAP_REPORT_DIR (the CLI uses reports/out/load/<scenario>/ and creates it), plus a short text
// verdict on stdout. Nothing is fetched: the renderers are in this directory.
import type { FindingInputs } from "./finding-inputs.ts";
import { scenarioFindings } from "./findings.ts";
import { currentSegment } from "./instance.ts";
import { renderJunit } from "./junit.ts";
import { runId } from "./run.ts";
import { type Finding, type LoadSummary, type SummaryData, verdict } from "./summary-data.ts";
import { renderHtml } from "./summary-html.ts";
import { markdownVerdict } from "./summary-markdown.ts";
import { textVerdict } from "./summary-text.ts";
import { target } from "./target.ts";

/** Called in handleSummary, where the instance's segment is known. */
export type InputsOf = () => FindingInputs;

export function summaryHandler(
  scenario: FindingInputs["scenario"],
  inputsOf: InputsOf = () => ({ scenario }) as FindingInputs,
) {
  return (data: SummaryData): Record<string, string> => {
    const judge = inputsOf();
    const segment = currentSegment();
    const summary: LoadSummary = {
      ...buildSummary(scenario, data, scenarioFindings(data, judge)),
      judge,
      ...(segment ? { instance: { index: segment.index, count: segment.count, segment: segment.text } } : {}),
    };
    const dir = (__ENV.CAP_REPORT_DIR || `reports/out/load/${scenario}`).replace(/\/+$/, "");
    return {
      [`${dir}/summary.json`]: `${JSON.stringify(summary, null, 2)}\n`,
      [`${dir}/junit.xml`]: renderJunit(summary),
      [`${dir}/report.html`]: renderHtml(summary),
      [`${dir}/summary.md`]: markdownVerdict(summary),
      stdout: textVerdict(summary, dir),
    };
  };
}

export function buildSummary(scenario: string, data: SummaryData, scenarioFindings: Finding[]): LoadSummary {
  return {
    schema: "cap-conformance/load-summary@1",
    scenario,
    run_id: runId(),
    region: target.region,
    base_url: target.baseUrl,
    finished_at: new Date().toISOString(),
    duration_ms: Math.round(data.state.testRunDurationMs),
    ...verdict(data, scenarioFindings),
    metrics: data.metrics,
  };
}
