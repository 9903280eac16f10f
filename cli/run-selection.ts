// What a run records of what it was asked to check and how (report.json run.selection, spec/report.ts): the
// suites and clauses, the property runs' default, the repeat, the profile in full and the expectations file.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { SETTING_DEFAULTS } from "../runner/contract.ts";
import { loadProfile } from "../spec/profile.ts";
import type { Selection } from "../spec/report.ts";
import type { RunPlan } from "./run-plan.ts";

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/** The profile as a certifier reads it: the digest of the assumptions in force and the file's every answer. */
function profileRecord(source: string): Selection["profile"] {
  const profile = loadProfile(source);
  const overrides = source === "default" ? {} : (JSON.parse(readFileSync(source, "utf8")) as Record<string, unknown>);
  return { name: profile.name, source, sha256: sha256(JSON.stringify(profile)), overrides };
}

export function selectionOf(plan: RunPlan, profile: string): Selection {
  return {
    suites: plan.suites ?? null,
    clauses: plan.clauses ?? null,
    num_runs_default: SETTING_DEFAULTS.numRuns,
    repeat: plan.repeat,
    bail: plan.bail,
    profile: profileRecord(profile),
    expectations:
      plan.expectFile === undefined
        ? null
        : { sha256: sha256(readFileSync(plan.expectFile, "utf8")), entries: plan.expectations },
    faults: plan.acquire.fault ?? [],
    variants: plan.acquire.variant ?? [],
  };
}
