// What every format says first, under the verdict: what makes a report other than a plain verdict on the server.
// A setup mistake (the run stopped before its first check, or every failure looks like one), a partial run (not a
// certification run: spec/certification.ts) and a run that did not finish; each renderer shows these first.

import { PARTIAL } from "../spec/certification.ts";
import type { Report } from "../spec/report.ts";
import { incompleteNote } from "./format.ts";

export interface Banner {
  kind: "setup" | "partial" | "incomplete";
  /** One paragraph, plain text. */
  text: string;
}

/** What the setup field says, as one paragraph, or undefined. */
export function setupNote(report: Pick<Report, "setup">): string | undefined {
  const faults = report.setup?.faults ?? [];
  if (faults.length > 0) {
    const lines = faults.map((fault) => `- ${fault}`);
    return `SETUP PROBLEM: the run stopped before its first check, so no clause was judged:\n${lines.join("\n")}`;
  }
  const hint = report.setup?.hint;
  return hint === undefined ? undefined : `Looks like a setup problem: ${hint}`;
}

/** Why the run is no certification run, as one paragraph, or undefined for a certification run. */
export function partialNote(report: Pick<Report, "run">): string | undefined {
  const reasons = report.run.partial ?? [];
  return reasons.length === 0 ? undefined : `${PARTIAL}: ${reasons.join("; ")}.`;
}

export function bannersOf(report: Report): Banner[] {
  const banners: Banner[] = [];
  const setup = setupNote(report);
  if (setup !== undefined) banners.push({ kind: "setup", text: setup });
  const partial = partialNote(report);
  if (partial !== undefined) banners.push({ kind: "partial", text: partial });
  // A run stopped by its setup is incomplete by construction: the setup banner says why.
  const incomplete = report.setup?.faults?.length ? undefined : incompleteNote(report);
  if (incomplete !== undefined) banners.push({ kind: "incomplete", text: incomplete });
  return banners;
}
