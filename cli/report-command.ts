// `cap-conformance report DIR`: re-renders junit.xml, report.html and summary.md from DIR/report.json; with
// `--annotations`, prints GitHub workflow annotations of its failing clauses instead (reports/formats.ts).
// Exit codes: 0 rendered (whatever the run's verdict), 2 no usable report.json or the files could not be written.

import { countsLine, verdictHeadline } from "../reports/format.ts";
import { OUTPUTS } from "../reports/formats.ts";
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
  options: { annotations?: boolean } = {},
): Promise<number> {
  if (dir.trim() === "") {
    io.err("cap-conformance report: missing DIR (the directory holding report.json)");
    return 2;
  }
  try {
    const report = await readReport(dir);
    if (options.annotations) {
      for (const line of OUTPUTS.annotations.render(report).trimEnd().split("\n")) io.out(line);
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
  return renderCommand(positionals[0] ?? "", defaultIo, { annotations: values.annotations === true });
}
