import type { Clause } from "../clause.ts";

// 2.2 knowledge-base header, 3.1 its status machine, and the knowledge endpoints of section 4.
// The knowledge-base event stream frames are in streams.
export const knowledgeClauses: Clause[] = [
  {
    id: "knowledge.create-discovering",
    section: "3.1",
    kind: "testable",
    statement:
      "POST /v1/knowledge returns at once (crawling takes minutes) with a knowledge-base header whose status is discovering.",
  },
  {
    id: "knowledge.create-name-only",
    section: "4",
    kind: "testable",
    statement: "POST /v1/knowledge with only a name is accepted (max_pages, notes and urls have defaults).",
  },
  {
    id: "knowledge.create-schema-422",
    section: "4",
    kind: "testable",
    statement:
      "POST /v1/knowledge with a field of the wrong type (max_pages not an integer, urls not an array of string) is a 422.",
  },
  {
    id: "knowledge.header-shape",
    section: "2.2",
    kind: "testable",
    statement:
      "A knowledge-base header has id (UUID), name, status, created_at and updated_at (ISO 8601), created_by (UUID), error, node_count and url_count (integers), seeds (array of string) and progress.",
  },
  {
    id: "knowledge.progress-shape",
    section: "2.2",
    kind: "testable",
    statement: "progress is {done, failed, total (integers), message, phase (strings)}.",
  },
  {
    id: "knowledge.status-enum",
    section: "2.2",
    kind: "testable",
    statement: "status is one of discovering, review, transcribing, generating, ready, error.",
  },
  {
    id: "knowledge.seeds-are-urls",
    section: "2.2",
    kind: "testable",
    statement:
      "seeds holds the start URLs given as urls at create; urls defaults to empty, so a create without urls answers seeds [].",
  },
  {
    id: "knowledge.discovering-to-review",
    section: "3.1",
    kind: "needs-wiring",
    assumption: "kb.get",
    statement: "When crawl discovery finishes, polling the knowledge base shows status review.",
  },
  {
    id: "knowledge.build-from-review",
    section: "3.1",
    kind: "needs-wiring",
    assumption: "kb.build",
    statement:
      "build_kb with the selected URLs moves a knowledge base in review to a build state (transcribing, generating, ready or error).",
  },
  {
    id: "knowledge.max-pages-caps-discovery",
    section: "4",
    kind: "needs-wiring",
    assumption: "kb.get",
    statement: "max_pages caps how many pages discovery may find.",
  },
  {
    id: "knowledge.max-pages-default-1000",
    section: "8",
    kind: "needs-wiring",
    assumption: "kb.get",
    statement:
      "Without max_pages, discovery is capped at the default of 1000 pages: on a larger site it stops at 1000, not below.",
  },
  {
    id: "knowledge.build-progress",
    section: "6.2",
    kind: "needs-wiring",
    assumption: "kb.build; readings.kb_build_frames",
    statement:
      "A build that runs reports its steps: when get_kb shows it transcribing or generating, progress frames (one step of the running build) reach an open knowledge-base stream (a stream the profile reads as advisory, 6.2 rule 2, is held to no frame).",
  },
  {
    id: "knowledge.pages-paged",
    section: "4",
    kind: "testable",
    statement: "GET /v1/knowledge/{kb_id}/pages answers a page envelope.",
  },
  {
    id: "knowledge.pages-limit-500",
    section: "8",
    kind: "testable",
    statement: "GET /v1/knowledge/{kb_id}/pages takes limit 1..500: 500 is accepted, 501 is a 422.",
  },
  {
    id: "knowledge.pages-oldest-first",
    section: "2.1",
    kind: "needs-wiring",
    assumption: "kb.get",
    statement: "Knowledge-base pages list oldest first.",
  },
  {
    id: "knowledge.unknown-404",
    section: "7",
    kind: "testable",
    statement: "GET /v1/knowledge/{kb_id}/pages for a knowledge base not in the workspace is a 404.",
  },
  {
    id: "knowledge.build-transitions",
    section: "3.1",
    kind: "not-shown",
    statement: "Transitions among transcribing, generating, ready and error: not shown.",
  },
  {
    id: "knowledge.get-kb-path",
    section: "4.1",
    kind: "not-shown",
    assumption: "kb.get",
    statement: "Path and payload of the get_kb operation: not shown.",
  },
  {
    id: "knowledge.build-kb-path",
    section: "4.1",
    kind: "not-shown",
    assumption: "kb.build",
    statement: "Path and payload of the build_kb operation: not shown.",
  },
];
