// Writing a run's reports into one directory, and reading report.json back (for `cap-conformance report DIR`
// and for other tools). report.json is validated against the schema both ways. Writes are synchronous, so a run
// interrupted by a signal writes its reports whole before any other handler can end the process.
import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import type { z } from "zod";
import { Report } from "../spec/report.ts";
import { ALWAYS, OUTPUTS, type OutputName, RENDERED } from "./formats.ts";

/** A report that cannot be written or read; the message says which file and what is wrong with it. */
export class ReportError extends Error {
  override name = "ReportError";
}

const MAX_ISSUES = 20;

function describeIssues(error: z.ZodError): string {
  const lines = error.issues
    .slice(0, MAX_ISSUES)
    .map((i) => `  - ${i.path.length === 0 ? "(top level)" : i.path.join(".")}: ${i.message}`);
  const more = error.issues.length - MAX_ISSUES;
  if (more > 0) lines.push(`  - ... and ${more} more problems`);
  return lines.join("\n");
}

/** Write then rename, so a reader (or a crash) never sees half a file. */
function writeAtomic(path: string, text: string): void {
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, text, "utf8");
  renameSync(tmp, path);
}

/** Writes these outputs of a report already known to be valid into `dir` (created); answers their paths. */
function writeOutputs(report: Report, dir: string, names: OutputName[]): { files: string[] } {
  mkdirSync(dir, { recursive: true });
  const files: string[] = [];
  for (const name of names) {
    const output = OUTPUTS[name];
    if (output.file === null) continue;
    const path = join(dir, output.file);
    writeAtomic(path, output.render(report));
    files.push(path);
  }
  return { files };
}

/** Renders the formats rendered from report.json (junit.xml, report.html, summary.md: formats.ts) into `dir`. */
export async function writeRenderedReports(report: Report, dir: string): Promise<{ files: string[] }> {
  return writeOutputs(report, dir, RENDERED);
}

/** Validates `report`, then writes every output written always (report.json first) into `dir` (created). */
export async function writeReports(report: Report, dir: string): Promise<{ files: string[] }> {
  return writeReportsSync(report, dir);
}

/** writeReports, done before it returns (from a signal handler, or a timer that must not interleave). */
export function writeReportsSync(report: Report, dir: string): { files: string[] } {
  const parsed = Report.safeParse(report);
  if (!parsed.success) {
    throw new ReportError(
      `refusing to write an invalid report.json (schema_version 1):\n${describeIssues(parsed.error)}`,
    );
  }
  return writeOutputs(parsed.data, dir, ALWAYS);
}

/** Writes one output to a path of its own (`run --har FILE`); answers the path. */
export function writeOutputFile(report: Report, name: OutputName, path: string): string {
  mkdirSync(dirname(path), { recursive: true });
  writeAtomic(path, OUTPUTS[name].render(report));
  return path;
}

/** Reads and validates DIR/report.json. Throws ReportError with a message fit to show a user. */
export async function readReport(dir: string): Promise<Report> {
  const path = join(dir, OUTPUTS.json.file);
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === "ENOENT") throw new ReportError(`no report.json in ${dir} (expected ${path})`);
    throw new ReportError(`cannot read ${path}: ${(err as Error).message}`);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    throw new ReportError(`${path} is not valid JSON: ${(err as Error).message}`);
  }
  if (typeof data !== "object" || data === null || Array.isArray(data)) {
    throw new ReportError(`${path} is not a report: expected a JSON object`);
  }
  const version = (data as { schema_version?: unknown }).schema_version;
  if (version !== 1) {
    const seen = version === undefined ? "no schema_version" : `schema_version ${JSON.stringify(version)}`;
    throw new ReportError(`${path} has ${seen}; this version of cap-conformance reads schema_version 1 only`);
  }
  const parsed = Report.safeParse(data);
  if (!parsed.success) {
    throw new ReportError(
      `${path} does not match the report.json schema (schema_version 1):\n${describeIssues(parsed.error)}`,
    );
  }
  return parsed.data;
}
