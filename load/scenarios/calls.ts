// calls: outbound calls at a steady rate plus periodic batches (2.12) against the carrier
// simulator. Measures the time from placing a call (or creating a batch) to the webhook sink's
// receipt of its session.completed (batch.completed), and the carrier's own peak concurrency
// during the run, read from its witness at setup and teardown.
import exec from "k6/execution";
import type { Options } from "k6/options";
import { call, expectStatus } from "../lib/api.ts";
import { batch, batchConcurrency, CALL_EVENTS, outboundCall } from "../lib/calls.ts";
import type { WitnessMark } from "../lib/carrier-peak.ts";
import { markWitness, recordRunPeak } from "../lib/carrier-witness.ts";
import type { PeakBound } from "../lib/finding-inputs.ts";
import { type FromNumber, outboundNumber, releaseNumber } from "../lib/from-number.ts";
import { instancePrefix } from "../lib/instance.ts";
import { path } from "../lib/operations.ts";
import {
  API_THRESHOLDS,
  ARRIVAL_THRESHOLDS,
  DURATION,
  DURATION_MS,
  intEnv,
  perInstance,
  SUMMARY_TREND_STATS,
  VUS,
  wholePool,
} from "../lib/options.ts";
import { catalogModels, createAgent, sweep } from "../lib/resources.ts";
import { summaryHandler } from "../lib/summary.ts";
import { type Subscription, subscribe, unsubscribe } from "../lib/webhook-events.ts";

/** Outbound calls placed per second. */
const RATE = intEnv("CAP_RATE", 2);
const BATCH_SIZE = intEnv("CAP_BATCH_SIZE", 4);
/** Seconds between two batches. */
const BATCH_EVERY_S = intEnv("CAP_BATCH_EVERY_S", 10);
const BATCH_VUS = 3;
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
      ...wholePool(VUS),
      gracefulStop: "10s",
    },
    batches: {
      executor: "constant-arrival-rate",
      exec: "batches",
      rate: 1,
      timeUnit: `${BATCH_EVERY_S}s`,
      duration: DURATION,
      ...wholePool(perInstance(BATCH_VUS)),
      gracefulStop: "10s",
    },
  },
  thresholds: {
    ...API_THRESHOLDS,
    ...ARRIVAL_THRESHOLDS,
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
  events: Subscription;
  witness?: WitnessMark;
}

/**
 * Every instance of a split run (k6-operator runs setup() in each runner) has its own agent,
 * webhook and sink hook, named with its instance id, and reads the carrier's witness itself.
 */
export function setup(): Data {
  const prefix = instancePrefix();
  const events = subscribe(`${prefix}calls`, CALL_EVENTS);
  const from = outboundNumber();
  const agentId = createAgent(prefix, catalogModels("voice"), "voice");
  if (!agentId) throw new Error("setup could not create the voice agent the calls use");
  const published = call("POST", path("agent.publish", { agent_id: agentId }), "agent.publish");
  expectStatus(published, "agent.publish", 200);
  // Last, just before the first call: the run's peak is read from here on.
  return { prefix, from, agentId, events, witness: markWitness() };
}

/** What is left of the run, so a wait never outlives the scenario. */
function budgetMs(limitMs: number): number {
  return Math.max(1_000, Math.min(limitMs, DURATION_MS + 8_000 - (Date.now() - exec.scenario.startTime)));
}

export function outbound(data: Data): void {
  outboundCall(data.events, data.from.id, data.agentId, budgetMs(CALL_TIMEOUT_MS));
}

export function batches(data: Data): void {
  batch(data.events, data.from.id, data.agentId, data.prefix, BATCH_SIZE, budgetMs(CALL_TIMEOUT_MS * 2));
}

export function teardown(data: Data): void {
  recordRunPeak(data.witness);
  unsubscribe(data.events);
  releaseNumber(data.from);
  sweep(data.prefix);
}

/**
 * The most calls the whole run (all its instances) can have at once: each outbound VU has one
 * call in flight (at most RATE x the call timeout of them), each batch VU one batch of at most
 * max_concurrency. The carrier is one for every instance, so each instance's peak is judged
 * against the whole run's bound.
 */
function peakBound(): PeakBound {
  const outboundMax = Math.min(VUS, RATE * Math.ceil(CALL_TIMEOUT_MS / 1000));
  const batchVus = perInstance(BATCH_VUS);
  const batchMax = batchVus * batchConcurrency(BATCH_SIZE);
  return {
    limit: outboundMax + batchMax,
    why: `${outboundMax} single calls (${RATE}/s, ${VUS} VUs) + ${batchVus} batches of max_concurrency ${batchConcurrency(BATCH_SIZE)}`,
  };
}

export const handleSummary = summaryHandler("calls", () => ({ scenario: "calls", bound: peakBound() }));
