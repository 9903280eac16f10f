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
  "header-provider-key-honoured": {
    description:
      "a provider key sent in an `X-Provider-Key` header on a message is used for the turn instead of the stored key",
    clauses: ["byok.header-key-ignored"],
  },
  "secret-list-masks-first-char": {
    description: "the secret list masks only the first character of each value: `*` and the rest of it",
    clauses: ["byok.secret-list-any-role"],
  },
} as const satisfies Record<string, FaultSpec>;
