import { mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { renderCommand } from "../../cli/report-command.ts";
import { sampleReport, withSummary } from "../../fixtures/sample-report.ts";
import { verdictLines } from "../../reports/console.ts";
import { OUTPUTS } from "../../reports/formats.ts";
import { renderHtml } from "../../reports/html.ts";
import { renderJunit } from "../../reports/junit.ts";
import { renderMarkdown } from "../../reports/markdown.ts";
import { ReportError, readReport, writeReports } from "../../reports/write.ts";
import type { Report } from "../../spec/report.ts";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "cap-reports-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (l: string) => out.push(l), err: (l: string) => err.push(l) }, out, err };
}

describe("writeReports / readReport", () => {
  it("writes the four files into a new directory and reads report.json back unchanged", async () => {
    const target = join(dir, "nested", "out");
    const report = sampleReport();
    const { files } = await writeReports(report, target);
    expect(files.map((f) => f.slice(target.length + 1))).toEqual([
      "report.json",
      "junit.xml",
      "report.html",
      "summary.md",
    ]);
    expect((await readdir(target)).sort()).toEqual(["junit.xml", "report.html", "report.json", "summary.md"]);
    expect(await readReport(target)).toEqual(report);
    expect(await readFile(join(target, "junit.xml"), "utf8")).toBe(renderJunit(report));
    expect(await readFile(join(target, "report.html"), "utf8")).toBe(renderHtml(report));
    expect(await readFile(join(target, "summary.md"), "utf8")).toBe(renderMarkdown(report));
  });

  it("writes every output the registry says is always written, and the console names each file", async () => {
    const { files } = await writeReports(sampleReport(), dir);
    const always = Object.values(OUTPUTS).filter((o) => o.when === "always");
    expect(files).toEqual(always.map((o) => join(dir, o.file)));
    const reportsLine = verdictLines(sampleReport(), files).find((l) => l.startsWith("Reports: "));
    expect(reportsLine).toBe(`Reports: ${files.join(", ")}`);
    for (const name of ["report.json", "junit.xml", "report.html", "summary.md"]) expect(reportsLine).toContain(name);
  });

  it("refuses to write an invalid report and writes nothing", async () => {
    const bad = { ...sampleReport(), summary: { clauses: "many" } } as unknown as Report;
    const attempt = writeReports(bad, join(dir, "out"));
    await expect(attempt).rejects.toBeInstanceOf(ReportError);
    await expect(attempt).rejects.toThrow(/summary\.clauses: /);
    await expect(stat(join(dir, "out"))).rejects.toThrow(/ENOENT/);
  });

  it.each([
    ["a missing report.json", null, /no report\.json in .*expected .*report\.json/],
    ["invalid JSON", "{ not json", /report\.json is not valid JSON/],
    ["a JSON array", "[]", /is not a report: expected a JSON object/],
    [
      "schema_version 2",
      JSON.stringify({ ...sampleReport(), schema_version: 2 }),
      /has schema_version 2; .* reads schema_version 1 only/,
    ],
    ["no schema_version", JSON.stringify({ clauses: [] }), /has no schema_version/],
  ])("explains %s", async (_, content, message) => {
    if (content !== null) await writeFile(join(dir, "report.json"), content);
    await expect(readReport(dir)).rejects.toThrow(message);
  });

  it("names each field that does not match the schema", async () => {
    const report = sampleReport() as unknown as {
      clauses: Array<Record<string, unknown>>;
      run: Record<string, unknown>;
    };
    report.clauses[2]!.status = "flaky";
    report.run.seed = 1.5;
    await writeFile(join(dir, "report.json"), JSON.stringify(report));
    const error = (await readReport(dir).catch((e: unknown) => e)) as Error;
    expect(error).toBeInstanceOf(ReportError);
    expect(error.message).toContain("does not match the report.json schema (schema_version 1)");
    expect(error.message).toMatch(/- clauses\.2\.status: /);
    expect(error.message).toMatch(/- run\.seed: /);
  });
});

describe("renderCommand", () => {
  it("re-renders junit, html and markdown from report.json and leaves report.json alone", async () => {
    const report = sampleReport();
    const json = `${JSON.stringify(report, null, 2)}\n`;
    await writeFile(join(dir, "report.json"), json);
    const { io, out, err } = capture();
    expect(await renderCommand(dir, io)).toBe(0);
    expect(err).toEqual([]);
    expect(out[0]).toBe(
      "FAIL, and 1 clause errored (not judged): 3 failed, 1 errored, 7 passed, 1 skipped, 2 not shown (14 clauses)",
    );
    expect(out.slice(1)).toEqual(["junit.xml", "report.html", "summary.md"].map((f) => `wrote ${join(dir, f)}`));
    expect(await readFile(join(dir, "report.html"), "utf8")).toBe(renderHtml(report));
    expect(await readFile(join(dir, "report.json"), "utf8")).toBe(json);
    expect((await readdir(dir)).filter((f) => f.endsWith(".tmp"))).toEqual([]);
  });

  it("with --annotations prints ten errors at most and adds how many more to the job summary", async () => {
    const report = sampleReport();
    const template = report.clauses.find((c) => c.id === "paging.limit-range")!;
    const extra = Array.from({ length: 12 }, (_, i) => ({ ...template, id: `paging.generated-${i}` }));
    await writeFile(
      join(dir, "report.json"),
      JSON.stringify(withSummary({ ...report, clauses: [...report.clauses, ...extra] })),
    );
    const summary = join(dir, "step-summary.md");
    await writeFile(summary, "## the summary.md the action appended\n");
    const { io, out } = capture();
    expect(await renderCommand(dir, io, { annotations: true, jobSummary: summary })).toBe(0);
    expect(out.filter((l) => l.startsWith("::error "))).toHaveLength(10);
    expect(out.at(-1)).toMatch(/^6 more failing clauses than GitHub annotates/);
    expect(await readFile(summary, "utf8")).toMatch(
      /^## the summary\.md the action appended\n\n\*\*6 more failing clauses\*\*/,
    );
  });

  it("exits 2 with a clear message when report.json is missing or invalid", async () => {
    const missing = capture();
    expect(await renderCommand(join(dir, "nope"), missing.io)).toBe(2);
    expect(missing.err).toEqual([
      `cap-conformance report: no report.json in ${join(dir, "nope")} (expected ${join(dir, "nope", "report.json")})`,
    ]);
    await writeFile(join(dir, "report.json"), JSON.stringify({ schema_version: 7 }));
    const wrongVersion = capture();
    expect(await renderCommand(dir, wrongVersion.io)).toBe(2);
    expect(wrongVersion.err[0]).toMatch(/^cap-conformance report: .* has schema_version 7/);
    expect(await readdir(dir)).toEqual(["report.json"]);
    const empty = capture();
    expect(await renderCommand("", empty.io)).toBe(2);
    expect(empty.err[0]).toContain("missing DIR");
  });
});
