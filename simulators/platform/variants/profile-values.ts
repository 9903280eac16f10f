// A stranger's single values: the paths, header names, body fields, limits and declarations a vendor's
// profile names where the spec says "not shown".
import type { VariantSpec } from "./variant.ts";

export const profileValueVariants = {
  "paths-elsewhere": {
    description:
      "every path the spec does not show is elsewhere: agents under `/v1/assistants`, tools under `/v1/functions`, tasks under `/v1/jobs`, knowledge bases, carrier accounts, numbers, batches, conversations, webhooks, secrets and provider keys on paths of their own (4.1: paths `not shown`; 4 shows no path for these operations)",
    section: "4.1",
    layer: "profile-paths-elsewhere",
    profile: {
      operations: {
        "agent.create": { method: "POST", path: "/v1/assistants", section: "4" },
        "agent.list": { method: "GET", path: "/v1/assistants", section: "2.1" },
        "agent.get": { method: "GET", path: "/v1/assistants/{agent_id}", section: "4" },
        "agent.delete": { method: "DELETE", path: "/v1/assistants/{agent_id}", section: "2.7" },
        "tool.create": { method: "POST", path: "/v1/functions", section: "4" },
        "tool.list": { method: "GET", path: "/v1/functions", section: "2.1" },
        "tool.get": { method: "GET", path: "/v1/functions/{tool_id}", section: "4" },
        "tool.delete": { method: "DELETE", path: "/v1/functions/{tool_id}", section: "2.7" },
        "tool.publish": { method: "POST", path: "/v1/functions/{tool_id}/release", section: "3.3" },
        "task.create": { method: "POST", path: "/v1/jobs", section: "4" },
        "task.list": { method: "GET", path: "/v1/jobs", section: "4" },
        "task.get": { method: "GET", path: "/v1/jobs/{task_id}", section: "4" },
        "task.update": { method: "PATCH", path: "/v1/jobs/{task_id}", section: "4" },
        "task.delete": { method: "DELETE", path: "/v1/jobs/{task_id}", section: "4" },
        "task.runs": { method: "GET", path: "/v1/job-runs", section: "4" },
        "kb.get": { method: "GET", path: "/v1/knowledge-bases/{kb_id}", section: "4.1" },
        "kb.build": { method: "POST", path: "/v1/knowledge-bases/{kb_id}/builds", section: "4.1" },
        "kb.delete": { method: "DELETE", path: "/v1/knowledge-bases/{kb_id}", section: "4.1" },
        "telephony.account.list": { method: "GET", path: "/v1/telephony/carrier-accounts", section: "4.1" },
        "telephony.account.create": { method: "POST", path: "/v1/telephony/carrier-accounts", section: "4.1" },
        "telephony.account.delete": {
          method: "DELETE",
          path: "/v1/telephony/carrier-accounts/{account_id}",
          section: "4.1",
        },
        "phone.import": { method: "POST", path: "/v1/telephony/carrier-accounts/{account_id}/numbers", section: "4.1" },
        "phone.get": { method: "GET", path: "/v1/telephony/numbers/{phone_number_id}", section: "4.1" },
        "phone.update": { method: "PATCH", path: "/v1/telephony/numbers/{phone_number_id}", section: "4.1" },
        "phone.delete": { method: "DELETE", path: "/v1/telephony/numbers/{phone_number_id}", section: "4.1" },
        "batch.get": { method: "GET", path: "/v1/batches/{batch_id}", section: "2.13" },
        "batch.cancel": { method: "POST", path: "/v1/batches/{batch_id}/stop", section: "3.3" },
        "conversation.list": { method: "GET", path: "/v1/chats", section: "2.1" },
        "webhook.create": { method: "POST", path: "/v1/hooks", section: "4.1" },
        "webhook.get": { method: "GET", path: "/v1/hooks/{webhook_id}", section: "4.1" },
        "webhook.update": { method: "PATCH", path: "/v1/hooks/{webhook_id}", section: "4.1" },
        "webhook.delete": { method: "DELETE", path: "/v1/hooks/{webhook_id}", section: "4.1" },
        "webhook.rotate-secret": { method: "POST", path: "/v1/hooks/{webhook_id}/secret/rotate", section: "4.1" },
        "webhook.test": { method: "POST", path: "/v1/hooks/{webhook_id}/fire", section: "4.1" },
        "secret.list": { method: "GET", path: "/v1/vault", section: "4.1" },
        "secret.put": { method: "PUT", path: "/v1/vault/{name}", section: "4.1" },
        "secret.delete": { method: "DELETE", path: "/v1/vault/{name}", section: "4.1" },
        "byok.list": { method: "GET", path: "/v1/provider-keys", section: "4.1" },
      },
    },
  },
  "signature-header-names": {
    description:
      "the three signature headers are `x-stranger-delivery`, `x-stranger-timestamp` and `x-stranger-signature`, signed as Standard Webhooks (6.1: `Names of the three signature headers and the exact signing recipe: not shown`)",
    section: "6.1",
    layer: "profile-signature-header-names",
    profile: {
      webhook_signature: {
        id_header: "x-stranger-delivery",
        timestamp_header: "x-stranger-timestamp",
        signature_header: "x-stranger-signature",
      },
    },
  },
  "byok-body-field-key": {
    description: "a provider key is written as `{key}` (4.1: `the body of the provider-key write: not shown`)",
    section: "4.1",
    layer: "profile-byok-body-field-key",
    profile: { byok_body_field: "key" },
  },
  "phone-filter-named": {
    description:
      "the phone-number list's carrier-account filter is `carrier_account_id` (4: `an optional carrier-account filter`, not its name)",
    section: "4",
    layer: "profile-phone-filter-named",
    profile: { phone_numbers_account_filter: "carrier_account_id" },
  },
  "body-limit-2mib": {
    description: "request bodies over 2 MiB are a 413, and the vendor says so (8: `Maximum body sizes ... not shown`)",
    section: "8",
    layer: "profile-body-limit-2mib",
    profile: { max_body_bytes: 2097152, optional: { "body-size-limit": "must-work" } },
  },
  "version-header-named": {
    description:
      "every response carries `x-stranger-version`, and the vendor says so (9: `any version header ... not shown`)",
    section: "9",
    layer: "profile-version-header-named",
    profile: { version_header: "x-stranger-version", optional: { "version-header": "must-work" } },
  },
  "knowledge-delete-declared": {
    description:
      "a knowledge base can be deleted, and the vendor says so (4.1: the spec names get_kb and build_kb, no delete)",
    section: "4.1",
    layer: "profile-knowledge-delete-declared",
    profile: { optional: { "knowledge-delete": "must-work" } },
  },
  "duplicate-name-wording": {
    description:
      "a name already taken says `... already exists`, and the vendor holds the check to that wording (7: a message `like an agent with that name already exists`)",
    section: "7",
    layer: "profile-duplicate-name-wording",
    profile: { duplicate_name_message: "already exists" },
  },
  "untyped-fields-typed": {
    description:
      "`recording.enabled` is a boolean and `tts.speed` a number, null included among wrong types, and the vendor says so (2.9 gives these fields no type; 2.13: `Required markers and defaults ... not shown`)",
    section: "2.9",
    layer: "profile-untyped-fields-typed",
    profile: { agent_field_types: { "recording.enabled": "boolean", "tts.speed": "number" }, null_is_wrong_type: true },
  },
  "task-fields-named": {
    description:
      "a task's two text fields are `notes` and `brief` (2.13: `Fields of task ... records: not shown beyond name`)",
    section: "2.13",
    layer: "profile-task-fields-named",
    profile: { task_text_fields: ["notes", "brief"] },
  },
} as const satisfies Record<string, VariantSpec>;
