import type { Clause } from "../clause.ts";

// Section 1 and the general rules of sections 4 and 7 that belong to no single resource, plus the two
// unpaged misc endpoints (email senders, observability).
export const serviceClauses: Clause[] = [
  {
    id: "service.v1-prefix",
    section: "1",
    kind: "testable",
    statement:
      "Every API path is prefixed /v1 (sections 1, 4 and 9): the same path without the prefix names nothing (404); GET /health is the one exception.",
  },
  {
    id: "service.patch-merge-omitted-kept",
    section: "4",
    kind: "testable",
    assumption: "task.update; task_text_fields",
    statement: "A PATCH other than the agent and tool PATCH merges: a field omitted from the body is left as it is.",
  },
  {
    id: "service.patch-null-clears",
    section: "4",
    kind: "testable",
    assumption: "task.update; task_text_fields",
    statement: "A PATCH other than the agent and tool PATCH clears a field sent as explicit null.",
  },
  {
    id: "service.no-idempotency-key",
    section: "7",
    kind: "testable",
    assumption: "agent.create; duplicate_name_message",
    statement:
      "No write endpoint has an idempotency key: a retried POST (even with an Idempotency-Key header) is a second request and creates a second resource.",
  },
  {
    id: "service.email-senders-unpaged",
    section: "4",
    kind: "testable",
    statement: "GET /v1/email/senders answers 200 with the whole list, unpaged (no page envelope).",
  },
  {
    id: "service.observability-unpaged",
    section: "4",
    kind: "testable",
    statement: "GET /v1/observability answers 200 with the whole list, unpaged (no page envelope).",
  },
  {
    id: "service.max-body-size",
    section: "8",
    kind: "not-shown",
    statement: "Maximum request body sizes: not shown.",
  },
];
