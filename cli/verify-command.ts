// `cap-conformance verify BUNDLE`: a certification bundle checked as a certifier would (reports/verify-bundle.ts),
// against this harness's version, spec and clause list. Exit 0 it certifies its run, 1 it does not (each reason
// said), 2 there is no bundle to read.
import { BundleError, verifyBundle } from "../reports/verify-bundle.ts";
import { specSha256, TOOL_VERSION } from "../runner/framework/package-info.ts";
import { CLAUSES } from "../spec/clauses/index.ts";
import { exitCodeOf } from "../spec/verdict.ts";
import { VERIFY_FLAGS } from "./command-flags.ts";
import { parseFlags } from "./flags.ts";
import { UsageError } from "./usage-error.ts";

export async function verifyCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseFlags(VERIFY_FLAGS, argv, { positionals: true });
  const dir = positionals[0];
  if (dir === undefined || positionals.length > 1) throw new UsageError("verify takes one bundle directory");
  let findings: Awaited<ReturnType<typeof verifyBundle>>;
  try {
    findings = await verifyBundle(dir, { toolVersion: TOOL_VERSION, specSha256: specSha256(), clauses: CLAUSES });
  } catch (error) {
    if (error instanceof BundleError) throw new UsageError(error.message);
    throw error;
  }
  const problems = findings.filter((f) => !f.ok);
  if (values.json) {
    console.log(JSON.stringify({ bundle: dir, certifies: problems.length === 0, findings }, null, 2));
  } else {
    for (const finding of findings) console.log(`${finding.ok ? "✓" : "✗"} ${finding.line}`);
    console.log(
      problems.length === 0
        ? `\nVERIFIED: ${dir} is a whole certification run that passed, as this version makes one.`
        : `\nNOT VERIFIED: ${problems.length} problem${problems.length === 1 ? "" : "s"}, each marked ✗ above.`,
    );
  }
  return exitCodeOf(problems.length === 0 ? "PASS" : "FAIL");
}
