// Every assumption the harness makes beyond the spec, rendered from a profile (`cap-conformance assumptions`,
// README "What the harness assumes"). Each row names the profile fields that override it: the operations'
// paths, the field maps of the records and bodies (spec/shapes.ts), the word lists (spec/words.ts), the
// readings (spec/readings.ts) and the single values. No row is fixed: every open point is the vendor's to say.
import { OPTIONAL_BEHAVIOURS } from "./optional-behaviours.ts";
import type { OperationName, Profile } from "./profile.ts";
import { READINGS, type ReadingName } from "./readings.ts";
import { fieldPath, wordsOf } from "./reshape.ts";
import { movableFields, type ShapeName } from "./shapes.ts";
import { WORD_LISTS, type WordListName } from "./words.ts";

export interface AssumptionRow {
  assumption: string;
  /** The profile fields a `--profile` file overrides it with. */
  fields: string[];
  value: string;
  /** The spec sections it fills. */
  sections: string;
}

function ops(profile: Profile, names: OperationName[]): string {
  return names
    .map((name) => profile.operations[name])
    .filter((op) => op !== undefined)
    .map((op) => `\`${op.method} ${op.path}\``)
    .join(", ");
}

const opFields = (names: OperationName[]) => names.map((name) => `operations.${name}`);

function row(assumption: string, fields: string[], value: string, sections: string): AssumptionRow {
  return { assumption, fields, value, sections };
}

/** A record's or body's fields where this server puts them: `{a, b at x.y}` (a field at its own name unmarked). */
function shape(profile: Profile, name: ShapeName): string {
  const fields = movableFields(name).map((field) => {
    const path = fieldPath(profile, name, field);
    return path === field ? field : `${field} at ${path}`;
  });
  return `\`{${fields.join(", ")}}\``;
}

/** A word list: each meaning with the words a server may say for it. */
function words(profile: Profile, list: WordListName): string {
  const said = wordsOf(profile, list);
  return WORD_LISTS[list].meanings
    .map((meaning) => `${meaning}: ${said[meaning]!.map((w) => `\`${w}\``).join(" or ")}`)
    .join("; ");
}

/** A draft's fields over the complete one: `llm` left out, `operations: []`. */
function draftDelta(fields: Record<string, unknown>): string {
  return Object.entries(fields)
    .map(([key, value]) => (value === null ? `\`${key}\` left out` : `\`${key}: ${JSON.stringify(value)}\``))
    .join(", ");
}

function overDelta(fields: Record<string, unknown>): string {
  return Object.keys(fields).length === 0 ? "" : ` with ${draftDelta(fields)}`;
}

function reading(profile: Profile, name: ReadingName): string {
  const choices: Readonly<Record<string, string>> = READINGS[name].choices;
  return `${profile.readings[name]}: ${choices[profile.readings[name]]}`;
}

export function assumptionRows(profile: Profile): AssumptionRow[] {
  const o = (names: OperationName[]) => ({ fields: opFields(names), value: ops(profile, names) });
  const f = (...names: ShapeName[]) => names.map((name) => `fields.${name}`);
  const w = (...names: WordListName[]) => names.map((name) => `words.${name}`);
  const r = (...names: ReadingName[]) => names.map((name) => `readings.${name}`);
  const agentOps = o(["agent.create", "agent.list", "agent.get", "agent.delete"]);
  const toolOps = o(["tool.create", "tool.list", "tool.get", "tool.delete", "tool.publish"]);
  const taskOps = o(["task.create", "task.list", "task.get", "task.delete", "task.update", "task.runs"]);
  const kbOps = o(["kb.get", "kb.build", "kb.delete"]);
  const webhookOps = o([
    "webhook.create",
    "webhook.get",
    "webhook.update",
    "webhook.delete",
    "webhook.rotate-secret",
    "webhook.test",
  ]);
  const secretOps = o(["secret.list", "secret.put", "secret.delete"]);
  const phoneOps = o(["phone.import", "phone.get", "phone.update", "phone.delete"]);
  const accountOps = o(["telephony.account.list", "telephony.account.create", "telephony.account.delete"]);
  const sig = profile.webhook_signature;
  const types = Object.entries(profile.agent_field_types);
  return [
    row("agent create / list / get / delete", agentOps.fields, agentOps.value, "4"),
    row(
      "agent record and publish answer",
      f("agent_record", "publish_answer"),
      `${shape(profile, "agent_record")} (other fields are ignored); a publish answers the record's fields and ${shape(profile, "publish_answer")}`,
      "2.13, 3.3",
    ),
    row("tool create / list / get / delete / publish", toolOps.fields, toolOps.value, "4, 3.3"),
    row(
      "tool record",
      f("tool_record"),
      `${shape(profile, "tool_record")}, its \`config\` the 2.10 inline tool`,
      "2.13, 3.3",
    ),
    row("task create / list / get / delete / update / run history", taskOps.fields, taskOps.value, "4"),
    row(
      "task run history",
      f("task_run", "task_runs_query"),
      `rows ${shape(profile, "task_run")}, filtered by the query parameter ${shape(profile, "task_runs_query")}`,
      "2.13, 4",
    ),
    row(
      "task fields",
      ["task_text_fields"],
      `\`{id, name}\`; the merge-PATCH checks write and clear ${profile.task_text_fields.map((field) => `\`${field}\``).join(" and ")} (strings)`,
      "2.13, 4",
    ),
    row("get_kb / build_kb / delete", kbOps.fields, kbOps.value, "3.1, 4.1"),
    row(
      "build_kb body and knowledge-base pages",
      f("kb_build", "kb_page"),
      `build body ${shape(profile, "kb_build")} (the URLs chosen); what discovery found is listed on \`GET /v1/knowledge/{kb_id}/pages\`, rows ${shape(profile, "kb_page")}`,
      "3.1, 4, 4.1",
    ),
    row("import_phone_numbers, phone numbers", phoneOps.fields, phoneOps.value, "4.1"),
    row(
      "import and phone-number bodies",
      f("phone_import", "phone_import_answer", "phone_update"),
      `import ${shape(profile, "phone_import")} answers ${shape(profile, "phone_import_answer")} (2.5 phone numbers); update ${shape(profile, "phone_update")} (null clears)`,
      "4.1",
    ),
    row(
      "phone-number carrier-account filter",
      ["phone_numbers_account_filter"],
      `\`${profile.phone_numbers_account_filter}\``,
      "4",
    ),
    row("telephony account create / list / delete", accountOps.fields, accountOps.value, "4.1"),
    row(
      "telephony account bodies",
      f("telephony_account_create", "telephony_account"),
      `create ${shape(profile, "telephony_account_create")}; record ${shape(profile, "telephony_account")}; the wired account is the oldest whose \`provider_account_id\` is the target's \`carrier_account\` (or the oldest)`,
      "4.1",
    ),
    row(
      "webhook create / get / update / delete / rotate-secret / test-fire",
      webhookOps.fields,
      webhookOps.value,
      "4.1",
    ),
    row(
      "webhook bodies and status words",
      [...f("webhook_create", "webhook_update"), ...w("webhook_status")],
      `create ${shape(profile, "webhook_create")}, update ${shape(profile, "webhook_update")} (\`subscribed_events: null\` clears to every type); \`status\` ${words(profile, "webhook_status")} (a disabled webhook is one test-fire refuses)`,
      "2.6, 3.3, 4.1",
    ),
    row(
      "webhook envelope",
      f("webhook_envelope"),
      `${shape(profile, "webhook_envelope")} beside \`type\` and \`agent_id\` (more fields allowed); a session event's \`data\` is the call session record, as GET /v1/calls/{session_id} answers it`,
      "6.1",
    ),
    row(
      "webhook delivery rows",
      [...f("delivery_record"), ...w("delivery_status")],
      `${shape(profile, "delivery_record")}; \`status\` ${words(profile, "delivery_status")}`,
      "2.13",
    ),
    row(
      "webhook signature and secret",
      ["webhook_signature"],
      `${sig.scheme}: \`${sig.id_header}\`, \`${sig.timestamp_header}\`, \`${sig.signature_header}\`; the secret is \`whsec_\` and the 32 bytes written as ${sig.secret_encoding === "any" ? "base64 (padding optional), base64url or hex" : sig.secret_encoding}, and those bytes are the signing key`,
      "2.6, 6.1",
    ),
    row(
      "secrets",
      [...secretOps.fields, ...f("secret_put")],
      `${secretOps.value}; PUT body ${shape(profile, "secret_put")}`,
      "4.1",
    ),
    row(
      "provider keys",
      ["operations.byok.list", "byok_body_field"],
      `${ops(profile, ["byok.list"])}; \`PUT /v1/byok/{provider}\` body \`{${profile.byok_body_field}}\``,
      "4.1",
    ),
    row(
      "secret and provider-key list rows",
      ["masked_tail", ...f("masked_row")],
      `${shape(profile, "masked_row")}: \`masked\` is \`${profile.masked_tail.prefix}\` and the last ${profile.masked_tail.chars} characters of the value (the secret list is held to the whole form, the provider-key list to the tail); each list is read as a page, a bare array or an object holding one array (2.1 names neither as paged)`,
      "2.13, 5",
    ),
    row(
      "outbound call",
      f("outbound_call"),
      `body ${shape(profile, "outbound_call")} (\`contact_key\` defaults to \`to\`); answers the session's \`session_id\`, whose record is read back`,
      "4.1",
    ),
    row(
      "web call token",
      [...f("call_token_body", "call_token"), ...r("web_call_token"), "web_call_token_max_ttl_seconds"],
      `body ${shape(profile, "call_token_body")}; answers ${shape(profile, "call_token")}; the token is ${reading(profile, "web_call_token")}; it expires at most ${profile.web_call_token_max_ttl_seconds} s after issue ("short-lived")`,
      "4.1, 8",
    ),
    row(
      "call session record",
      [...f("call_session", "transcript_row", "media_recording"), ...w("session_status")],
      `${shape(profile, "call_session")} beside the 6.1 groups; transcript rows ${shape(profile, "transcript_row")}; recording and screen_recording ${shape(profile, "media_recording")}; \`status\` ${words(profile, "session_status")}`,
      "2.13, 3.3, 6.1",
    ),
    row(
      "batches",
      [...opFields(["batch.get", "batch.cancel"]), ...f("batch", "batch_counts"), ...w("batch_status")],
      `create answers, and ${ops(profile, ["batch.get", "batch.cancel"])} read, ${shape(profile, "batch")} with counts ${shape(profile, "batch_counts")}; \`status\` ${words(profile, "batch_status")}`,
      "2.13, 3.3, 4.1",
    ),
    row(
      "calling window",
      r("weekday_numbering", "calling_window_clock"),
      `${reading(profile, "weekday_numbering")}; ${reading(profile, "calling_window_clock")}; an end before the start spans midnight`,
      "2.12",
    ),
    row(
      "conversation message",
      [...opFields(["conversation.list"]), ...f("message_body", "message_accepted")],
      `body ${shape(profile, "message_body")} beside \`client_message_id\` (no conversation_id starts one); answers ${shape(profile, "message_accepted")}; ${ops(profile, ["conversation.list"])} lists them`,
      "4.1",
    ),
    row(
      "conversations and their items",
      [...f("conversation", "conversation_item", "conversation_snapshot"), ...w("item_role")],
      `conversation ${shape(profile, "conversation")}; item ${shape(profile, "conversation_item")} (the items list, item.created), \`role\` ${words(profile, "item_role")}; conversation.snapshot ${shape(profile, "conversation_snapshot")}`,
      "4.1, 6.2",
    ),
    row(
      "drafts with validation errors",
      ["drafts_with_errors"],
      `agent: the complete draft with ${draftDelta(profile.drafts_with_errors.agent)}; tool: the complete draft with ${draftDelta(profile.drafts_with_errors.tool)} (validate finds errors in each, publish refuses each)`,
      "3.3, 2.13",
    ),
    row(
      "minimal create bodies",
      ["minimal_creates"],
      `agent: \`{name}\`${overDelta(profile.minimal_creates.agent)}; webhook: \`{url, status: "disabled"}\`${overDelta(profile.minimal_creates.webhook)} (what every check creates when the record's other fields are not its subject)`,
      "2.13, 4.1",
    ),
    row(
      "knowledge-base stream frames",
      [...f("kb_frame"), ...r("kb_build_frames")],
      `${shape(profile, "kb_frame")}: a status frame names the state reached in \`status\`, a progress frame's fields are not read; ${reading(profile, "kb_build_frames")}`,
      "6.2",
    ),
    row(
      "turn lifecycle",
      [...f("turn_frame"), ...w("turn_status")],
      `turn frame ${shape(profile, "turn_frame")}, its \`status\` ${words(profile, "turn_status")}; a turn that failed after it was queued is a \`turn\` frame naming its triggering item in a failed word (turn.failed is one the API could not queue at all)`,
      "6.2",
    ),
    row(
      "assistant.delta chunk field",
      ["stream_delta_fields"],
      profile.stream_delta_fields.map((field) => `\`${field}\``).join(", then "),
      "6.2",
    ),
    row(
      "voice and avatar galleries",
      f(
        "voice_gallery",
        "voice_facets",
        "voice_row",
        "voice_query",
        "avatar_gallery",
        "avatar_facets",
        "avatar_row",
        "avatar_query",
      ),
      `voices ${shape(profile, "voice_gallery")} beside \`total_count\` and \`has_more\`, facets ${shape(profile, "voice_facets")}, rows ${shape(profile, "voice_row")}, filters ${shape(profile, "voice_query")}; avatars ${shape(profile, "avatar_gallery")}, facets ${shape(profile, "avatar_facets")}, rows ${shape(profile, "avatar_row")}, filters ${shape(profile, "avatar_query")}; a facet, a row's field and a filter of one name go together`,
      "2.1, 4",
    ),
    row(
      "names the harness creates",
      r("tool_names"),
      `what a run creates carries the run prefix \`capct-<hex>-\` in its name, label or URL (\`run.prefix\` in report.json; \`cleanup\` finds it there as written or with \`_\` for each \`-\`); tool names: ${reading(profile, "tool_names")}`,
      "2.10, 4",
    ),
    row(
      "duplicate-name message",
      ["duplicate_name_message"],
      `matches \`/${profile.duplicate_name_message}/i\` ("like \`an agent with that name already exists\`")`,
      "7",
    ),
    row(
      "types of untyped agent fields",
      ["agent_field_types"],
      types.length === 0
        ? "none: fields 2.9 gives no type (`recording.enabled`, `tts.speed`, `vars[].name`...) are not probed with wrong types"
        : types.map(([path, type]) => `\`${path}\`: ${type}`).join(", "),
      "2.9",
    ),
    row(
      "null as a wrong type",
      ["null_is_wrong_type"],
      profile.null_is_wrong_type
        ? "`null` is probed as a wrong type"
        : "no: `null` is never probed as a wrong type (4 reads it as clearing a field)",
      "2.9, 4",
    ),
    row("maximum body size", ["max_body_bytes"], `${profile.max_body_bytes} bytes (body-size-limit behaviour)`, "8"),
    row("version header", ["version_header"], `\`${profile.version_header}\` (version-header behaviour)`, "9"),
    ...OPTIONAL_BEHAVIOURS.map((behaviour) =>
      row(
        `optional behaviour ${behaviour.id}`,
        [`optional.${behaviour.id}`],
        profile.optional[behaviour.id] ?? "not-tested",
        behaviour.section,
      ),
    ),
  ];
}

const cell = (text: string) => text.replaceAll("|", "\\|").replaceAll("\n", " ");

/** The README section's table. */
export function assumptionsMarkdown(profile: Profile): string {
  const lines = [
    "| assumption | value | overridden by | fills |",
    "|---|---|---|---|",
    ...assumptionRows(profile).map(
      (r) =>
        `| ${cell(r.assumption)} | ${cell(r.value)} | ${r.fields.map((f) => `\`${f}\``).join(", ")} | ${r.sections} |`,
    ),
  ];
  return `${lines.join("\n")}\n`;
}
