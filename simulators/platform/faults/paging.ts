// Planted faults that break paging clauses (spec/clauses/paging.ts), checked by suites/paging.suite.ts.
import type { FaultSpec } from "./fault.ts";

export const pagingFaults = {
  "has-more-without-extra-row": {
    description: "has_more is computed as items.length === limit instead of reading limit+1 rows",
    clauses: ["paging.has-more-extra-row"],
  },
  "limit-clamped": {
    description: "a limit above the ceiling is silently clamped to 200 instead of a 422",
    clauses: ["paging.limit-above-ceiling-422"],
  },
  "offset-omitted": {
    description: "the page envelope leaves out offset when it is 0",
    clauses: ["paging.envelope-fields"],
  },
  "default-limit-50": {
    description: "the default page size is 50 instead of 200",
    clauses: ["paging.default-limit"],
  },
  "oldest-first": {
    description: "agents list oldest first instead of newest first by last edit",
    clauses: ["paging.newest-first"],
  },
  "agents-by-creation": {
    description: "agents list newest first by creation, so an agent edited since stays where it was created",
    clauses: ["paging.newest-first"],
  },
  "tools-by-creation": {
    description: "tools list newest first by creation, so a tool edited since stays where it was created",
    clauses: ["paging.newest-first"],
  },
  "total-in-page": {
    description: "the page envelope carries a total count",
    clauses: ["paging.no-total-no-cursor"],
  },
  "next-cursor-in-page": {
    description:
      "a page with more rows after it carries `next_cursor`, an opaque cursor to them (2.1: `There is no total and no cursor`)",
    clauses: ["paging.no-total-no-cursor", "calls.list-paged", "conversations.items-paged"],
  },
  "negative-offset-accepted": {
    description: "a negative offset is treated as 0 instead of a 422",
    clauses: ["paging.offset-non-negative"],
  },
  "offset-skips-one": {
    description:
      "a page after the first starts one row past its offset (the offset read as the index of the last row already seen), so a row is lost at every page boundary",
    clauses: ["paging.pages-concatenate"],
  },
  "unpaged-list-count": {
    description: "GET /v1/email/senders answers its whole list as {items, count}: a second count beside total_count",
    clauses: ["paging.total-count-only-count"],
  },
  "limit-parse-int": {
    description: "limit is read with parseInt, so limit=2.5 is taken as 2 instead of a 422",
    clauses: ["paging.limit-integer"],
  },
} as const satisfies Record<string, FaultSpec>;
