// The report.html of a real planted-fault run, in headless Chromium: a person sees the failing clause and its
// statement, the request of the failing exchange, and a reproduce line that `run` itself accepts.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, expect, test } from "vitest";
import { parseFlags } from "../../cli/flags.ts";
import { RUN_OPTIONS } from "../../cli/run-options.ts";
import { html } from "../../reports/escape.ts";
import { CLAUSE_BY_ID } from "../../spec/clauses/index.ts";
import type { Report } from "../../spec/report.ts";
import { runCli } from "../helpers/cli.ts";
import { hasChromium, needChromium, runChromium, SKIP_NOTE } from "./chromium.ts";

if (!hasChromium) console.warn(`html-real-run.test.ts: ${SKIP_NOTE}`);

const dir = mkdtempSync(join(tmpdir(), "cap-html-run-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The text of an HTML fragment as a browser shows it (our renderer's five entities only). */
function text(fragment: string): string {
  return fragment
    .replace(/<[^>]*>/g, "")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&");
}

test("a planted fault's report shows the failing clause, its request and a reproduce line run accepts", {
  timeout: 180_000,
}, async (ctx) => {
  needChromium(ctx);
  const reportDir = join(dir, "report");
  const run = await runCli(
    ["run", "--fault", "limit-clamped", "--suite", "paging", "--seed", "7", "--quiet", "--report-dir", reportDir],
    { timeoutMs: 150_000 },
  );
  expect(run.code, run.stdout + run.stderr).toBe(1);
  const report = JSON.parse(readFileSync(join(reportDir, "report.json"), "utf8")) as Report;
  const failed = report.clauses.find((c) => c.status === "failed")!;
  const check = failed.checks.find((c) => c.failure !== null)!;
  // The exchange the failed assertion is about is kept and marked (its message names it).
  const exchange = check.failure!.exchanges.find((x) => x.subject)!;
  expect(exchange, "the failure's subject exchange").toBeDefined();
  expect(check.failure!.message).toContain(`${exchange.method} ${exchange.url} → ${exchange.status}`);

  const url = pathToFileURL(join(reportDir, "report.html")).href;
  const { stdout: dom, pageRequests } = await runChromium(["--dump-dom", url], 60_000);
  expect(pageRequests).toEqual([]);
  // The failing clause: open (visible without a click), its id and statement in its summary line.
  const clause = new RegExp(
    `<li class="clause" id="c\\d+" data-status="failed"><details open=""><summary>.*?<code class="cid">${failed.id.replace(/\./g, "\\.")}</code>([\\s\\S]*?)</li>`,
  ).exec(dom);
  expect(clause, `clause ${failed.id} open in the page`).not.toBeNull();
  const body = clause![0];
  expect(text(body)).toContain(failed.statement);
  // The failing exchange (always open, marked): method and URL as sent.
  expect(body).toMatch(
    new RegExp(
      `<details class="xchg subject" open=""><summary>\\d+\\. <span class="m">${exchange.method}</span> ${html(exchange.url).replace(/[.?*+()[\]\\]/g, "\\$&")} → `,
    ),
  );
  expect(text(body)).toContain(`${exchange.method} ${exchange.url} → ${exchange.status}`);
  // The reproduce line parses as `run` flags, names the failing clause, a seed, and the fault that was planted.
  const line = text(/<pre class="cmd"><code>([\s\S]*?)<\/code><\/pre>/.exec(body)![1]!);
  const words = line.split(/\s+/);
  expect(words.slice(0, 3)).toEqual(["npx", "cap-conformance", "run"]);
  const { values } = parseFlags(RUN_OPTIONS, words.slice(3));
  const clauses = String(values.clause).split(",");
  expect(clauses).toContain(failed.id);
  for (const id of clauses) expect(CLAUSE_BY_ID.has(id), id).toBe(true);
  expect(values.seed).toBe("7");
  expect(values.fault).toEqual(["limit-clamped"]);
});
