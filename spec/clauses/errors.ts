import type { Clause } from "../clause.ts";

// Section 7: the error envelope and the status codes whose meaning is general (per-endpoint statuses live in their areas).
export const errorsClauses: Clause[] = [
  {
    id: "errors.envelope",
    section: "7",
    kind: "testable",
    statement: "Every error, at every status code, has the body {detail: {message: string, errors: array of string}}.",
  },
  {
    id: "errors.errors-always-array",
    section: "7",
    kind: "testable",
    statement: "detail.message and detail.errors are always present; errors is an array, never absent or null.",
  },
  {
    id: "errors.single-problem-empty-errors",
    section: "7",
    kind: "testable",
    statement: "A failure with one problem (other than a 422, which lists its line) has detail.errors = [].",
  },
  {
    id: "errors.json-content-type",
    section: "4",
    kind: "testable",
    statement: "Bodies are JSON (Content-Type: application/json), error bodies included.",
  },
  {
    id: "errors.no-429",
    section: "7",
    kind: "testable",
    statement:
      "Nothing rate-limits inbound requests: the API never answers 429 of its own (a 429 can only be a relayed provider answer).",
  },
  {
    id: "errors.422-line-format",
    section: "7",
    kind: "testable",
    statement:
      "A request that does not match the operation schema is a 422 listing one `field.path: problem` line per problem.",
  },
  {
    id: "errors.422-prefix-stripped",
    section: "7",
    kind: "testable",
    statement: "The body, query and path prefixes are stripped from 422 field paths.",
  },
  {
    id: "errors.422-single-problem-message",
    section: "7",
    kind: "testable",
    statement: "With exactly one problem, the 422 line is also the message.",
  },
  {
    id: "errors.unknown-route-404",
    section: "7",
    kind: "testable",
    statement: "A path that names no resource in the workspace is a 404 with the error envelope.",
  },
  {
    id: "errors.other-workspace-404",
    section: "7",
    kind: "needs-wiring",
    statement:
      "A resource owned by another workspace is a 404 (it does not exist in the caller's workspace), not a 403.",
  },
  {
    id: "errors.status-table",
    section: "7",
    kind: "not-shown",
    statement: "The full per-status table: not shown.",
  },
  {
    id: "errors.code-execution-502-endpoint",
    section: "7",
    kind: "not-shown",
    statement:
      "Which endpoint calls the code-execution service, the fourth 502 source besides provider-key verification, the voice or avatar gallery and the carrier API: not shown (no endpoint of the spec names it, so its 502 cannot be reached).",
  },
  {
    id: "errors.403-messages",
    section: "7",
    kind: "not-shown",
    statement: "The exact text of the two 403 messages: not shown (also section 5, item 9).",
  },
];
