// Time to answer: the spec bounds only the webhook receiver (6.1, 8); an API that answers slower conforms.
import type { VariantSpec } from "./variant.ts";

export const latencyVariants = {
  "latency-50ms": {
    description:
      "every response but a stream is answered 50 ms later than the reference would (no response time is specified)",
    section: "8",
    layer: "latency",
    reach: ["streams", "conversations", "webhooks", "delivery", "knowledge", "auth", "errors"],
    alone: "50 ms on each of the thousands of responses of a full run would add minutes to it",
  },
  "stream-first-byte-300ms": {
    description:
      "an event stream's first byte, headers included, leaves 300 ms after the request (6.2 says the snapshot is sent once the subscription is established, not how soon)",
    section: "6.2",
    layer: "stream-latency",
    reach: ["streams", "knowledge", "conversations", "byok"],
    alone: "300 ms on each of the streams a full run opens, one after another, would add a minute to it",
  },
} as const satisfies Record<string, VariantSpec>;
