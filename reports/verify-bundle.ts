// `cap-conformance verify BUNDLE`: a certification bundle (bundle.ts) checked as a certifier would, without
// re-running anything. Like the k8s-conformance bot, which holds a submission's junit against the version's list
// of required tests and its log against the version, each finding says what was checked and, when it fails, why.
// What it proves and what it cannot is in README ("Certification").
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { partialReasons } from "../spec/certification.ts";
import type { Clause } from "../spec/clause.ts";
import type { ClauseResult, Report, Status } from "../spec/report.ts";
import { exitCodeOf, verdictOf } from "../spec/verdict.ts";
import { CERTIFICATION_RUN, certificationOf, PRODUCT_FILE, ProductFile, sha256 } from "./bundle.ts";
import { OUTPUTS, RENDERED } from "./formats.ts";
import { ReportError, readReport } from "./write.ts";

/** What the harness that verifies is: a bundle must have been made with the same. */
export interface Harness {
  toolVersion: string;
  specSha256: string;
  clauses: readonly Pick<Clause, "id" | "kind">[];
}

export interface Finding {
  ok: boolean;
  /** What was checked, and when it failed, why. */
  line: string;
}

/** A bundle that cannot be read at all: no verdict on it (exit 2). */
export class BundleError extends Error {}

function readProduct(dir: string): ProductFile {
  const path = join(dir, PRODUCT_FILE);
  if (!existsSync(path)) throw new BundleError(`${dir} is no bundle: it has no ${PRODUCT_FILE}`);
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    throw new BundleError(`${path} is not JSON: ${(error as Error).message}`);
  }
  const parsed = ProductFile.safeParse(data);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((i) => i.path.join(".") || "(top)").join(", ");
    throw new BundleError(
      `${path} is not the product.json a run writes (${fields}): made by an older cap-conformance?`,
    );
  }
  return parsed.data;
}

const check = (ok: boolean, passed: string, failed: string): Finding => ({ ok, line: ok ? passed : failed });

/** Every file product.json lists is there with its digest, and nothing else is. */
function fileFindings(dir: string, product: ProductFile): Finding[] {
  const findings: Finding[] = [];
  for (const [name, digest] of Object.entries(product.files)) {
    const path = join(dir, name);
    if (!existsSync(path)) {
      findings.push({ ok: false, line: `${name} is missing: product.json lists it` });
      continue;
    }
    const actual = sha256(readFileSync(path));
    findings.push(
      check(
        actual === digest,
        `${name}: sha256 ${digest.slice(0, 12)}… as product.json says`,
        `${name} was changed after the run: its sha256 is ${actual.slice(0, 12)}…, product.json says ${digest.slice(0, 12)}…`,
      ),
    );
  }
  const extra = readdirSync(dir).filter((name) => name !== PRODUCT_FILE && !(name in product.files));
  if (extra.length > 0) findings.push({ ok: false, line: `files product.json does not list: ${extra.join(", ")}` });
  return findings;
}

/** The harness and spec the run was made with are the ones verifying. */
function versionFindings(report: Report, product: ProductFile, harness: Harness): Finding[] {
  return [
    check(
      report.tool.version === harness.toolVersion && product.tool.version === harness.toolVersion,
      `made with cap-conformance ${harness.toolVersion}, this version`,
      `made with cap-conformance ${report.tool.version} (product.json: ${product.tool.version}); this is ${harness.toolVersion}: verify with the version that made it, or run again`,
    ),
    check(
      report.spec.sha256 === harness.specSha256 && product.spec.sha256 === harness.specSha256,
      `checked against the spec this version holds (sha256 ${harness.specSha256.slice(0, 12)}…)`,
      `checked against another spec (sha256 ${report.spec.sha256.slice(0, 12)}…) than this version holds (${harness.specSha256.slice(0, 12)}…)`,
    ),
  ];
}

/** The rendered files are what this version renders from report.json: none was edited apart from it. */
function renderFindings(dir: string, report: Report): Finding[] {
  return RENDERED.filter((name) => OUTPUTS[name].file !== null && existsSync(join(dir, OUTPUTS[name].file!))).map(
    (name) => {
      const file = OUTPUTS[name].file!;
      const same = readFileSync(join(dir, file), "utf8") === OUTPUTS[name].render(report);
      return check(
        same,
        `${file} is what report.json renders`,
        `${file} is not what report.json renders: one of them was edited`,
      );
    },
  );
}

const RANK: Record<string, number> = { skipped: 0, passed: 1, errored: 2, failed: 3 };

/** A clause's status is the worst of its checks', as the run builds it: a failure cannot be turned into a pass. */
function hiddenFailures(report: Report): string[] {
  return report.clauses
    .filter((c) => c.status !== "not-shown" && c.checks.length > 0)
    .filter((c) => {
      const worst = c.checks.reduce((a, b) => (RANK[b.status]! > RANK[a.status]! ? b : a)).status;
      return worst !== c.status;
    })
    .map(
      (c) =>
        `${c.id} says ${c.status} though a check of it ${c.checks.find((k) => RANK[k.status]! > RANK[c.status]!)?.status}`,
    );
}

/** An expected failure must be one the recorded expectations file declares, with a reason. */
function unexplained(report: Report): string[] {
  const entries = report.run.selection?.expectations?.entries ?? [];
  return report.clauses
    .filter((c) => c.expected !== undefined)
    .filter((c) => {
      const entry = entries.find((e) => e.clause === c.id);
      return entry === undefined || entry.reason.trim() === "" || c.expected!.reason.trim() === "";
    })
    .map((c: ClauseResult) => c.id);
}

function countFindings(report: Report): Finding[] {
  const count = (status: Status) => report.clauses.filter((c) => c.status === status).length;
  const expected = report.clauses.filter((c) => c.status === "failed" && c.expected !== undefined).length;
  const s = report.summary;
  const agrees =
    s.clauses === report.clauses.length &&
    s.passed === count("passed") &&
    s.failed === count("failed") - expected &&
    s.errored === count("errored") &&
    s.skipped === count("skipped") &&
    s.not_shown === count("not-shown");
  const hidden = hiddenFailures(report);
  return [
    check(
      agrees,
      "the summary counts the clauses as they are",
      "the summary does not count the clauses as they are: report.json was edited",
    ),
    check(
      hidden.length === 0,
      "every clause has its checks' worst status",
      `a failure is hidden: ${hidden.join("; ")}`,
    ),
  ];
}

/** Every clause of this version, and nothing narrowed: what a certification run is (spec/certification.ts). */
function selectionFindings(report: Report, product: ProductFile, harness: Harness): Finding[] {
  const ids = new Set(report.clauses.map((c) => c.id));
  const missing = harness.clauses.filter((c) => !ids.has(c.id)).map((c) => c.id);
  const known = new Set(harness.clauses.map((c) => c.id));
  const extra = report.clauses.filter((c) => !known.has(c.id)).map((c) => c.id);
  const findings = [
    check(
      missing.length === 0 && extra.length === 0,
      `every one of this version's ${harness.clauses.length} clauses is in the report`,
      `the report's clauses are not this version's: ${[...missing.map((id) => `${id} missing`), ...extra.map((id) => `${id} unknown`)].slice(0, 10).join(", ")}`,
    ),
  ];
  const selection = report.run.selection;
  if (selection === undefined) {
    findings.push({ ok: false, line: "the report records no selection, so nothing says the run was whole" });
    return findings;
  }
  const reasons = partialReasons(selection, report.run.num_runs);
  findings.push(
    check(
      reasons.length === 0,
      "a certification run: every suite and clause, the default property runs, no expected failure",
      `partial, not a certification run: ${reasons.join("; ")}`,
    ),
  );
  const claimed = certificationOf({ ...report, run: { ...report.run, partial: reasons } });
  if (product.certification !== claimed || (report.run.partial ?? []).join() !== reasons.join()) {
    findings.push({
      ok: false,
      line: `product.json or report.json says "${product.certification === CERTIFICATION_RUN ? product.certification : "partial"}" where its selection says "${reasons.length === 0 ? CERTIFICATION_RUN : "partial"}"`,
    });
  }
  const missingReason = unexplained(report);
  if (missingReason.length > 0) {
    findings.push({
      ok: false,
      line: `a failure is hidden without a reason: ${missingReason.join(", ")} marked expected with no reason in the recorded expectations file`,
    });
  }
  return findings;
}

/** The verdict the report implies, and that product.json says the same. */
function verdictFindings(report: Report, product: ProductFile): Finding[] {
  const verdict = verdictOf(report);
  const code = exitCodeOf(report);
  return [
    check(
      product.verdict === verdict && product.exit_code === code,
      `product.json's verdict is the report's: ${verdict} (exit ${code})`,
      `product.json says ${product.verdict} (exit ${product.exit_code}), the report implies ${verdict} (exit ${code})`,
    ),
    check(
      verdict === "PASS",
      "the run passed: every applicable clause passed (exit 0)",
      `the run did not pass: ${verdict} (exit ${code}), ${report.summary.failed} failed and ${report.summary.errored} errored clauses`,
    ),
  ];
}

/** Every finding on the bundle in `dir`; BundleError when it cannot be read. */
export async function verifyBundle(dir: string, harness: Harness): Promise<Finding[]> {
  const product = readProduct(dir);
  const findings = fileFindings(dir, product);
  let report: Report;
  try {
    report = await readReport(dir);
  } catch (error) {
    if (error instanceof ReportError) return [...findings, { ok: false, line: error.message }];
    throw error;
  }
  return [
    ...findings,
    ...versionFindings(report, product, harness),
    ...renderFindings(dir, report),
    ...countFindings(report),
    ...selectionFindings(report, product, harness),
    ...verdictFindings(report, product),
  ];
}
