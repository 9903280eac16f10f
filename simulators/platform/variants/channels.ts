// Messaging channels (2.3: "A trigger binds an inbound provider event (for example a message on a messaging
// channel) to a published agent version"): what a thread is to the server is not shown.
import type { VariantSpec } from "./variant.ts";

export const channelVariants = {
  "channel-message-new-conversation": {
    description:
      "every inbound channel message starts a conversation of its own, a second message on the same thread included (2.3 binds an inbound event to an agent version; it does not say a thread continues a conversation)",
    section: "2.3",
    layer: "channel-threads",
    reach: ["streams", "integrations"],
  },
} as const satisfies Record<string, VariantSpec>;
