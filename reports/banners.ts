// What every format says first, under the verdict: what makes a report other than a plain verdict on the server.
// A setup mistake (the run stopped before its first check, or every failure looks like one) and a run that did
// not finish; each renderer shows these lines before anything else.
import type { Report } from "../spec/report.ts";
import { incompleteNote } from "./format.ts";

export interface Banner {
  kind: "setup" | "incomplete";
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

export function bannersOf(report: Report): Banner[] {
  const banners: Banner[] = [];
  const setup = setupNote(report);
  if (setup !== undefined) banners.push({ kind: "setup", text: setup });
  // A run stopped by its setup is incomplete by construction: the setup banner says why.
  const incomplete = report.setup?.faults?.length ? undefined : incompleteNote(report);
  if (incomplete !== undefined) banners.push({ kind: "incomplete", text: incomplete });
  return banners;
}
