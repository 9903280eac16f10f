// `cap-conformance faults`, `variants`, `hostile`, `assumptions` and `clauses`: what the tool knows, as text or JSON.

import { UNIVERSAL_RULES } from "../runner/client/universal-rules.ts";
import { listChecks } from "../runner/orchestration/list-checks.ts";
import { FAULTS } from "../simulators/platform/faults/index.ts";
import { HOSTILE } from "../simulators/platform/hostile/index.ts";
import { VARIANTS } from "../simulators/platform/variants/index.ts";
import { assumptionRows, assumptionsMarkdown } from "../spec/assumptions.ts";
import { CLAUSES } from "../spec/clauses/index.ts";
import { OPTIONAL_BEHAVIOURS, optionalCheckId } from "../spec/optional-behaviours.ts";
import { loadProfile } from "../spec/profile.ts";
import { ASSUMPTIONS_FLAGS, CLAUSES_FLAGS, LIST_FLAGS } from "./command-flags.ts";
import { parseFlags, stringFlag } from "./flags.ts";
import { checkProfile } from "./profile-flag.ts";

export function faultsCommand(argv: string[]): number {
  const { values } = parseFlags(LIST_FLAGS, argv);
  const rows = Object.entries(FAULTS).map(([name, fault]) => ({
    name,
    description: fault.description,
    clauses: [...fault.clauses],
  }));
  if (values.json) {
    console.log(JSON.stringify(rows, null, 2));
  } else {
    for (const row of rows)
      console.log(`${row.name.padEnd(36)} ${row.description}\n${" ".repeat(37)}breaks ${row.clauses.join(", ")}`);
  }
  return 0;
}

export function variantsCommand(argv: string[]): number {
  const { values } = parseFlags(LIST_FLAGS, argv);
  const rows = Object.entries(VARIANTS).map(([name, variant]) => ({
    name,
    description: variant.description,
    section: variant.section,
    layer: variant.layer,
    reach: "reach" in variant ? [...variant.reach] : null,
    alone: "alone" in variant ? variant.alone : null,
    profile: "profile" in variant ? variant.profile : null,
  }));
  if (values.json) {
    console.log(JSON.stringify(rows, null, 2));
  } else {
    for (const row of rows) {
      const reach = row.reach === null ? "every response" : `suites ${row.reach.join(", ")}`;
      console.log(`${row.name.padEnd(40)} §${row.section} ${row.description}
${" ".repeat(41)}reaches ${reach}`);
    }
  }
  return 0;
}

export function hostileCommand(argv: string[]): number {
  const { values } = parseFlags(LIST_FLAGS, argv);
  const rows = Object.entries(HOSTILE).map(([name, hostile]) => ({
    name,
    description: hostile.description,
    clauses: [...hostile.clauses],
  }));
  if (values.json) {
    console.log(JSON.stringify(rows, null, 2));
  } else {
    for (const row of rows)
      console.log(`${row.name.padEnd(20)} ${row.description}\n${" ".repeat(21)}met by ${row.clauses.join(", ")}`);
  }
  return 0;
}

/**
 * `cap-conformance assumptions [--profile FILE] [--json | --markdown | --profile-file]`: what the harness assumes
 * beyond the spec; `--profile-file` prints the profile itself, so a vendor sees every field's value and shape.
 */
export function assumptionsCommand(argv: string[]): number {
  const { values } = parseFlags(ASSUMPTIONS_FLAGS, argv);
  const profileName = stringFlag(ASSUMPTIONS_FLAGS, values, "profile");
  checkProfile(profileName);
  const profile = loadProfile(profileName);
  if (values["profile-file"]) console.log(JSON.stringify(profile, null, 2));
  else if (values.json) console.log(JSON.stringify(assumptionRows(profile), null, 2));
  else if (values.markdown) process.stdout.write(assumptionsMarkdown(profile));
  else {
    for (const row of assumptionRows(profile)) {
      console.log(
        `${row.assumption} (§${row.sections}; ${row.fields.join(", ")})\n    ${row.value.replaceAll("`", "")}`,
      );
    }
  }
  return 0;
}

export async function clausesCommand(argv: string[]): Promise<number> {
  const { values } = parseFlags(CLAUSES_FLAGS, argv);
  // The rules applied to every response are checks too (runner/orchestration/build-report.ts turns them into results).
  const universal = UNIVERSAL_RULES.map((rule) => ({
    suite: "every-response",
    name: rule.name,
    clauses: rule.clauses,
  }));
  const checks = [...(await listChecks()), ...universal];
  if (values.checks) {
    console.log(JSON.stringify(checks, null, 2));
    return 0;
  }
  const rows = CLAUSES.map((clause) => ({
    ...clause,
    checks: checks.filter((c) => c.clauses.includes(clause.id)).map((c) => `${c.suite}: ${c.name}`),
  }));
  if (values.json) {
    console.log(JSON.stringify(rows, null, 2));
    return 0;
  }
  for (const row of rows) {
    console.log(`${row.id} §${row.section} [${row.kind}]${row.assumption ? ` (assumes ${row.assumption})` : ""}`);
    console.log(`    ${row.statement}`);
    for (const check of row.checks) console.log(`    ✓ ${check}`);
    if (row.checks.length === 0 && row.kind !== "not-shown") console.log("    (no check)");
  }
  console.log("\nOptional behaviours (a profile declares each must-work, must-be-absent or not-tested):");
  for (const behaviour of OPTIONAL_BEHAVIOURS) {
    const id = optionalCheckId(behaviour.id);
    console.log(`${id} §${behaviour.section}`);
    console.log(`    must-work: ${behaviour.works}\n    must-be-absent: ${behaviour.absent}`);
    for (const check of checks.filter((c) => c.clauses.includes(id)))
      console.log(`    ✓ ${check.suite}: ${check.name}`);
  }
  return 0;
}
