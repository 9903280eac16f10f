// calls: outbound calls at a steady rate plus periodic batches (2.12) against the carrier
// simulator. Measures the time from placing a call (or creating a batch) to its end, read back
// from GET /v1/calls/{session_id} (or GET /v1/calls/batches/{batch_id}), and reads the
// carrier's own peak concurrency from its witness at the end.
import exec from "k6/execution";
import type { Options } from "k6/options";
import { call, expectStatus } from "../lib/api.ts";
import { batch, type FromNumber, outboundCall, outboundNumber, releaseNumber } from "../lib/calls.ts";
import { carrierPeakFrom, recordCarrierPeak } from "../lib/carrier-witness.ts";
import { path } from "../lib/operations.ts";
import { API_THRESHOLDS, DURATION, DURATION_MS, intEnv, SUMMARY_TREND_STATS, VUS } from "../lib/options.ts";
import { catalogModels, createAgent, sweep } from "../lib/resources.ts";
import { runId, runPrefix } from "../lib/run.ts";
import { summaryHandler } from "../lib/summary.ts";
import type { Finding, SummaryData } from "../lib/summary-data.ts";

/** Outbound calls placed per second. */
const RATE = intEnv("CAP_RATE", 2);
const BATCH_SIZE = intEnv("CAP_BATCH_SIZE", 4);
/** Seconds between two batches. */
const BATCH_EVERY_S = intEnv("CAP_BATCH_EVERY_S", 10);
const CALL_TIMEOUT_MS = intEnv("CAP_CALL_TIMEOUT_MS", 60_000);
const CALL_P95_MS = intEnv("CAP_CALL_P95_MS", 30_000);

export const options: Options = {
  scenarios: {
    outbound: {
      executor: "constant-arrival-rate",
      exec: "outbound",
      rate: RATE,
      timeUnit: "1s",
      duration: DURATION,
      preAllocatedVUs: Math.min(VUS, Math.max(2, RATE * 2)),
      maxVUs: VUS,
      gracefulStop: "10s",
    },
    batches: {
      executor: "constant-arrival-rate",
      exec: "batches",
      rate: 1,
      timeUnit: `${BATCH_EVERY_S}s`,
      duration: DURATION,
      preAllocatedVUs: 1,
      maxVUs: 3,
      gracefulStop: "10s",
    },
  },
  thresholds: {
    ...API_THRESHOLDS,
    session_completed: ["rate>0.95"],
    session_completed_ms: [`p(95)<${CALL_P95_MS}`],
    batch_completed: ["rate>0.9"],
  },
  summaryTrendStats: SUMMARY_TREND_STATS,
  setupTimeout: "60s",
  teardownTimeout: "60s",
};

interface Data {
  prefix: string;
  from: FromNumber;
  agentId: string;
}

export function setup(): Data {
  const prefix = runPrefix(runId());
  const from = outboundNumber();
  const agentId = createAgent(prefix, catalogModels("voice"), "voice");
  if (!agentId) throw new Error("setup could not create the voice agent the calls use");
  const published = call("POST", path("agent.publish", { agent_id: agentId }), "agent.publish");
  expectStatus(published, "agent.publish", 200);
  return { prefix, from, agentId };
}

/** What is left of the run, so a wait never outlives the scenario. */
function budgetMs(limitMs: number): number {
  return Math.max(1_000, Math.min(limitMs, DURATION_MS + 8_000 - (Date.now() - exec.scenario.startTime)));
}

export function outbound(data: Data): void {
  outboundCall(data.from.id, data.agentId, budgetMs(CALL_TIMEOUT_MS));
}

export function batches(data: Data): void {
  batch(data.from.id, data.agentId, data.prefix, BATCH_SIZE, budgetMs(CALL_TIMEOUT_MS * 2));
}

export function teardown(data: Data): void {
  recordCarrierPeak();
  releaseNumber(data.from);
  sweep(data.prefix);
}

function findings(data: SummaryData): Finding[] {
  const peak = carrierPeakFrom(data);
  return [
    {
      name: "carrier peak concurrency",
      ok: true,
      detail: peak === undefined ? "the carrier witness was not readable" : `peak of ${peak} concurrent calls`,
    },
  ];
}

export const handleSummary = summaryHandler("calls", findings);
