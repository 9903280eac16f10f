// Paged lists and batch scheduling where the spec gives no rule (8).
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
} as const satisfies Record<string, VariantSpec>;
