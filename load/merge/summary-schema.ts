// summary.json as `load merge` reads it back: checked, since it may come from another machine (a
// k6-operator runner's volume). The types are summary-data.ts's; this schema is held to them.
import { z } from "zod";
import type { FindingInputs } from "../lib/finding-inputs.ts";
import type { LoadSummary } from "../lib/summary-data.ts";

const Finding = z.object({ name: z.string(), ok: z.boolean(), detail: z.string(), warning: z.boolean().optional() });

const MetricSummary = z.object({
  type: z.enum(["counter", "gauge", "rate", "trend"]),
  contains: z.enum(["default", "time", "data"]),
  values: z.record(z.string(), z.number()),
  thresholds: z.record(z.string(), z.object({ ok: z.boolean() })).optional(),
});

const Instance = z.object({ index: z.int().positive(), count: z.int().positive(), segment: z.string() });

const DriftLimits = z.object({
  latencyGrowth: z.number(),
  latencySlackMs: z.number(),
  errorRise: z.number(),
  memoryGrowth: z.number(),
});

const Judge: z.ZodType<FindingInputs> = z.discriminatedUnion("scenario", [
  z.object({ scenario: z.literal("api-mix") }),
  z.object({ scenario: z.literal("streams"), rate: z.number(), window_ms: z.number(), share: z.number() }),
  z.object({ scenario: z.literal("calls"), bound: z.object({ limit: z.number(), why: z.string() }) }),
  z.object({ scenario: z.literal("soak"), limits: DriftLimits, notes: z.record(z.string(), z.string()) }),
]);

export const LoadSummarySchema: z.ZodType<LoadSummary> = z.object({
  schema: z.literal("cap-conformance/load-summary@1"),
  scenario: z.string(),
  run_id: z.string(),
  region: z.string(),
  base_url: z.string(),
  finished_at: z.string(),
  duration_ms: z.number(),
  passed: z.boolean(),
  thresholds: z.array(
    z.object({ metric: z.string(), expression: z.string(), ok: z.boolean(), instance: z.int().optional() }),
  ),
  checks: z.array(z.object({ name: z.string(), path: z.string(), passes: z.number(), fails: z.number() })),
  findings: z.array(Finding),
  metrics: z.record(z.string(), MetricSummary),
  instance: Instance.optional(),
  judge: Judge.optional(),
  merged: z.array(Instance.extend({ run_id: z.string(), passed: z.boolean(), dir: z.string() })).optional(),
  interrupted: z.string().optional(),
});
