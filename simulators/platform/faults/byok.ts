// Planted faults that break byok clauses (spec/clauses/byok.ts), checked by suites/byok.suite.ts.
import type { FaultSpec } from "./fault.ts";

export const byokFaults = {
  "byok-stores-before-verifying": {
    description: "PUT /v1/byok stores the key first and verifies after, so a 502 leaves the unverified key stored",
    clauses: ["byok.put-502-nothing-stored"],
  },
  "byok-502-wipes-existing": {
    description: "a 502 on PUT /v1/byok clears the provider's existing key as part of the failed write",
    clauses: ["byok.put-502-existing-untouched"],
  },
  "byok-editor-can-write": {
    description: "provider-key writes check for EDITOR instead of ADMIN",
    clauses: ["byok.put-admin-only", "byok.delete-admin-only"],
  },
  "byok-list-full-value": {
    description: "the provider-key list returns the full key in the masked field",
    clauses: ["byok.key-list-masked"],
  },
  "byok-rejected-key-422": {
    description:
      "PUT /v1/byok/{provider} with a key the provider rejects is a 422, a key of the provider's own form included (7: 422 is a request that `does not match the operation schema`, 400 one that `matched the schema but a rule rejected it`; no schema tells a revoked key from a live one); this was a legal variant until the text was read",
    clauses: ["byok.put-verified"],
  },
  "header-provider-key-honoured": {
    description:
      "a provider key sent in an `X-Provider-Key` header on a message is used for the turn instead of the stored key",
    clauses: ["byok.header-key-ignored"],
  },
  "deleted-key-still-used": {
    description:
      "replies read the provider key from a cache DELETE /v1/byok does not clear, so an agent needing the deleted key goes on answering",
    clauses: ["byok.delete-agents-stop"],
  },
  "secret-list-masks-first-char": {
    description: "the secret list masks only the first character of each value: `*` and the rest of it",
    clauses: ["byok.secret-list-any-role"],
  },
  "secret-list-whole-empty": {
    description:
      "the secret list is answered whole, as `{secrets: []}`, and lists none of the workspace's secrets (5 item 6: the list returns a name and a masked tail of each)",
    clauses: ["byok.secret-list-any-role", "byok.secret-delete-admin-only"],
  },
  "byok-delete-keeps-listing": {
    description:
      "the provider-key list reads a table of key rows that PUT /v1/byok writes beside the key store and DELETE never clears: a deleted key stays listed",
    clauses: ["byok.delete-ok"],
  },
  "secret-delete-answers-deleted": {
    description: "a secret delete removes the secret but answers `{deleted: true}` instead of {ok: true} (2.7)",
    clauses: ["byok.secret-delete-ok"],
  },
  "byok-list-admin-only": {
    description:
      "the provider-key list is guarded by the ADMIN check of the writes beside it: an EDITOR or VIEWER reading it gets a 403",
    clauses: ["byok.key-list-any-role"],
  },
  "byok-key-last-char-dropped": {
    description:
      "PUT /v1/byok/{provider} verifies the key as sent, then strips the trailing newline a pasted key may carry with slice(0, -1) without looking for one: the stored key lacks its last character",
    clauses: ["byok.put-stores"],
  },
  "byok-put-keeps-first-key": {
    description:
      "PUT /v1/byok/{provider} inserts with the conflict ignored: replacing a stored key answers 2xx, and the first key stays stored and used",
    clauses: ["byok.stored-key-used"],
  },
  "keys-checked-at-write-only": {
    description:
      "the stored-key check of an agent's providers runs when the agent is written and not in validate or publish, so a key deleted after the write goes unnoticed",
    clauses: ["byok.delete-agents-cannot-publish"],
  },
} as const satisfies Record<string, FaultSpec>;
