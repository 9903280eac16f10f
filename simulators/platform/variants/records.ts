// What a record holds beyond what the checks need (2.13: record shapes, required markers and defaults are
// not shown). Page and error envelopes are not records: 7 fixes the error body ("one body"), 2.1 the page's
// four keys (a page with more is `page-envelope-open`, lists.ts).
import type { VariantSpec } from "./variant.ts";

export const recordVariants = {
  "extra-fields": {
    description:
      "every record a JSON response carries (a body that is not a page or error envelope, and each page item) has a field the spec never names, `vendor_extension`; so do the items of a conversation's stream, whose shape 6.2 ties to the items list",
    section: "2.13",
    layer: "extra-fields",
  },
  "records-minimal": {
    description:
      "agent, tool and task records carry no created_at or updated_at, and leave out fields whose value is null (published_version before a first publish, a task's unset description): 2.13 shows none of these records' fields beyond name",
    section: "2.13",
    layer: "record-fields",
  },
  "webhook-nulls-omitted": {
    description:
      "webhook records (create, read, list, update and rotation answers) and delivery log rows leave out fields whose value is null: last_delivered_at and last_status before a first delivery, a row's error after a 2xx (2.6 lists the record's fields with a type and no presence rule, 2.13 does not show a delivery record's; the spec says `always present` of the page envelope, 2.1, and of the error body, 7, never of a record). The test-fire result keeps its four fields, which 6.1 writes out as `{webhook_id, status, status_code, error}`",
    section: "2.6",
    layer: "webhook-record-fields",
    reach: ["webhooks", "delivery", "events", "service", "paging"],
  },
  "tool-defaults-on-read": {
    description:
      "a tool reads back with the defaults of the fields it was written without: silent, disable_interruptions and long_running_task false, and on each operation background_execution and silent false, on_error abort, publish_fields [] (2.10 shows no defaults)",
    section: "2.10",
    layer: "tool-defaults",
  },
  "agent-defaults-on-read": {
    description:
      "an agent (draft and published config) reads back with defaults for what it was written without: analysis, background_audio and noise_cancellation {enabled: false}, vision_input.screenshare {enabled: false, record: false} (2.13: defaults not shown)",
    section: "2.13",
    layer: "agent-defaults",
  },
  "call-token-opaque": {
    description:
      "the web call token is an opaque random string, no JWT (1: `a short-lived real-time media room token`; 4.1: the token answer is not shown): the default profile reads it opaque, its lifetime from expires_at",
    section: "4.1",
    layer: "call-token-form",
    reach: ["calls", "versioning", "agents"],
  },
  "masked-tail-dots": {
    description:
      'the secret and provider-key lists mask a value as `••••` and its last four characters (5 item 6: "a name and a masked tail"; its form is not shown): the vendor\'s profile says `masked_tail: {prefix: "••••", chars: 4}`',
    section: "5",
    layer: "masked-tail",
    profile: { masked_tail: { prefix: "••••", chars: 4 } },
  },
} as const satisfies Record<string, VariantSpec>;
