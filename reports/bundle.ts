// A certification bundle (`run --bundle DIR`): what a vendor submits. The run's outputs (the registry's files,
// reports/formats.ts), run.log, and product.json: the product, the harness and spec the run was made with, whether
// it was a certification run, its verdict and exit code, and every other file's SHA-256. Nothing secret: every
// file is scanned for the run's secrets before the bundle is kept. `verify` (verify-bundle.ts) reads it back.
import { createHash } from "node:crypto";
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { z } from "zod";
import { PARTIAL } from "../spec/certification.ts";
import { DECOY_PREFIX, type Report } from "../spec/report.ts";
import { exitCodeOf, verdictOf } from "../spec/verdict.ts";

export const Product = z.object({
  vendor: z.string().min(1),
  product: z.string().min(1),
  version: z.string().min(1),
  target_description: z.string().default(""),
});
export type Product = z.infer<typeof Product>;

/** What a run says of a bundle it made; `certification` is "certification run" or the partial reasons. */
export const CERTIFICATION_RUN = "certification run";

export const ProductFile = Product.extend({
  certification: z.string(),
  tool: z.object({ name: z.literal("cap-conformance"), version: z.string() }),
  spec: z.object({ sha256: z.string() }),
  verdict: z.enum(["PASS", "FAIL", "ERROR"]),
  exit_code: z.int(),
  /** Every other file of the bundle, by name: its SHA-256 when the run wrote it. */
  files: z.record(z.string(), z.string()),
});
export type ProductFile = z.infer<typeof ProductFile>;

export const PRODUCT_FILE = "product.json";
export const RUN_LOG = "run.log";

export function sha256(bytes: Buffer | string): string {
  return createHash("sha256").update(bytes).digest("hex");
}

/** Patterns of secrets whose values the harness may never have been told: webhook secrets, bearer values. */
const SECRET_SHAPES = [
  /whsec_[A-Za-z0-9+/=_-]{16,}/,
  new RegExp(`Bearer\\s+(?!\\[REDACTED|${DECOY_PREFIX})[A-Za-z0-9._~+/=-]{12,}`),
];

export function findSecrets(text: string, secrets: string[]): string[] {
  const found = secrets.filter((s) => s.length >= 6 && text.includes(s)).map((s) => `…${s.slice(-2)}`);
  for (const shape of SECRET_SHAPES) if (shape.test(text)) found.push(shape.source);
  return found;
}

/** What the bundle says of the run it holds. */
export function certificationOf(report: Report): string {
  const reasons = report.run.partial ?? [];
  return reasons.length === 0 ? CERTIFICATION_RUN : `${PARTIAL}: ${reasons.join("; ")}`;
}

/** Writes the bundle; answers the secrets found (then nothing is left behind), or none. */
export function writeBundle(options: {
  dir: string;
  /** The outputs the run wrote (reports/formats.ts), each copied in under its own name. */
  files: string[];
  report: Report;
  product: Product;
  log: string;
  secrets: string[];
}): string[] {
  mkdirSync(options.dir, { recursive: true });
  for (const file of options.files) copyFileSync(file, join(options.dir, basename(file)));
  writeFileSync(join(options.dir, RUN_LOG), options.log);
  const files = Object.fromEntries(
    readdirSync(options.dir)
      .sort()
      .map((name) => [name, sha256(readFileSync(join(options.dir, name)))]),
  );
  const product: ProductFile = {
    ...options.product,
    certification: certificationOf(options.report),
    tool: options.report.tool,
    spec: options.report.spec,
    verdict: verdictOf(options.report),
    exit_code: exitCodeOf(options.report),
    files,
  };
  writeFileSync(join(options.dir, PRODUCT_FILE), `${JSON.stringify(product, null, 2)}\n`);
  const leaks: string[] = [];
  for (const file of readdirSync(options.dir)) {
    const found = findSecrets(readFileSync(join(options.dir, file), "utf8"), options.secrets);
    if (found.length > 0) leaks.push(`${file}: ${found.join(", ")}`);
  }
  // A bundle that would leak is not left behind half-written.
  if (leaks.length > 0) rmSync(options.dir, { recursive: true, force: true });
  return leaks;
}
