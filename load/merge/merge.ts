// One verdict from N instances of a run (`load --instances N`, k6-operator's runners): every metric
// recomputed from the instances' raw samples (percentiles over all samples, never averaged from
// per-instance summaries), thresholds evaluated on those figures, checks summed, and the findings
// judged on the whole with the figures each instance recorded (findings.ts). A threshold an
// instance crossed on its own share fails the merged verdict too, listed with that instance.
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type { FindingInputs } from "../lib/finding-inputs.ts";
import { scenarioFindings } from "../lib/findings.ts";
import {
  type Finding,
  type GroupSummary,
  type LoadSummary,
  type MetricSummary,
  type SummaryData,
  verdict,
} from "../lib/summary-data.ts";
import { carries, parseSubmetric, summarize } from "./aggregate.ts";
import { emptySampleSet, readSamples, type SampleSet, samplesFileIn } from "./samples.ts";
import { LoadSummarySchema } from "./summary-schema.ts";
import { holds, statsOf } from "./thresholds.ts";

export interface InstanceRun {
  dir: string;
  summary: LoadSummary;
  samplesFile: string;
  /** 1-based; 1 for a run that was not split. */
  index: number;
}

/** Refused input: the CLI answers exit 2 with the message. */
export class MergeError extends Error {}

export function readInstance(dir: string): InstanceRun {
  const path = join(dir, "summary.json");
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    throw new MergeError(`cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  const parsed = LoadSummarySchema.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`);
    throw new MergeError(`${path} is not a load summary:\n  ${problems.slice(0, 5).join("\n  ")}`);
  }
  const samplesFile = samplesFileIn(dir);
  if (!samplesFile) {
    throw new MergeError(
      `${dir} has no samples.json.gz or samples.json: percentiles need the raw samples (k6 run --out json=${join(dir, "samples.json.gz")})`,
    );
  }
  return { dir: resolve(dir), summary: parsed.data, samplesFile, index: parsed.data.instance?.index ?? 1 };
}

function checkCompatible(runs: InstanceRun[]): void {
  if (runs.length === 0) throw new MergeError("nothing to merge: give the instances' report directories");
  const scenarios = new Set(runs.map((r) => r.summary.scenario));
  if (scenarios.size > 1)
    throw new MergeError(`the directories hold different scenarios: ${[...scenarios].join(", ")}`);
  const seen = new Map<number, string>();
  for (const run of runs) {
    const other = seen.get(run.index);
    if (other) throw new MergeError(`${other} and ${run.dir} are both instance ${run.index}`);
    seen.set(run.index, run.dir);
  }
}

/**
 * Every metric any instance reported: those without a sample (a threshold on dropped_iterations
 * that never dropped one) and the submetrics (tag filters of the thresholds and the soak's windows).
 */
function reportedKeys(runs: InstanceRun[]): string[] {
  return [...new Set(runs.flatMap((r) => Object.keys(r.summary.metrics)))].sort();
}

function thresholdsOf(runs: InstanceRun[], key: string): string[] {
  return [...new Set(runs.flatMap((r) => Object.keys(r.summary.metrics[key]?.thresholds ?? {})))];
}

export function mergedMetrics(
  samples: SampleSet,
  runs: InstanceRun[],
  durationMs: number,
): Record<string, MetricSummary> {
  const metrics: Record<string, MetricSummary> = {};
  const keys = [...new Set([...samples.samples.keys(), ...reportedKeys(runs)])].sort();
  for (const key of keys) {
    const { metric, tags } = parseSubmetric(key);
    const reported = runs.map((r) => r.summary.metrics[key]).find((m) => m !== undefined);
    const info = samples.metrics.get(metric) ?? reported;
    if (!info) continue;
    const all = samples.samples.get(metric) ?? [];
    const chosen = key === metric ? all : all.filter((s) => carries(s.tags, tags));
    const expressions = thresholdsOf(runs, key);
    const summary = summarize(key, info, chosen, durationMs, statsOf(expressions));
    if (expressions.length > 0) {
      summary.thresholds = Object.fromEntries(expressions.map((e) => [e, { ok: holds(e, summary.values) }]));
    }
    metrics[key] = summary;
  }
  return metrics;
}

/** The figures the whole run is judged with: a streams run's share is its instances' shares together. */
function mergedJudge(runs: InstanceRun[]): FindingInputs {
  const first = runs[0]!.summary.judge ?? ({ scenario: runs[0]!.summary.scenario } as FindingInputs);
  if (first.scenario !== "streams") return first;
  const share = runs.reduce((sum, r) => sum + (r.summary.judge?.scenario === "streams" ? r.summary.judge.share : 0), 0);
  return { ...first, share: Math.min(1, share) };
}

/** A split run merged without all its instances does not carry the load that was asked for. */
function completenessFinding(runs: InstanceRun[]): Finding[] {
  const count = runs[0]!.summary.instance?.count ?? 1;
  if (runs.length === count) return [];
  const have = runs.map((r) => r.index).sort((a, b) => a - b);
  return [
    {
      name: "every instance merged",
      ok: false,
      detail: `${runs.length} of ${count} instances (${have.join(", ")}): the summary does not hold the whole run's load`,
    },
  ];
}

export interface MergedRun {
  summary: LoadSummary;
  samples: SampleSet;
  runs: InstanceRun[];
}

export async function mergeRuns(dirs: string[]): Promise<MergedRun> {
  const runs = dirs.map(readInstance).sort((a, b) => a.index - b.index);
  checkCompatible(runs);
  const samples = emptySampleSet();
  for (const run of runs) await readSamples(run.samplesFile, run.index, samples);
  const durationMs = Math.max(...runs.map((r) => r.summary.duration_ms));
  const root: GroupSummary = {
    name: "",
    path: "",
    checks: runs.flatMap((r) => r.summary.checks),
    groups: [],
  };
  const data: SummaryData = {
    metrics: mergedMetrics(samples, runs, durationMs),
    root_group: root,
    state: { testRunDurationMs: durationMs },
  };
  const judge = mergedJudge(runs);
  const judged = verdict(data, [...completenessFinding(runs), ...scenarioFindings(data, judge)]);
  const crossed = runs.flatMap((r) =>
    r.summary.thresholds.filter((t) => !t.ok && t.instance === undefined).map((t) => ({ ...t, instance: r.index })),
  );
  const thresholds = [...judged.thresholds, ...crossed];
  const first = runs[0]!.summary;
  const interrupted = runs.find((r) => r.summary.interrupted !== undefined)?.summary.interrupted;
  const summary: LoadSummary = {
    schema: "cap-conformance/load-summary@1",
    scenario: first.scenario,
    run_id: [...new Set(runs.map((r) => r.summary.run_id))].join(","),
    region: first.region,
    base_url: first.base_url,
    finished_at: runs
      .map((r) => r.summary.finished_at)
      .sort()
      .at(-1)!,
    duration_ms: durationMs,
    ...judged,
    thresholds,
    passed: judged.passed && crossed.length === 0,
    metrics: data.metrics,
    judge,
    merged: runs.map((r) => ({
      index: r.index,
      count: r.summary.instance?.count ?? 1,
      segment: r.summary.instance?.segment ?? "0:1",
      run_id: r.summary.run_id,
      passed: r.summary.passed,
      dir: r.dir,
    })),
    // One instance interrupted interrupts the whole: its share of the load was not run.
    ...(interrupted === undefined ? {} : { interrupted }),
  };
  return { summary, samples, runs };
}
