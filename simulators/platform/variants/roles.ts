// Role requirements the spec does not show (5 item 6: "Role requirements of other operations: not
// shown"). What it does show holds in every variant: POST /v1/calls/token needs EDITOR, writing secrets and
// provider keys needs ADMIN, their lists and the event streams are open to every role.
import type { VariantSpec } from "./variant.ts";

export const roleVariants = {
  "viewer-may-write": {
    description: "a VIEWER may create, change and delete agents, tools, tasks, webhooks and knowledge bases",
    section: "5",
    layer: "roles",
    reach: ["auth", "calls", "byok", "regions", "streams"],
  },
  "writes-need-admin": {
    description: "creating, changing and deleting agents, tools, tasks and webhooks needs ADMIN: an EDITOR gets a 403",
    section: "5",
    layer: "roles",
    reach: ["auth", "calls", "agents", "byok", "regions"],
  },
  "viewer-reads-refused": {
    description:
      "a VIEWER gets a 403 everywhere but GET /health, the secret and provider-key lists and the event streams (what 5 item 6 and 4 open to everyone)",
    section: "5",
    layer: "roles",
    reach: ["auth", "calls", "byok", "regions", "streams"],
  },
} as const satisfies Record<string, VariantSpec>;
