// soak: the three workloads together at a steady rate for as long as asked (--duration), watching
// for drift: API latency and errors, reply and call-completion times, and the server's memory,
// each compared between the first and the last fifth of the run (lib/drift.ts).
// Calls run only when the target has a carrier simulator and a webhook sink (CAP_SOAK_CALLS=0
// turns them off).

import exec from "k6/execution";
import type { Options } from "k6/options";
import { clearInterval, setInterval } from "k6/timers";
import { call, expectStatus } from "../lib/api.ts";
import { type ApiMixData, apiMixIteration, setupApiMix, teardownApiMix } from "../lib/api-mix.ts";
import { CALL_EVENTS, outboundCall } from "../lib/calls.ts";
import { startConversations } from "../lib/conversation.ts";
import { DEFAULT_LIMITS, WINDOW_THRESHOLDS, windowAt } from "../lib/drift.ts";
import type { DriftLimits } from "../lib/finding-inputs.ts";
import { type FromNumber, outboundNumber, releaseNumber } from "../lib/from-number.ts";
import { instancePrefix } from "../lib/instance.ts";
import { keepAliveThresholds } from "../lib/keepalive.ts";
import { memoryNote, recordServerMemory } from "../lib/memory.ts";
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
import { catalogModels, createAgent, deleteAgent } from "../lib/resources.ts";
import { runStreams } from "../lib/streams-workload.ts";
import { summaryHandler } from "../lib/summary.ts";
import { target } from "../lib/target.ts";
import { type Subscription, subscribe, unsubscribe } from "../lib/webhook-events.ts";

/** API iterations per second. */
const RATE = intEnv("CAP_RATE", 5);
const CONVERSATIONS = intEnv("CAP_CONVERSATIONS", 2);
const SUBSCRIBERS = intEnv("CAP_SUBSCRIBERS", 2);
/** Seconds between two messages of one sender, and between two outbound calls. */
const MESSAGE_EVERY_S = intEnv("CAP_MESSAGE_EVERY_S", 2);
const CALL_EVERY_S = intEnv("CAP_CALL_EVERY_S", 2);
const REPLY_TIMEOUT_MS = intEnv("CAP_REPLY_TIMEOUT_MS", 10_000);
/** Twenty memory samples a run at most 30 s apart: every window gets some, however short the run. */
const MEMORY_EVERY_S = Math.min(30, Math.max(1, Math.floor(DURATION_MS / 20_000)));
const WITH_CALLS =
  __ENV.CAP_SOAK_CALLS !== "0" &&
  target.simulators.carrier !== undefined &&
  target.simulators.webhook_sink !== undefined;

const steady = (exec: string, every: number, unit: string, vus: number) => ({
  executor: "constant-arrival-rate" as const,
  exec,
  rate: every,
  timeUnit: unit,
  duration: DURATION,
  ...wholePool(vus),
  gracefulStop: "10s",
});

export const options: Options = {
  scenarios: {
    api: steady("api", RATE, "1s", VUS),
    // One VU per conversation starts it and holds its sender and subscribers, so split over
    // instances a conversation is always in one process.
    streams: {
      executor: "per-vu-iterations",
      exec: "streams",
      vus: CONVERSATIONS,
      iterations: 1,
      maxDuration: `${Math.ceil((DURATION_MS + REPLY_TIMEOUT_MS) / 1000) + 15}s`,
      gracefulStop: "5s",
    },
    memory: steady("memory", 1, `${MEMORY_EVERY_S}s`, perInstance(1)),
    ...(WITH_CALLS
      ? { calls: steady("calls", 1, `${CALL_EVERY_S}s`, perInstance(Math.max(2, Math.ceil(VUS / 4)))) }
      : {}),
  },
  thresholds: {
    ...API_THRESHOLDS,
    ...ARRIVAL_THRESHOLDS,
    ...WINDOW_THRESHOLDS,
    ...keepAliveThresholds(DURATION_MS),
    stream_snapshot_first: ["rate>0.99"],
    stream_open_failed: ["rate<0.01"],
    stream_errors: ["count==0"],
    assistant_replied: ["rate>0.95"],
    ...(WITH_CALLS ? { session_completed: ["rate>0.95"] } : {}),
  },
  summaryTrendStats: SUMMARY_TREND_STATS,
  setupTimeout: "90s",
  teardownTimeout: "120s",
};

interface Data {
  api: ApiMixData;
  calls?: { from: FromNumber; agentId: string; events: Subscription };
}

/** Each instance of a split run sets up (and tears down) its own pool, agent and webhook, named with its id. */
export function setup(): Data {
  const prefix = instancePrefix();
  const data: Data = { api: setupApiMix(prefix) };
  if (WITH_CALLS) {
    const agentId = createAgent(prefix, catalogModels("voice"), "voice");
    if (agentId) {
      expectStatus(call("POST", path("agent.publish", { agent_id: agentId }), "agent.publish"), "agent.publish", 200);
      const from = outboundNumber();
      data.calls = { from, agentId, events: subscribe(`${prefix}soak`, CALL_EVENTS) };
    }
  }
  return data;
}

/** CAP_DRIFT_LATENCY and CAP_DRIFT_MEMORY (relative growth, e.g. 0.5) override the defaults. */
function driftLimits(): DriftLimits {
  const growth = (name: string, fallback: number) => {
    const value = Number(__ENV[name]);
    return __ENV[name] && Number.isFinite(value) && value >= 0 ? value : fallback;
  };
  return {
    ...DEFAULT_LIMITS,
    latencyGrowth: growth("CAP_DRIFT_LATENCY", DEFAULT_LIMITS.latencyGrowth),
    memoryGrowth: growth("CAP_DRIFT_MEMORY", DEFAULT_LIMITS.memoryGrowth),
  };
}

/** Tags everything this VU records from now on with its window of the run; answers the time left. */
function enterWindow(): number {
  const elapsed = Date.now() - exec.scenario.startTime;
  exec.vu.metrics.tags.window = windowAt(elapsed / DURATION_MS);
  return DURATION_MS - elapsed;
}

export function api(data: Data): void {
  enterWindow();
  apiMixIteration(data.api);
}

export async function streams(data: Data): Promise<void> {
  enterWindow();
  const conversations = startConversations(1, data.api.prefix);
  // The streams run the whole soak in one iteration: the window tag follows the clock (and is
  // set afresh before each message and each new stream).
  const ticker = setInterval(enterWindow, 1_000);
  try {
    await runStreams(0, {
      conversations,
      subscribers: SUBSCRIBERS,
      vus: 1,
      deadline: exec.scenario.startTime + DURATION_MS,
      sender: { periodMs: MESSAGE_EVERY_S * 1000, replyTimeoutMs: REPLY_TIMEOUT_MS, onCycle: enterWindow },
      subscriber: { holdMinMs: 10_000, holdMaxMs: 30_000, onCycle: enterWindow },
    });
  } finally {
    clearInterval(ticker);
  }
}

export function calls(data: Data): void {
  const remainingMs = enterWindow();
  const c = data.calls;
  if (c) outboundCall(c.events, c.from.id, c.agentId, Math.max(1000, Math.min(60_000, remainingMs + 8_000)));
}

export function memory(): void {
  enterWindow();
  recordServerMemory();
}

export function teardown(data: Data): void {
  if (data.calls) {
    unsubscribe(data.calls.events);
    releaseNumber(data.calls.from);
    deleteAgent(data.calls.agentId);
  }
  teardownApiMix(data.api);
}

export const handleSummary = summaryHandler("soak", () => {
  const note = memoryNote();
  const notes: Record<string, string> = note ? { "drift server_memory_bytes": note } : {};
  return { scenario: "soak", limits: driftLimits(), notes };
});
