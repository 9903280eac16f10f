import type { FindingInputs } from "./finding-inputs.ts";

// The shape k6 hands to handleSummary (k6's "legacy" summary object, still the handleSummary
// contract in k6 v1), and the verdict this project derives from it. No k6 imports: the HTML
// renderer and the unit tests use these types too.

export interface MetricSummary {
  type: "counter" | "gauge" | "rate" | "trend";
  contains: "default" | "time" | "data";
  values: Record<string, number>;
  thresholds?: Record<string, { ok: boolean }>;
}

export interface CheckSummary {
  name: string;
  path: string;
  passes: number;
  fails: number;
}

export interface GroupSummary {
  name: string;
  path: string;
  groups: GroupSummary[];
  checks: CheckSummary[];
}

export interface SummaryData {
  metrics: Record<string, MetricSummary>;
  root_group: GroupSummary;
  state: { testRunDurationMs: number };
}

/** A result the scenario computes itself (drift between windows, the carrier's peak...). */
export interface Finding {
  name: string;
  ok: boolean;
  detail: string;
  /** Not measured (no probe, too short a run): shown as a warning, not as a pass; does not fail the run. */
  warning?: boolean;
}

export interface ThresholdResult {
  metric: string;
  expression: string;
  ok: boolean;
  /** In a merged summary: the instance that crossed it on its own share of the load. */
  instance?: number;
}

/** One k6 process of a run split with execution segments (segment.ts). */
export interface InstanceInfo {
  index: number;
  count: number;
  segment: string;
}

/** A merged summary's account of one instance it combined. */
export interface MergedInstance extends InstanceInfo {
  run_id: string;
  /** The instance's own verdict (its thresholds and findings on its share alone). */
  passed: boolean;
  /** Where its summary.json and samples came from. */
  dir: string;
}

/** reports/out/load/<scenario>/summary.json */
export interface LoadSummary {
  schema: "cap-conformance/load-summary@1";
  scenario: string;
  run_id: string;
  region: string;
  base_url: string;
  finished_at: string;
  duration_ms: number;
  passed: boolean;
  thresholds: ThresholdResult[];
  checks: CheckSummary[];
  findings: Finding[];
  metrics: Record<string, MetricSummary>;
  /** This process's segment, when the run was split over several k6 processes. */
  instance?: InstanceInfo;
  /** What the findings were judged with besides the metrics (findings.ts), for `load merge`. */
  judge?: FindingInputs;
  /** A merged summary: the instances it combines (metrics recomputed from their raw samples). */
  merged?: MergedInstance[];
  /**
   * Set when the run was interrupted (SIGINT, SIGTERM) before its end: its numbers cover only what ran, and its
   * verdict is ERROR (`load` exits 2), whatever the thresholds say.
   */
  interrupted?: string;
}

/** The one word a load report leads with: INTERRUPTED before PASSED or FAILED. */
export function loadVerdict(summary: Pick<LoadSummary, "passed" | "interrupted">): "PASSED" | "FAILED" | "INTERRUPTED" {
  if (summary.interrupted !== undefined) return "INTERRUPTED";
  return summary.passed ? "PASSED" : "FAILED";
}

export function thresholdResults(data: SummaryData): ThresholdResult[] {
  const out: ThresholdResult[] = [];
  for (const [metric, summary] of Object.entries(data.metrics)) {
    for (const [expression, verdict] of Object.entries(summary.thresholds ?? {})) {
      out.push({ metric, expression, ok: verdict.ok });
    }
  }
  return out.sort((a, b) => a.metric.localeCompare(b.metric));
}

/** Every check of every group (setup and teardown are groups too), one row per check name. */
export function allChecks(root: GroupSummary): CheckSummary[] {
  const byName = new Map<string, CheckSummary>();
  const visit = (group: GroupSummary) => {
    for (const c of group.checks) {
      const seen = byName.get(c.name);
      if (seen) byName.set(c.name, { ...seen, passes: seen.passes + c.passes, fails: seen.fails + c.fails });
      else byName.set(c.name, { name: c.name, path: c.path, passes: c.passes, fails: c.fails });
    }
    group.groups.forEach(visit);
  };
  visit(root);
  return [...byName.values()];
}

/** A run in which nothing ran (setup threw, or every iteration failed) passes no threshold. */
function ranFinding(data: SummaryData): Finding[] {
  const iterations = data.metrics.iterations?.values.count ?? 0;
  if (iterations > 0) return [];
  return [{ name: "iterations ran", ok: false, detail: "no iteration completed: see k6's output (setup error?)" }];
}

/** The verdict of a run (one process's, or a merge's) from its metrics, checks and findings. */
export function verdict(
  data: SummaryData,
  scenarioFindings: Finding[],
): Pick<LoadSummary, "thresholds" | "checks" | "findings" | "passed"> {
  const findings = [...ranFinding(data), ...scenarioFindings];
  // Observe-only thresholds (">=0", declared so k6 reports a tagged submetric) are not gates.
  const thresholds = thresholdResults(data).filter((t) => !/>=\s*0$/.test(t.expression));
  const checks = allChecks(data.root_group);
  return { thresholds, checks, findings, passed: thresholds.every((t) => t.ok) && findings.every((f) => f.ok) };
}
