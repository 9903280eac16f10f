// Timestamps in JSON responses (2.2: "string, ISO 8601 timestamp"): any offset and any precision denote
// an instant. Only the API's JSON bodies change; webhook payloads and stream frames keep the reference's
// `Z` and milliseconds, as a server whose layers format times separately would.
import type { VariantSpec } from "./variant.ts";

export const timestampVariants = {
  "timestamps-plus-offset": {
    description: "timestamps are written with the offset `+00:00` instead of `Z`",
    section: "2.2",
    layer: "timestamp-offset",
  },
  "timestamps-east-offset": {
    description: "timestamps are written as the same instant at the offset `+05:30`",
    section: "2.2",
    layer: "timestamp-offset",
  },
  "timestamps-west-offset": {
    description: "timestamps are written as the same instant at the offset `-08:00`",
    section: "2.2",
    layer: "timestamp-offset",
  },
  "timestamps-no-fraction": {
    description: "timestamps are written to the whole second, with no fractional part",
    section: "2.2",
    layer: "timestamp-precision",
  },
  "timestamps-microseconds": {
    description: "timestamps are written with six fractional digits",
    section: "2.2",
    layer: "timestamp-precision",
  },
} as const satisfies Record<string, VariantSpec>;
