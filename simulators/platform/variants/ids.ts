// Identifiers (2.2 and throughout: "string (UUID)"): any UUID version is a UUID.
import type { VariantSpec } from "./variant.ts";

export const idVariants = {
  "ids-uuid-v7": {
    description: "every id the server mints is a time-ordered UUID version 7 (RFC 9562)",
    section: "2.2",
    layer: "ids",
  },
  "ids-uuid-v1": {
    description: "every id the server mints is a UUID version 1 (time and node, RFC 9562)",
    section: "2.2",
    layer: "ids",
  },
} as const satisfies Record<string, VariantSpec>;
