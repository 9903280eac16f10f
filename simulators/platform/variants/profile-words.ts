// A stranger's status words (spec/words.ts): the words a server uses for each status meaning the checks read
// (3.3: states not shown). Served with its profile, a check reads a word as the meaning whose list holds it.
import type { VariantSpec } from "./variant.ts";

export const profileWordVariants = {
  "session-status-words": {
    description:
      "a call session's status is `pending`, `dialing`, `active`, then `completed` or `finished` (3.3: `States and transitions of triggers, batches, call sessions ...: not shown`)",
    section: "3.3",
    layer: "profile-session-status-words",
    profile: {
      words: {
        session_status: {
          queued: ["pending"],
          ringing: ["dialing"],
          in_progress: ["active"],
          ended: ["completed", "finished"],
        },
      },
    },
  },
  "batch-status-words": {
    description:
      "a batch's status is `queued`, `in_progress`, `on_hold`, `done`, `canceled` or `errored` (3.3: `States and transitions of ... batches ...: not shown`)",
    section: "3.3",
    layer: "profile-batch-status-words",
    profile: {
      words: {
        batch_status: {
          scheduled: ["queued"],
          running: ["in_progress"],
          paused: ["on_hold"],
          completed: ["done"],
          cancelled: ["canceled"],
          failed: ["errored"],
        },
      },
    },
  },
  "webhook-status-words": {
    description:
      "a webhook's status is `enabled` or `paused` (2.6: `status | string`; 3.3: webhooks' states not shown)",
    section: "2.6",
    layer: "profile-webhook-status-words",
    profile: { words: { webhook_status: { active: ["enabled"], disabled: ["paused"] } } },
  },
  "delivery-status-words": {
    description: "a delivery row's status is `ok` or `error` (2.13: `Fields of a webhook delivery record: not shown`)",
    section: "2.13",
    layer: "profile-delivery-status-words",
    profile: { words: { delivery_status: { succeeded: ["ok"], failed: ["error"] } } },
  },
  "item-role-words": {
    description:
      "conversation items are written by `human` and `agent` (4.1: the message bodies beyond client_message_id are not shown; 6.2: item fields not shown)",
    section: "4.1",
    layer: "profile-item-role-words",
    profile: { words: { item_role: { user: ["human"], assistant: ["agent"] } } },
  },
} as const satisfies Record<string, VariantSpec>;
