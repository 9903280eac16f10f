// Planted faults that break knowledge clauses (spec/clauses/knowledge.ts), checked by suites/knowledge.suite.ts.
import type { FaultSpec } from "./fault.ts";

export const knowledgeFaults = {
  "kb-create-waits-for-crawl": {
    description: "POST /v1/knowledge awaits the whole crawl and answers the header in review instead of at once",
    clauses: ["knowledge.create-discovering"],
  },
  "kb-max-pages-ignored": {
    description: "discovery crawls the whole site whatever max_pages says",
    clauses: ["knowledge.max-pages-caps-discovery"],
  },
  "kb-max-pages-default-200": {
    description: "a create without max_pages caps discovery at 200, the common page-size default, not 1000",
    clauses: ["knowledge.max-pages-default-1000"],
  },
  "kb-pages-newest-first": {
    description: "knowledge-base pages list newest first, like most lists, instead of oldest first",
    clauses: ["knowledge.pages-oldest-first"],
  },
  "kb-pages-ceiling-200": {
    description: "the pages list takes the common ceiling of 200 instead of 500",
    clauses: ["knowledge.pages-limit-500"],
  },
  "kb-build-progress-silent": {
    description:
      "a build runs through transcribing and generating, updating get_kb's progress, but sends no progress frame (6.2: `progress (one step of the running build)`; the default profile reads the stream as each-state)",
    clauses: ["knowledge.build-progress"],
  },
  "kb-unknown-pages-empty": {
    description: "the pages list of an unknown knowledge base answers an empty page instead of a 404",
    clauses: ["knowledge.unknown-404"],
  },
  "kb-seeds-null-without-urls": {
    description:
      "urls is optional with no default, so a knowledge base created without urls answers seeds null, not []",
    clauses: ["knowledge.seeds-are-urls"],
  },
  "kb-error-null": {
    description: "the header's error is null, not a string, while there is no error",
    clauses: ["knowledge.header-shape"],
  },
  "kb-progress-counts-as-text": {
    description:
      "while a build runs, get_kb's progress writes the counts done, failed and total as strings (2.2: integers)",
    clauses: ["knowledge.progress-shape"],
  },
  "kb-max-pages-coerced": {
    description:
      'POST /v1/knowledge reads max_pages with z.coerce.number(), so a numeric string or a fraction (`"50"`, 2.5) is taken, not a 422',
    clauses: ["knowledge.create-schema-422"],
  },
  "kb-delete-keeps-row": {
    description:
      "DELETE of a knowledge base cancels its build and answers {ok: true} but never removes the base, which stays readable (a fault of a server whose profile says knowledge bases can be deleted)",
    clauses: ["optional.knowledge-delete"],
    profile: { optional: { "knowledge-delete": "must-work" } },
  },
} as const satisfies Record<string, FaultSpec>;
