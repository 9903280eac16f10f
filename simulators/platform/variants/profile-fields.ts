// A stranger's field maps (spec/shapes.ts): where a server that fills the spec's open points its own way puts
// the fields of each record and body the checks read or write. Served with its profile (the platform answers
// through the maps at its boundary), each passes only because the checks read and write through them; all of
// them are served together, with every other profile variant, as the stranger (examples/profiles/stranger.json).
import type { VariantSpec } from "./variant.ts";

export const profileFieldVariants = {
  "agent-record-elsewhere": {
    description:
      "an agent record keeps its draft under `draft`, its published version and config under `live`, its times under `meta` (2.13: the record's fields are not shown; a publish's answer 3.3 names none), and a publish answers its warnings as `notices`",
    section: "2.13",
    layer: "profile-agent-record-elsewhere",
    profile: {
      fields: {
        agent_record: {
          config: "draft",
          published_version: "live.version",
          published_config: "live.config",
          created_at: "meta.created",
          updated_at: "meta.updated",
        },
        publish_answer: { warnings: "notices" },
      },
    },
  },
  "tool-record-elsewhere": {
    description:
      "a tool record keeps its draft under `definition` and its published version under `release` (2.13: the fields of the record are not shown)",
    section: "2.13",
    layer: "profile-tool-record-elsewhere",
    profile: {
      fields: {
        tool_record: {
          config: "definition",
          published_version: "release.version",
          published_config: "release.definition",
        },
      },
    },
  },
  "task-runs-elsewhere": {
    description:
      "a task run names its task under `job` and its times `began_at` and `ended_at`, and the history is filtered by `job` (2.13: `Fields of task ... records: not shown`; 4 says the run history survives, not where it is read)",
    section: "2.13",
    layer: "profile-task-runs-elsewhere",
    profile: {
      fields: {
        task_run: { task_id: "job.id", task_name: "job.name", started_at: "began_at", finished_at: "ended_at" },
        task_runs_query: { task_id: "job" },
      },
    },
  },
  "kb-build-and-pages-elsewhere": {
    description:
      "build_kb takes the chosen URLs as `selected_urls`, and a knowledge-base page row says `location`, `heading` and `found_at` (4.1: `Operations get_kb, build_kb and import_phone_numbers are named, but their paths and payloads: not shown`; the pages' fields are not shown)",
    section: "4.1",
    layer: "profile-kb-build-and-pages-elsewhere",
    profile: {
      fields: {
        kb_build: { urls: "selected_urls" },
        kb_page: { url: "location", title: "heading", created_at: "found_at" },
      },
    },
  },
  "kb-frames-elsewhere": {
    description:
      "knowledge-base stream frames carry the state in `state` and the build's progress in `build_progress` (6.2: `Payload fields of the frames beyond those named above ... not shown`)",
    section: "6.2",
    layer: "profile-kb-frames-elsewhere",
    profile: { fields: { kb_frame: { status: "state", progress: "build_progress" } } },
  },
  "phone-bodies-elsewhere": {
    description:
      "import_phone_numbers takes `numbers` and `route_to_agent_id` and answers the numbers under `imported`; a phone-number update names the inbound agent `route_to_agent_id` (4.1: import_phone_numbers' payload is not shown)",
    section: "4.1",
    layer: "profile-phone-bodies-elsewhere",
    profile: {
      fields: {
        phone_import: { provider_number_ids: "numbers", inbound_agent_id: "route_to_agent_id" },
        phone_import_answer: { items: "imported" },
        phone_update: { inbound_agent_id: "route_to_agent_id" },
      },
    },
  },
  "telephony-accounts-elsewhere": {
    description:
      "a telephony account is created with `carrier` and `credentials {sid, token}` and reads back with `carrier {name, account_sid}` and `connected_at` (carrier accounts are not in the spec's tables at all; 4.1 leaves import_phone_numbers' payload open)",
    section: "4.1",
    layer: "profile-telephony-accounts-elsewhere",
    profile: {
      fields: {
        telephony_account: {
          provider: "carrier.name",
          provider_account_id: "carrier.account_sid",
          created_at: "connected_at",
        },
        telephony_account_create: {
          provider: "carrier",
          account_sid: "credentials.sid",
          auth_token: "credentials.token",
        },
      },
    },
  },
  "webhook-bodies-elsewhere": {
    description:
      "webhook create and update take the subscription as `event_types` (4.1: `Paths and bodies of webhook create, update, rotate-secret, delete and test-fire: not shown`)",
    section: "4.1",
    layer: "profile-webhook-bodies-elsewhere",
    profile: {
      fields: {
        webhook_create: { subscribed_events: "event_types" },
        webhook_update: { subscribed_events: "event_types" },
      },
    },
  },
  "webhook-envelope-elsewhere": {
    description:
      "the delivered envelope carries its id as `event_id`, its time as `occurred_at` and the payload as `payload` beside `type` and `agent_id` (6.1: `Envelope fields beyond type and agent_id: not shown`)",
    section: "6.1",
    layer: "profile-webhook-envelope-elsewhere",
    profile: { fields: { webhook_envelope: { id: "event_id", created_at: "occurred_at", data: "payload" } } },
  },
  "delivery-rows-elsewhere": {
    description:
      "a delivery row nests the event under `event` and the receiver's answer under `response`, and says `sent_at` (2.13: `Fields of a webhook delivery record: not shown`)",
    section: "2.13",
    layer: "profile-delivery-rows-elsewhere",
    profile: {
      fields: {
        delivery_record: {
          event_id: "event.id",
          type: "event.type",
          status_code: "response.status",
          error: "response.error",
          attempted_at: "sent_at",
          duration_ms: "response.ms",
        },
      },
    },
  },
  "secret-body-elsewhere": {
    description:
      "a secret is written as `{secret_value}` (4.1: `Paths of secret list endpoints ... not shown`; secret writes are not in the spec's table; 2.13: secret records not shown beyond name and masked tail)",
    section: "4.1",
    layer: "profile-secret-body-elsewhere",
    profile: { fields: { secret_put: { value: "secret_value" } } },
  },
  "masked-rows-elsewhere": {
    description:
      "secret and provider-key list rows carry the masked tail as `hint` and their time as `changed_at` (5 item 6: `a name and a masked tail`; 2.13: not shown beyond those)",
    section: "2.13",
    layer: "profile-masked-rows-elsewhere",
    profile: { fields: { masked_row: { masked: "hint", updated_at: "changed_at" } } },
  },
  "outbound-body-elsewhere": {
    description:
      "an outbound call is placed with `from {phone_number_id}`, `to {number}`, `assistant {id, version, override}`, `variables`, `reference` and `metadata` (4.1: `Request and response bodies of POST /v1/calls/token, POST /v1/calls/outbound ... beyond the fields above: not shown`)",
    section: "4.1",
    layer: "profile-outbound-body-elsewhere",
    profile: {
      fields: {
        outbound_call: {
          from_phone_number_id: "from.phone_number_id",
          to: "to.number",
          agent_id: "assistant.id",
          agent_version: "assistant.version",
          agent_override: "assistant.override",
          vars: "variables",
          contact_key: "reference",
          userdata: "metadata",
        },
      },
    },
  },
  "call-token-elsewhere": {
    description:
      "a web call token is asked for with `assistant {id, version, definition, override}`, `team` and `variables`, and answers `access_token`, `session {id}`, `room_name` and `expires` (4.1: the token's request and response bodies are not shown)",
    section: "4.1",
    layer: "profile-call-token-elsewhere",
    profile: {
      fields: {
        call_token_body: {
          agent_id: "assistant.id",
          agent_version: "assistant.version",
          agent: "assistant.definition",
          agent_override: "assistant.override",
          agent_team: "team",
          vars: "variables",
        },
        call_token: { token: "access_token", session_id: "session.id", room: "room_name", expires_at: "expires" },
      },
    },
  },
  "session-record-elsewhere": {
    description:
      "a call session nests its agent, batch, times and numbers (`agent {id, version}`, `times {created, started, ended, duration}`, `numbers {from, to, id}`), says `state`, `medium`, `leg` and `contact`, a transcript row `speaker` and `timestamp`, a recording `stored` and `bytes` (2.13: `Fields of the call session record: not shown beyond the groups`; 6.1: `the fields of transcript rows ... not shown`)",
    section: "2.13",
    layer: "profile-session-record-elsewhere",
    profile: {
      fields: {
        call_session: {
          agent_id: "agent.id",
          agent_version: "agent.version",
          batch_id: "batch.id",
          contact_key: "contact",
          channel: "medium",
          direction: "leg",
          status: "state",
          created_at: "times.created",
          started_at: "times.started",
          ended_at: "times.ended",
          duration_seconds: "times.duration",
          from_number: "numbers.from",
          to_number: "numbers.to",
          phone_number_id: "numbers.id",
        },
        transcript_row: { role: "speaker", at: "timestamp" },
        media_recording: { available: "stored", size_bytes: "bytes" },
      },
    },
  },
  "batch-record-elsewhere": {
    description:
      "a batch answers `state`, `progress {pending, in_progress, answered, unanswered}`, `total_recipients` and `finished_at` (2.13: `Response body of the batch create call: not shown`)",
    section: "2.13",
    layer: "profile-batch-record-elsewhere",
    profile: {
      fields: {
        batch: {
          status: "state",
          counts: "progress",
          recipients_total: "total_recipients",
          completed_at: "finished_at",
        },
        batch_counts: { reached: "answered", unreached: "unanswered" },
      },
    },
  },
  "message-bodies-elsewhere": {
    description:
      "a message is sent as `{thread_id, client_message_id, content, assistant_id}` and answered as `{thread_id, message}` (4.1: the message's request and response bodies `beyond the fields above: not shown`)",
    section: "4.1",
    layer: "profile-message-bodies-elsewhere",
    profile: {
      fields: {
        message_body: { conversation_id: "thread_id", text: "content", agent_id: "assistant_id" },
        message_accepted: { conversation_id: "thread_id", item: "message" },
      },
    },
  },
  "conversation-records-elsewhere": {
    description:
      "a conversation says `assistant_id` and `opened_at`, an item `thread_id`, `author`, `content` and `sent_at`, and the snapshot frame `thread` and `messages` (6.2: `conversation.snapshot (conversation and all items)` names no keys; the payload fields are not shown)",
    section: "6.2",
    layer: "profile-conversation-records-elsewhere",
    profile: {
      fields: {
        conversation: { agent_id: "assistant_id", started_at: "opened_at" },
        conversation_item: { conversation_id: "thread_id", role: "author", text: "content", created_at: "sent_at" },
        conversation_snapshot: { conversation: "thread", items: "messages" },
      },
    },
  },
  "gallery-envelopes-elsewhere": {
    description:
      "the voice and avatar galleries list their rows under `results` and their facets under `filters` (`genders`, `languages`, `providers`), rows say `vendor`, `locale` and `preview`, and the filters are `locale` and `vendor` (2.1: `They carry their own filter facets next to the results` in `a different envelope`; 4: `paging and filter parameters`)",
    section: "2.1",
    layer: "profile-gallery-envelopes-elsewhere",
    profile: {
      fields: {
        voice_gallery: { items: "results", facets: "filters" },
        voice_facets: { gender: "genders", language: "languages", provider: "providers" },
        voice_row: { provider: "vendor", language: "locale" },
        voice_query: { language: "locale", provider: "vendor" },
        avatar_gallery: { items: "results", facets: "filters" },
        avatar_facets: { gender: "genders", provider: "providers" },
        avatar_row: { provider: "vendor", preview_url: "preview" },
        avatar_query: { provider: "vendor" },
      },
    },
  },
} as const satisfies Record<string, VariantSpec>;
