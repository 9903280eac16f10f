// `cap-conformance report DIR`: re-renders junit.xml, report.html and summary.md from DIR/report.json; with
// `--annotations`, prints GitHub workflow annotations of its most telling failures instead
// (reports/github-annotations.ts), and says how many more there are, in the job summary too when GitHub names one
// ($GITHUB_STEP_SUMMARY, set in every step of a job).
// Exit codes: 0 rendered (whatever the run's verdict), 2 no usable report.json or the files could not be written.
import { appendFileSync } from "node:fs";
import { countsLine, verdictHeadline } from "../reports/format.ts";
import { OUTPUTS } from "../reports/formats.ts";
import { githubAnnotations, moreLine } from "../reports/github-annotations.ts";
import { ReportError, readReport, writeRenderedReports } from "../reports/write.ts";
import { REPORT_FLAGS } from "./command-flags.ts";
import { parseFlags } from "./flags.ts";

export interface RenderCommandIo {
  out: (line: string) => void;
  err: (line: string) => void;
}

const defaultIo: RenderCommandIo = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
};

export async function renderCommand(
  dir: string,
  io: RenderCommandIo = defaultIo,
  options: { annotations?: boolean; jobSummary?: string } = {},
): Promise<number> {
  if (dir.trim() === "") {
    io.err("cap-conformance report: missing DIR (the directory holding report.json)");
    return 2;
  }
  try {
    const report = await readReport(dir);
    if (options.annotations) {
      for (const line of OUTPUTS.annotations.render(report).trimEnd().split("\n")) io.out(line);
      const more = moreLine(githubAnnotations(report).more);
      if (more !== undefined) {
        io.out(more.replaceAll("**", ""));
        if (options.jobSummary) appendFileSync(options.jobSummary, `\n${more}\n`);
      }
      return 0;
    }
    const { files } = await writeRenderedReports(report, dir);
    io.out(`${verdictHeadline(report)}: ${countsLine(report.summary, report.expectations)}`);
    for (const f of files) io.out(`wrote ${f}`);
    return 0;
  } catch (err) {
    const message =
      err instanceof ReportError ? err.message : `cannot render reports in ${dir}: ${(err as Error).message}`;
    io.err(`cap-conformance report: ${message}`);
    return 2;
  }
}

/** `report DIR [--annotations]`, the flag anywhere. */
export async function reportCommand(argv: string[]): Promise<number> {
  const { positionals, values } = parseFlags(REPORT_FLAGS, argv, { positionals: true });
  return renderCommand(positionals[0] ?? "", defaultIo, {
    annotations: values.annotations === true,
    ...(process.env.GITHUB_STEP_SUMMARY ? { jobSummary: process.env.GITHUB_STEP_SUMMARY } : {}),
  });
}
