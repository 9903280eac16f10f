// How a wired server lists and runs what the simulators serve where the spec leaves it open (2.8, 3.3, 6.1,
// 6.2): the harness must find the provider simulator in the server's own catalog, in any order.
import type { VariantSpec } from "./variant.ts";

export const wiringVariants = {
  "provider-listed-as-acme": {
    description:
      'the catalog lists the provider simulator\'s models under provider ids of the vendor\'s own, `acme-models` and `acme-speech` (2.8: "The catalog is the authoritative source for provider and model pairs"; no provider id is given); keys are stored under those ids, and none is lent before one is stored (1: "strictly bring-your-own-key")',
    section: "2.8",
    layer: "catalog-provider-ids",
  },
  "conversation-needs-agent": {
    description:
      'a message that starts a conversation must name its agent: without agent_id it is a 422 (4.1: the bodies of POST /v1/conversations/messages "beyond the fields above: not shown"; no responder of a conversation without an agent is named)',
    section: "4.1",
    layer: "conversation-agent",
  },
  "calls-without-media": {
    description:
      'a call stores what its media gave, and the carrier simulator\'s calls carry none: every transcript is empty and no audio is stored, so recording.ready never fires, even for an agent that records (6.1: "transcript (array, oldest first)", and recording.ready "does not fire for a call with no stored audio")',
    section: "6.1",
    layer: "call-media",
  },
  "web-call-waits-for-join": {
    description:
      "a web call's session stays queued, with no session.started, until a participant joins its room with the media room token (here through test control's join hook, the stand-in for a browser); then it starts and ends (3.3: the states of call sessions are not shown; 1: \"A browser joins a live voice or video call with a short-lived real-time media room token\")",
    section: "3.3",
    layer: "web-call-join",
  },
  "turn-failure-in-lifecycle": {
    description:
      'every turn is queued before its agent, key or provider is looked at (a `turn` frame with status `queued`, a value the reference never sends); one that then fails, for want of a key or of a provider that answers, ends with a `turn` frame whose status is `failed`, never turn.failed (6.2: turn.failed is for a turn "the API could not queue ... at all"; "the values of the turn lifecycle: not shown")',
    section: "6.2",
    layer: "turn-failure",
  },
  "turn-status-words": {
    description:
      'a turn frame says its lifecycle in `phase`, as `running`, `done` or `errored` (6.2: "the values of the turn lifecycle: not shown", nor the frames\' payload fields beyond those named)',
    section: "6.2",
    layer: "profile-turn-status",
    profile: {
      fields: { turn_frame: { status: "phase" } },
      words: { turn_status: { started: ["running"], completed: ["done"], failed: ["errored"] } },
    },
  },
  "catalog-reversed": {
    description:
      "every array of the catalog (llm, stt, tts, realtime, languages, system_vars..., and each entry's languages and voices) and both lists of GET /v1/webhooks/event-types come in the reverse order: 2.8 and 4 give them no order",
    section: "2.8",
    layer: "catalog-order",
  },
} as const satisfies Record<string, VariantSpec>;
