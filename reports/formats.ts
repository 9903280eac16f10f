// Every output of a run, in one registry: its file, its renderer, and when it is written (with every report, or
// only behind a flag). The writer (write.ts), the console's `Reports:` line, the bundle, `run --har` and
// `report --annotations` all read it, so a new format is one entry here (ARCHITECTURE.md, "Where things go").
import type { Report } from "../spec/report.ts";
import { githubAnnotations } from "./github-annotations.ts";
import { renderHar } from "./har.ts";
import { renderHtml } from "./html.ts";
import { renderJunit } from "./junit.ts";
import { renderMarkdown } from "./markdown.ts";

export interface Output {
  /** Its file's name in the report directory and in a bundle; null for one printed to stdout. */
  file: string | null;
  /** What it holds, in a few words (help text, README). */
  holds: string;
  render: (report: Report) => string;
  /** `always`: written with every report; else the flag that asks for it (a path or stdout of its own). */
  when: "always" | { flag: string };
}

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

export const OUTPUTS = {
  json: { file: "report.json", holds: "every verdict, the source of the others", render: json, when: "always" },
  junit: { file: "junit.xml", holds: "JUnit XML, one case per check", render: renderJunit, when: "always" },
  html: { file: "report.html", holds: "the report as one page", render: renderHtml, when: "always" },
  markdown: { file: "summary.md", holds: "a summary for a CI job", render: renderMarkdown, when: "always" },
  har: {
    file: "failed.har",
    holds: "the failed checks' exchanges as HAR 1.2",
    render: (report) => json(renderHar(report)),
    when: { flag: "run --har FILE" },
  },
  annotations: {
    file: null,
    holds: "GitHub workflow annotations of the failures",
    render: (report) => `${githubAnnotations(report).lines.join("\n")}\n`,
    when: { flag: "report DIR --annotations" },
  },
} as const satisfies Record<string, Output>;

export type OutputName = keyof typeof OUTPUTS;

/** The outputs written with every report, report.json first (the others are rendered from it). */
export const ALWAYS: OutputName[] = (Object.keys(OUTPUTS) as OutputName[]).filter((n) => OUTPUTS[n].when === "always");

/** The rendered ones among them: what `report DIR` writes again from report.json. */
export const RENDERED: OutputName[] = ALWAYS.filter((name) => name !== "json");
