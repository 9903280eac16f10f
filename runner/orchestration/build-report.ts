// Builds report.json from the clause list and the collected checks (ARCHITECTURE.md, "The flow of one check").
import { partialReasons } from "../../spec/certification.ts";
import type { Clause } from "../../spec/clause.ts";
import { OPTIONAL_BEHAVIOURS, optionalCheckId } from "../../spec/optional-behaviours.ts";
import type { Profile } from "../../spec/profile.ts";
import type {
  CheckResult,
  ClauseResult,
  Leftover,
  OptionalResult,
  Report,
  Selection,
  Status,
  SuiteTraffic,
} from "../../spec/report.ts";
import type { Target } from "../../spec/target.ts";
import { UNIVERSAL_RULES } from "../client/universal-rules.ts";
import { REASON_OF_KIND } from "../framework/skip-reasons.ts";
import type { CollectedCheck } from "./collector.ts";

export interface RunInfo {
  toolVersion: string;
  specSha256: string;
  seed: number;
  numRuns: number;
  startedAt: Date;
  finishedAt: Date;
  /** True when --clause or --suite narrowed the run: unselected clauses are skipped as such. */
  narrowed: boolean;
  /** The profile's declarations of the optional behaviours. */
  optional?: Profile["optional"];
  /** The run prefix every created resource is named with. */
  prefix?: string;
  /** What the suites created and could not delete. */
  leftovers?: Leftover[];
  /** Where each suite file's time went. */
  traffic?: SuiteTraffic[];
  /** `--add-latency-ms`: what a proxy added to every response of the target. */
  addedLatencyMs?: number;
  /** Set when the run did not finish: the report holds the verdicts reached so far. */
  incomplete?: Report["incomplete"];
  /** What the run was asked to check and how (its partial reasons are derived from it). */
  selection?: Selection;
}

/** failed > errored > passed > skipped: a skipped check does not hide a verdict another check gave. */
const RANK: Record<CheckResult["status"], number> = { skipped: 0, passed: 1, errored: 2, failed: 3 };

/** The universal rules observed over every response, as checks of their own. */
export function universalChecks(checks: CollectedCheck[]): CollectedCheck[] {
  return UNIVERSAL_RULES.map((rule) => {
    let seen = 0;
    const violations: string[] = [];
    const notes = new Set<string>();
    for (const collected of checks) {
      const observation = collected.universal[rule.id];
      if (observation === undefined) continue;
      seen += observation.seen;
      violations.push(...observation.violations.map((v) => `${v} (during "${collected.result.name}")`));
      for (const note of observation.ambiguities ?? []) notes.add(note);
    }
    const name = `every response: ${rule.name}`;
    const base = { name, suite: "every-response", duration_ms: 0 };
    let result: CheckResult;
    if (violations.length > 0) {
      result = {
        ...base,
        status: "failed",
        reason: null,
        failure: {
          // The first line names the first violation: consoles, JUnit attributes and summaries show only it.
          message: [`${violations.length} of ${seen} responses broke the rule; the first: ${violations[0]}`]
            .concat(violations.slice(1, 10))
            .join("\n"),
          seed: null,
          path: null,
          exchanges: [],
          reproduce: null,
        },
      };
    } else if (seen === 0) {
      result = { ...base, status: "skipped", reason: "no response of this kind was seen", failure: null };
    } else {
      result = { ...base, status: "passed", reason: `${seen} responses checked`, failure: null };
      if (notes.size > 0)
        result.ambiguities = rule.clauses.flatMap((clause) => [...notes].map((note) => ({ clause, note })));
    }
    return { clauses: rule.clauses, result, universal: {} };
  });
}

/**
 * A clause's checks in one order whatever order they finished in (files and checks run side by side), so two
 * runs' reports line up and the first failure shown is the same one every time.
 */
function bySuiteAndName(a: CheckResult, b: CheckResult): number {
  const [x, y] = [`${a.suite ?? ""}\u0000${a.name}`, `${b.suite ?? ""}\u0000${b.name}`];
  return x < y ? -1 : x > y ? 1 : 0;
}

/**
 * A check's result as one of its clauses reads it: a check that failed about other clauses of its own (the
 * failure's `clauses`) could not judge this one, which it reports errored, naming the clauses that broke.
 */
function underClause(result: CheckResult, id: string): CheckResult {
  const broke = result.failure?.clauses;
  if (result.status !== "failed" || broke === undefined || broke.includes(id)) return result;
  const message = `could not be prepared: ${broke.join(", ")} broke first: ${result.failure!.message}`;
  return { ...result, status: "errored", failure: { ...result.failure!, message } };
}

export function buildReport(
  allClauses: readonly Clause[],
  collected: CollectedCheck[],
  target: Pick<Target, "regions" | "wired" | "profile">,
  info: RunInfo,
  harnessErrors: string[] = [],
): Report {
  const all = [...collected, ...universalChecks(collected)];
  const byClause = new Map<string, CheckResult[]>();
  for (const check of all) {
    for (const id of check.clauses) byClause.set(id, [...(byClause.get(id) ?? []), underClause(check.result, id)]);
  }
  const clauses: ClauseResult[] = allClauses.map((clause) => {
    const checks = (byClause.get(clause.id) ?? []).sort(bySuiteAndName);
    const { status, reason } = clauseStatus(clause, checks, info);
    const ambiguity = status === "passed" ? ambiguityOf(clause.id, checks) : undefined;
    return {
      id: clause.id,
      section: clause.section,
      statement: clause.statement,
      kind: clause.kind,
      assumption: clause.assumption ?? null,
      status,
      ...(ambiguity === undefined ? {} : { ambiguity }),
      reason,
      checks,
    };
  });
  const count = (status: Status) => clauses.filter((c) => c.status === status).length;
  return {
    schema_version: 1,
    tool: { name: "cap-conformance", version: info.toolVersion },
    spec: { sha256: info.specSha256 },
    target: { regions: target.regions, wired: target.wired, profile: target.profile },
    run: {
      seed: info.seed,
      num_runs: info.numRuns,
      started_at: info.startedAt.toISOString(),
      finished_at: info.finishedAt.toISOString(),
      duration_ms: info.finishedAt.getTime() - info.startedAt.getTime(),
      ...(info.prefix === undefined ? {} : { prefix: info.prefix }),
      ...(info.addedLatencyMs ? { added_latency_ms: info.addedLatencyMs } : {}),
      ...(info.selection === undefined
        ? {}
        : { selection: info.selection, partial: partialReasons(info.selection, info.numRuns) }),
    },
    summary: {
      clauses: clauses.length,
      passed: count("passed"),
      failed: count("failed"),
      errored: count("errored"),
      skipped: count("skipped"),
      not_shown: count("not-shown"),
      ...(clauses.some((c) => c.ambiguity !== undefined)
        ? { ambiguous: clauses.filter((c) => c.ambiguity !== undefined).length }
        : {}),
    },
    clauses,
    ...(harnessErrors.length > 0 ? { harness_errors: harnessErrors } : {}),
    optional: optionalResults(byClause, info),
    ...(info.leftovers?.length ? { leftovers: info.leftovers } : {}),
    ...(info.traffic?.length ? { traffic: info.traffic } : {}),
    ...(info.incomplete === undefined ? {} : { incomplete: info.incomplete }),
  };
}

/** What the clause's checks noted of two contradicting sentences they read one way, or undefined. */
function ambiguityOf(id: string, checks: CheckResult[]): string | undefined {
  const notes = [
    ...new Set(checks.flatMap((c) => (c.ambiguities ?? []).filter((a) => a.clause === id).map((a) => a.note))),
  ];
  return notes.length === 0 ? undefined : notes.join("; ");
}

/** Each optional behaviour with the declaration it was held to (none declared: not tested). */
function optionalResults(byId: Map<string, CheckResult[]>, info: RunInfo): OptionalResult[] {
  return OPTIONAL_BEHAVIOURS.map((behaviour) => {
    const declaration = info.optional?.[behaviour.id] ?? "not-tested";
    const checks = byId.get(optionalCheckId(behaviour.id)) ?? [];
    const statement = declaration === "must-be-absent" ? behaviour.absent : behaviour.works;
    let status: OptionalResult["status"] = "skipped";
    let reason: string | null = declaration === "not-tested" ? "the profile declares it not tested" : null;
    if (checks.length === 0) reason ??= noCheckReason(info, "no check ran");
    else {
      const worst = checks.reduce((a, b) => (RANK[b.status] > RANK[a.status] ? b : a));
      status = worst.status;
      if (status === "skipped") reason = worst.reason ?? "skipped";
    }
    return { id: behaviour.id, section: behaviour.section, declaration, statement, status, reason, checks };
  });
}

/** Why a clause or optional behaviour has no check result. */
function noCheckReason(info: RunInfo, otherwise: string): string {
  const notReached = "not reached: the run stopped before its checks ran";
  if (info.incomplete !== undefined)
    return info.narrowed ? `not selected by --clause/--suite, or ${notReached}` : notReached;
  return info.narrowed ? "not selected by --clause/--suite" : otherwise;
}

function clauseStatus(clause: Clause, checks: CheckResult[], info: RunInfo): { status: Status; reason: string | null } {
  if (clause.kind === "not-shown") return { status: "not-shown", reason: "the spec leaves this open (not shown)" };
  if (checks.length === 0) return { status: "skipped", reason: noCheckReason(info, "no check covers this clause yet") };
  const worst = checks.reduce((a, b) => (RANK[b.status] > RANK[a.status] ? b : a));
  if (worst.status !== "skipped") return { status: worst.status, reason: null };
  // Checks may skip for different wants (one needs wiring, another test control too): the reason that goes
  // with the clause's kind is the clause's, whatever order its checks are listed in.
  const ofKind = REASON_OF_KIND[clause.kind];
  const reason = checks.some((check) => check.reason === ofKind) ? ofKind : worst.reason;
  return { status: "skipped", reason: reason ?? "skipped" };
}
