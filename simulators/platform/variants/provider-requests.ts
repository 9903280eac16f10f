// What a server sends its model provider (1: "strictly bring-your-own-key"; the spec shows nothing of the
// provider's side). README's wiring contract asks a wired server to name the run in `metadata`, so checks can
// tie what the provider received to the session under test; one that does not must see those checks skip.
import type { VariantSpec } from "./variant.ts";

export const providerRequestVariants = {
  "provider-requests-name-no-run": {
    description:
      "chat completions carry no metadata naming the session or conversation they serve: the spec says nothing of the provider requests, so the checks that would tie them to a run skip or judge without the tie, and fail nothing",
    section: "1",
    layer: "provider-metadata",
    reach: ["agents", "versioning", "calls", "events", "byok", "integrations"],
  },
} as const satisfies Record<string, VariantSpec>;
