// Error wording and the error statuses the spec leaves open (7, 5). Fixed texts stay fixed: `not
// authenticated`, `invalid token`, `invalid session`, the control plane's verdicts (5 item 8), the 503's
// message (5 item 10), `webhook is disabled` (6.1) and a one-problem 422's line as its message (7).
import type { VariantSpec } from "./variant.ts";

export const errorVariants = {
  "error-messages-reworded": {
    description:
      "every error message the spec does not fix is worded otherwise (404s, 400s, 403s, 402, 502...); a duplicate name still says the name is taken (7: `message like an agent with that name already exists`), and the two 403s stay distinct (5 item 9)",
    section: "7",
    layer: "error-wording",
  },
  "422-problems-reworded": {
    description:
      "422 lines keep `field.path: ` and word the problem otherwise (7 fixes the form `field.path: problem`, not the words)",
    section: "7",
    layer: "422-wording",
  },
  "422-one-problem-empty-errors": {
    description:
      "a 422 with exactly one problem answers its line as the message and `errors: []`: 7 says `errors is an empty array ... when the failure had one problem` and also that a 422 lists `One line per problem`; a server may follow either sentence, and the clauses it touches are reported ambiguous",
    section: "7",
    layer: "422-list",
  },
  "422-paths-bracketed": {
    description:
      "a 422 line writes an array index in brackets, `tools[0].tool_version: ...` for `tools.0.tool_version`: 7 fixes the form `field.path: problem` and shows no index notation",
    section: "7",
    layer: "422-path-notation",
  },
  "malformed-credential-not-authenticated": {
    description:
      "an Authorization header that is not `Bearer <token>` (another scheme, or `Bearer` alone) is a 401 `not authenticated`: 5 item 8 lists the messages but not which one a malformed header gets",
    section: "5",
    layer: "malformed-credential",
    reach: ["auth"],
  },
  "carrier-refusal-400": {
    description:
      "a carrier request refused for the account's credentials (listing its remote numbers, a dial) is a 400 `the carrier refused this account's credentials`: the carrier answered, and 7's 502 is for a provider that `got no answer`",
    section: "7",
    layer: "carrier-refusal",
    reach: ["telephony"],
  },
  "carrier-credentials-checked-at-create": {
    description:
      "a telephony account whose credentials the carrier refuses is refused at create, with the error listing its remote numbers would give (4: listing remote numbers `also proves the carrier credentials work`; account creation is not in the spec, and proving them earlier is not forbidden)",
    section: "4",
    layer: "carrier-account-check",
    reach: ["telephony"],
  },
  "byok-key-form-422": {
    description:
      "PUT /v1/byok/{provider} whose key is not of the form the provider issues (`sk-`, a lowercase tag, `-`, 48 hex digits) is a 422 naming the key field: the body of the provider-key write is not shown (4.1), so its schema may hold the key's form (7: 422 `does not match the operation schema`); a key of that form the provider refuses is still a 400",
    section: "7",
    layer: "byok-key-form",
    reach: ["byok"],
  },
  "null-as-absent": {
    description:
      "an explicit null for a field of an agent create or PATCH is read as the field left out: 2.9 marks no field nullable or not, and 4 reads null as `cleared`, not as a wrong type",
    section: "2.9",
    layer: "null-fields",
    reach: ["errors", "agents"],
  },
  "untyped-fields-loose": {
    description:
      "agent fields 2.9 gives no type are read loosely: `recording.enabled` any truthy value, `tts.speed` and `turn_handling.interruption.min_words` dropped unless numbers, `vars[].name` any scalar as text",
    section: "2.9",
    layer: "untyped-fields",
    reach: ["errors", "agents"],
  },
  "lax-scalars": {
    description:
      'request bodies are read in lax mode, as pydantic\'s lax mode reads them: a number or integer field takes `true`, `false` or a numeric string as the number it spells (`"2"` is 2, `"1.5"` is still no integer), a boolean field 0, 1 and words like `yes`; 7\'s 422 is a request that `does not match the operation schema`, and a lax schema matches them',
    section: "7",
    layer: "lax-scalars",
  },
  "path-id-not-validated": {
    description:
      "an agent, tool or task id in a path that is not a UUID is a 404 `agent not found` (the path schema takes any string, and 7's 404 is `Resource does not exist in the workspace`)",
    section: "7",
    layer: "path-ids",
    reach: ["errors", "agents", "tools", "tasks"],
  },
} as const satisfies Record<string, VariantSpec>;
