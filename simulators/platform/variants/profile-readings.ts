// A stranger's readings (spec/readings.ts): how a server reads fields the spec gives but does not explain.
import type { VariantSpec } from "./variant.ts";

export const profileReadingVariants = {
  "calling-window-sunday-utc": {
    description:
      "a calling window's days count from Sunday (1 is Sunday) and its start and end are read on the UTC clock, whatever the batch's timezone (2.12 gives `days (array of integers 1..7)` and `timezone` beside `calling_window {start, end}`, not which day is 1 nor which clock the window is on)",
    section: "2.12",
    layer: "profile-calling-window-sunday-utc",
    profile: { readings: { weekday_numbering: "sunday-first", calling_window_clock: "utc" } },
  },
  "call-token-jwt-15-minutes": {
    description:
      "the web call token is a signed JWT living 15 minutes, and the vendor says so: the checks then hold it to `alg` and `exp` (1 and 5: `a short-lived real-time media room token`; 8: `the web call token lifetime: not shown`)",
    section: "8",
    layer: "profile-call-token-jwt-15-minutes",
    profile: { readings: { web_call_token: "jwt" }, web_call_token_max_ttl_seconds: 900 },
  },
  "kb-stream-advisory": {
    description:
      "the knowledge-base stream is best effort: a build sends no progress frame and a status frame for its end only (6.2 rule 2: `Delivery is best effort`; the stream is `Advisory only`); the vendor's profile says `readings.kb_build_frames: advisory`",
    section: "6.2",
    layer: "profile-kb-stream-advisory",
    profile: { readings: { kb_build_frames: "advisory" } },
  },
  "tool-names-identifiers": {
    description:
      "a tool's name is a model API's function name: a tool create or PATCH whose name is not an identifier (a letter, then letters, digits or `_`, at most 64) is a 422, an inline tool's a 400; the vendor's profile says `readings.tool_names: identifier` (2.10 gives a tool a `name`; 4: `Names of agents, tools and tasks are unique per workspace`; no sentence says what a name may hold)",
    section: "2.10",
    layer: "profile-tool-names-identifiers",
    profile: { readings: { tool_names: "identifier" } },
  },
} as const satisfies Record<string, VariantSpec>;
