import type { Clause } from "../clause.ts";

// 2.1 and 8: the page envelope shared by every paged list. Per-endpoint ceilings and orders live in their areas.
export const pagingClauses: Clause[] = [
  {
    id: "paging.envelope-fields",
    section: "2.1",
    kind: "testable",
    statement: "Every paged list answers with items, has_more, limit and offset, all four always present.",
  },
  {
    id: "paging.no-total-no-cursor",
    section: "2.1",
    kind: "testable",
    statement: "The page envelope carries no total and no cursor (has_more only).",
  },
  {
    id: "paging.total-count-only-count",
    section: "2.1",
    kind: "testable",
    statement:
      "The galleries' total_count is the only count in the API: the unpaged lists and the catalog carry no count field either.",
  },
  {
    id: "paging.has-more-extra-row",
    section: "2.1",
    kind: "testable",
    statement: "has_more is true exactly when a further row exists after the page (the limit+1 read).",
  },
  {
    id: "paging.limit-offset-echoed",
    section: "2.1",
    kind: "testable",
    statement: "limit and offset in the envelope are the page size and offset in effect.",
  },
  {
    id: "paging.default-limit",
    section: "8",
    kind: "testable",
    statement: "Without a limit parameter the page size in effect is 200 on most endpoints.",
  },
  {
    id: "paging.limit-range",
    section: "8",
    kind: "testable",
    statement: "limit is 1..200 on most endpoints: 1 and 200 are accepted, 0 is a 422.",
  },
  {
    id: "paging.limit-integer",
    section: "2.1",
    kind: "testable",
    statement: "limit is an integer: a non-integer limit (1.5, `abc`) is a 422.",
  },
  {
    id: "paging.limit-above-ceiling-422",
    section: "7",
    kind: "testable",
    statement: "A limit above the per-endpoint ceiling is a 422, not a clamp.",
  },
  {
    id: "paging.offset-non-negative",
    section: "8",
    kind: "testable",
    statement: "offset is an integer >= 0; a negative or non-integer offset is a 422.",
  },
  {
    id: "paging.newest-first",
    section: "2.1",
    kind: "testable",
    statement: "Agents and tools list newest first by last edit.",
  },
  {
    id: "paging.pages-concatenate",
    section: "2.1",
    kind: "testable",
    statement: "Consecutive pages concatenate to the whole list without gaps or duplicates.",
  },
  {
    id: "paging.paged-endpoint-list",
    section: "4.1",
    kind: "not-shown",
    statement: "The complete list of the 25 endpoints that return a page: not shown.",
  },
];
