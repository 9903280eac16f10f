// streams: many subscribers on conversation event streams while messages are posted at a steady
// rate. Measures post -> assistant.completed, frames per second, keep-alives and the longest
// silence on a stream, reconnects, and that every connection (reconnects too) starts with the
// snapshot.
//
// Every VU holds several streams at once (sse.openAsync; lib/streams-plan.ts deals them out):
// each conversation has exactly one sender and CAP_SUBSCRIBERS subscribers, the first of which
// stays connected for the whole run; the others hold 5-15 s (CAP_STREAM_HOLD_MIN_MS..MAX_MS) and
// reconnect. CAP_VUS (--vus) spreads the streams over that many VUs (default: one per conversation).

import exec from "k6/execution";
import type { Options } from "k6/options";
import { startConversations } from "../lib/conversation.ts";
import { currentSegment, instancePrefix } from "../lib/instance.ts";
import { keepAliveThresholds } from "../lib/keepalive.ts";
import { API_THRESHOLDS, DURATION_MS, intEnv, SUMMARY_TREND_STATS } from "../lib/options.ts";
import { ownedRange } from "../lib/segment.ts";
import { runStreams } from "../lib/streams-workload.ts";
import { summaryHandler } from "../lib/summary.ts";

const CONVERSATIONS = intEnv("CAP_CONVERSATIONS", 3);
const SUBSCRIBERS = intEnv("CAP_SUBSCRIBERS", 3);
/** Messages per second over all conversations. */
const RATE = intEnv("CAP_RATE", 2);
const REPLY_TIMEOUT_MS = intEnv("CAP_REPLY_TIMEOUT_MS", 10_000);
const REPLY_P95_MS = intEnv("CAP_REPLY_P95_MS", 5_000);
/** How long a (not whole-run) subscriber holds a stream before it reconnects: uniformly between these. */
const HOLD_MIN_MS = intEnv("CAP_STREAM_HOLD_MIN_MS", 5_000);
const HOLD_MAX_MS = Math.max(HOLD_MIN_MS, intEnv("CAP_STREAM_HOLD_MAX_MS", 15_000));
const STREAMS = CONVERSATIONS * (1 + SUBSCRIBERS);
const VUS = __ENV.CAP_VUS ? Math.min(intEnv("CAP_VUS", 1), STREAMS) : CONVERSATIONS;

export const options: Options = {
  scenarios: {
    streams: {
      // One iteration per VU, running all its streams to the end of the run: the iteration number
      // in this instance (0..VUs-1) says which streams are the VU's, so no conversation ever gets two senders.
      executor: "per-vu-iterations",
      vus: VUS,
      iterations: 1,
      // The iteration ends by itself at the duration; this is only the bound on a stuck one.
      maxDuration: `${Math.ceil((DURATION_MS + REPLY_TIMEOUT_MS) / 1000) + 15}s`,
      gracefulStop: "5s",
    },
  },
  thresholds: {
    ...API_THRESHOLDS,
    ...keepAliveThresholds(DURATION_MS),
    stream_snapshot_first: ["rate>0.99"],
    stream_snapshot_on_reconnect: ["rate>0.99"],
    stream_open_failed: ["rate<0.01"],
    stream_errors: ["count==0"],
    assistant_replied: ["rate>0.95"],
    assistant_reply_ms: [`p(95)<${REPLY_P95_MS}`],
  },
  summaryTrendStats: SUMMARY_TREND_STATS,
  setupTimeout: "60s",
};

interface Data {
  conversations: string[];
}

/** The part of the run's conversations (and messages) this instance owns: all of them unless split. */
function share(): number {
  const { start, end } = ownedRange(CONVERSATIONS, currentSegment());
  return (end - start) / CONVERSATIONS;
}

/**
 * Split over N instances (k6-operator, `load --instances`), each instance starts and drives its own
 * conversations (ownedRange), named with its instance id, over the VUs k6 gave it: a conversation's
 * sender and subscribers are always in one process, so no message is ever answered to another.
 */
export function setup(): Data {
  const segment = currentSegment();
  const { start, end } = ownedRange(CONVERSATIONS, segment);
  if (segment && end <= start) {
    throw new Error(
      `instance ${segment.index} of ${segment.count} owns none of the ${CONVERSATIONS} conversations: give each instance at least one (--conversations)`,
    );
  }
  if (exec.instance.vusInitialized < 1) {
    throw new Error(`this instance got no VU: give each instance at least one (--vus >= instances)`);
  }
  return { conversations: startConversations(end - start, instancePrefix()) };
}

export default async function (data: Data): Promise<void> {
  await runStreams(exec.scenario.iterationInInstance, {
    conversations: data.conversations,
    subscribers: SUBSCRIBERS,
    vus: exec.instance.vusInitialized,
    deadline: exec.scenario.startTime + DURATION_MS,
    // The instance's conversations post its share of the rate (more often when one did not start).
    sender: { periodMs: (data.conversations.length * 1000) / (RATE * share()), replyTimeoutMs: REPLY_TIMEOUT_MS },
    subscriber: { holdMinMs: HOLD_MIN_MS, holdMaxMs: HOLD_MAX_MS },
  });
}

export const handleSummary = summaryHandler("streams", () => ({
  scenario: "streams",
  rate: RATE,
  window_ms: DURATION_MS - REPLY_TIMEOUT_MS,
  share: share(),
}));
