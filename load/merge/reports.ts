// Writes a run's reports outside k6: the merged summary of N instances, or one run's report.html
// again with its charts over time (k6's handleSummary cannot read the raw samples it is writing).
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { renderJunit } from "../lib/junit.ts";
import type { LoadSummary } from "../lib/summary-data.ts";
import { renderHtml } from "../lib/summary-html.ts";
import { markdownVerdict } from "../lib/summary-markdown.ts";
import { CHART_STYLE, renderTimeline } from "./charts.ts";
import { readInstance } from "./merge.ts";
import { emptySampleSet, readSamples, type SampleSet } from "./samples.ts";
import { buildTimeline, type CarrierPoint } from "./timeline.ts";

export function reportHtml(summary: LoadSummary, samples: SampleSet, carrier: CarrierPoint[]): string {
  return renderHtml(summary, { timeline: renderTimeline(buildTimeline(samples, carrier)), style: CHART_STYLE });
}

/** summary.json, junit.xml, summary.md and report.html (with charts) of a merged run. */
export function writeReports(dir: string, summary: LoadSummary, samples: SampleSet, carrier: CarrierPoint[]): void {
  writeFileSync(join(dir, "summary.json"), `${JSON.stringify(summary, null, 2)}\n`);
  writeFileSync(join(dir, "junit.xml"), renderJunit(summary));
  writeFileSync(join(dir, "summary.md"), markdownVerdict(summary));
  writeFileSync(join(dir, "report.html"), reportHtml(summary, samples, carrier));
  if (carrier.length > 0) writeFileSync(join(dir, "carrier-timeline.json"), `${JSON.stringify(carrier)}\n`);
}

/** One process's report.html rewritten with its charts (its summary.json and samples are in `dir`). */
export async function addCharts(dir: string, carrier: CarrierPoint[]): Promise<void> {
  const run = readInstance(dir);
  const samples = emptySampleSet();
  await readSamples(run.samplesFile, run.index, samples);
  writeFileSync(join(dir, "report.html"), reportHtml(run.summary, samples, carrier));
  if (carrier.length > 0) writeFileSync(join(dir, "carrier-timeline.json"), `${JSON.stringify(carrier)}\n`);
}

/** A carrier timeline saved by an earlier report (a merge run again without the target). */
export function savedCarrierTimeline(dirs: string[]): CarrierPoint[] {
  for (const dir of dirs) {
    try {
      return JSON.parse(readFileSync(join(dir, "carrier-timeline.json"), "utf8")) as CarrierPoint[];
    } catch {
      // none here
    }
  }
  return [];
}
