// streams: many subscribers on conversation event streams (several per conversation) while
// messages are posted at a steady rate. Measures post -> assistant.completed, frames per second,
// keep-alives, reconnects, and that every connection (reconnects too) starts with the snapshot.
//
// One scenario, so VU ids are 1..N: VUs 1..C are senders (one per conversation, which keeps the
// answer to a message unambiguous), the rest subscribers spread over the C conversations.
// A subscriber holds a stream for a random 5-15 s (CAP_STREAM_HOLD_MIN_MS..MAX_MS) and then reconnects.

import { sleep } from "k6";
import exec from "k6/execution";
import type { Options } from "k6/options";
import { sendAndAwaitReply, startConversations, subscribe } from "../lib/conversation.ts";
import { API_THRESHOLDS, DURATION, DURATION_MS, intEnv, SUMMARY_TREND_STATS } from "../lib/options.ts";
import { runId, runPrefix } from "../lib/run.ts";
import { summaryHandler } from "../lib/summary.ts";

const CONVERSATIONS = intEnv("CAP_CONVERSATIONS", 3);
const SUBSCRIBERS_PER_CONVERSATION = intEnv("CAP_SUBSCRIBERS", 3);
/** Messages per second over all conversations. */
const RATE = intEnv("CAP_RATE", 2);
const REPLY_TIMEOUT_MS = intEnv("CAP_REPLY_TIMEOUT_MS", 30_000);
/** How long a subscriber holds a stream before it reconnects: uniformly between these bounds. */
const HOLD_MIN_MS = intEnv("CAP_STREAM_HOLD_MIN_MS", 5_000);
const HOLD_MAX_MS = Math.max(HOLD_MIN_MS, intEnv("CAP_STREAM_HOLD_MAX_MS", 15_000));
const REPLY_P95_MS = intEnv("CAP_REPLY_P95_MS", 5_000);

export const options: Options = {
  scenarios: {
    streams: {
      executor: "constant-vus",
      vus: CONVERSATIONS * (1 + SUBSCRIBERS_PER_CONVERSATION),
      duration: DURATION,
      // A stream still open at the end is cut by k6 after this; its lifetime bound is shorter.
      gracefulStop: "5s",
    },
  },
  thresholds: {
    ...API_THRESHOLDS,
    stream_snapshot_first: ["rate>0.99"],
    stream_snapshot_on_reconnect: ["rate>0.99"],
    stream_open_failed: ["rate<0.01"],
    assistant_replied: ["rate>0.95"],
    assistant_reply_ms: [`p(95)<${REPLY_P95_MS}`],
  },
  summaryTrendStats: SUMMARY_TREND_STATS,
  setupTimeout: "60s",
};

interface Data {
  conversations: string[];
}

export function setup(): Data {
  return { conversations: startConversations(CONVERSATIONS, runPrefix(runId())) };
}

export default function (data: Data): void {
  const vu = exec.vu.idInTest;
  const remainingMs = DURATION_MS - (Date.now() - exec.scenario.startTime);
  if (remainingMs < 1000) {
    sleep(remainingMs / 1000);
    return;
  }
  if (vu <= CONVERSATIONS) {
    // Each sender paces itself so the C senders together post RATE messages per second.
    const started = Date.now();
    sendAndAwaitReply(data.conversations[vu - 1]!, Math.min(REPLY_TIMEOUT_MS, remainingMs));
    const periodMs = (CONVERSATIONS * 1000) / RATE;
    const idleMs = periodMs - (Date.now() - started);
    if (idleMs > 0) sleep(Math.min(idleMs, remainingMs) / 1000);
    return;
  }
  const conversation = data.conversations[(vu - CONVERSATIONS - 1) % CONVERSATIONS]!;
  const lifetimeMs = Math.min(HOLD_MIN_MS + Math.random() * (HOLD_MAX_MS - HOLD_MIN_MS), remainingMs);
  subscribe(conversation, lifetimeMs, exec.vu.iterationInScenario > 0);
}

export const handleSummary = summaryHandler("streams");
