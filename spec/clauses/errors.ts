import type { Clause } from "../clause.ts";

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
    statement:
      "detail.errors is always present and an array (empty when the failure had one problem), never absent or null.",
  },
  {
    id: "errors.json-content-type",
    section: "4",
    kind: "testable",
    statement: "Bodies are JSON (Content-Type: application/json).",
  },
  {
    id: "errors.no-429",
    section: "7",
    kind: "testable",
    statement: "The API never answers 429; nothing rate-limits inbound requests.",
  },
  {
    id: "errors.422-line-format",
    section: "7",
    kind: "testable",
    statement: "A 422 lists one `field.path: problem` line per problem.",
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
];
