// `run --bundle DIR`: what a vendor submits for certification: the reports, product.json, the run
// log, and nothing secret (every file is scanned for the run's credentials before it is kept).
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { z } from "zod";
import { DECOY_PREFIX } from "../runner/client/redact.ts";

export const Product = z.object({
  vendor: z.string().min(1),
  product: z.string().min(1),
  version: z.string().min(1),
  target_description: z.string().default(""),
});
export type Product = z.infer<typeof Product>;

/** Patterns of secrets whose values the harness may never have been told: webhook secrets, bearer values. */
const SECRET_SHAPES = [
  /whsec_[A-Za-z0-9+/=]{16,}/,
  new RegExp(`Bearer\\s+(?!\\[REDACTED|${DECOY_PREFIX})[A-Za-z0-9._~+/=-]{12,}`),
];

export function findSecrets(text: string, secrets: string[]): string[] {
  const found = secrets.filter((s) => s.length >= 6 && text.includes(s)).map((s) => `…${s.slice(-2)}`);
  for (const shape of SECRET_SHAPES) if (shape.test(text)) found.push(shape.source);
  return found;
}

export function writeBundle(options: {
  dir: string;
  /** The outputs the run wrote (reports/formats.ts), each copied in under its own name. */
  files: string[];
  product: Product;
  log: string;
  secrets: string[];
}): string[] {
  mkdirSync(options.dir, { recursive: true });
  for (const file of options.files) copyFileSync(file, join(options.dir, basename(file)));
  writeFileSync(join(options.dir, "product.json"), `${JSON.stringify(options.product, null, 2)}\n`);
  writeFileSync(join(options.dir, "run.log"), options.log);
  const leaks: string[] = [];
  for (const file of readdirSync(options.dir)) {
    const found = findSecrets(readFileSync(join(options.dir, file), "utf8"), options.secrets);
    if (found.length > 0) leaks.push(`${file}: ${found.join(", ")}`);
  }
  // A bundle that would leak is not left behind half-written.
  if (leaks.length > 0) rmSync(options.dir, { recursive: true, force: true });
  return leaks;
}
