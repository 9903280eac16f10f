// Paged lists and batch scheduling where the spec gives no rule (2.1, 8).
import type { VariantSpec } from "./variant.ts";

export const listVariants = {
  "default-limit-500-on-500-lists": {
    description:
      "the two lists whose ceiling is 500 (conversation items, knowledge-base pages) answer 500 rows when no limit is sent (8: `default 200 on most endpoints`)",
    section: "8",
    layer: "default-limit",
    reach: ["paging", "conversations", "knowledge"],
  },
  "calling-window-equal-bounds-empty": {
    description:
      "a batch calling window whose start equals its end is read as empty, never open (2.12 gives the window's fields only; 8: its limits are not shown)",
    section: "2.12",
    layer: "calling-window",
    reach: ["batches"],
  },
  "masked-lists-whole": {
    description:
      "the secret list answers its whole list as `{secrets: [...]}` and the provider-key list as a bare array, neither paged (2.1 names neither among the paged lists; 4.1: `Paths of secret list endpoints and of the provider-key list ... not shown`; 5 item 6 describes the two alike)",
    section: "2.1",
    layer: "masked-lists",
    reach: ["byok", "paging", "auth", "regions"],
  },
  "page-envelope-open": {
    description:
      'every page carries `object: "list"` and the list\'s `url` beside items, has_more, limit and offset (2.1: `All four fields are always present. There is no total and no cursor`; it does not say they are the only ones)',
    section: "2.1",
    layer: "page-envelope",
  },
  // 2.1: "Most lists are newest first (agents and tools by last edit, calls and conversations by start)": the
  // lists it does not name keep an order of the server's own.
  "webhooks-oldest-first": {
    description:
      "GET /v1/webhooks lists oldest first by create (2.1 names the newest-first lists: agents, tools, calls, conversations)",
    section: "2.1",
    layer: "webhook-list-order",
  },
  "triggers-oldest-first": {
    description:
      "an integration's triggers list oldest first by create (2.1: `Most lists are newest first`, naming others)",
    section: "2.1",
    layer: "trigger-order",
  },
  "phone-numbers-by-number": {
    description:
      "GET /v1/telephony/phone-numbers lists by e164 ascending, not by import (2.1: `Most lists are newest first`, naming others)",
    section: "2.1",
    layer: "phone-number-order",
  },
  "tasks-by-name": {
    description:
      "GET /v1/tasks lists by name ascending, not by edit (2.1 names agents and tools, not tasks, among the lists by last edit)",
    section: "2.1",
    layer: "task-order",
  },
} as const satisfies Record<string, VariantSpec>;
