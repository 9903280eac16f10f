// Success statuses the spec does not fix (7: "Full per-status table ... not shown"; 4 gives a status only
// for GET /health and the validate endpoints). 204 with no body is not among them: 2.7 says "Deletes and
// no-content mutations return {ok: true}", so a mutation with nothing to say still says that.
import type { VariantSpec } from "./variant.ts";

export const statusVariants = {
  "create-200": {
    description:
      "creates answer 200 rather than 201: agents, tools, tasks, webhooks, telephony accounts and imported phone numbers",
    section: "7",
    layer: "create-status",
  },
  "accepted-202": {
    description:
      "POST /v1/knowledge, POST /v1/calls/outbound and POST /v1/calls/batches answer 202: the work goes on after the answer (3.1: `Returns immediately; crawling takes minutes`)",
    section: "7",
    layer: "accepted-status",
  },
  "message-200": {
    description: "POST /v1/conversations/messages answers 200 (4 says only `message accepted`)",
    section: "4",
    layer: "message-status",
  },
  "publish-201": {
    description:
      "a publish answers 201 with the warnings (3.3: `With only warnings it succeeds and returns the warnings`; a publish creates a version)",
    section: "3.3",
    layer: "publish-status",
  },
  "put-201-on-create": {
    description: "PUT of a secret or a provider key that did not exist answers 201; a replacement answers 200",
    section: "4",
    layer: "put-status",
  },
  "write-ok-result": {
    description:
      "PATCH /v1/agents/{id}, PATCH /v1/tools/{id} and PUT /v1/byok/{provider} answer {ok: true} instead of the record: 4 names no response body for them, and 2.7 says no-content mutations return {ok: true}",
    section: "2.7",
    layer: "write-result",
  },
} as const satisfies Record<string, VariantSpec>;
