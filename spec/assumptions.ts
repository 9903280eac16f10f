// Every assumption the harness makes beyond the spec, rendered from a profile (`cap-conformance assumptions`,
// README "What the harness assumes"). A row names the profile fields that override it; a row marked fixed is
// an assumption the profile does not yet let a vendor change (the shapes in spec/*.ts that the checks parse).
import { OPTIONAL_BEHAVIOURS } from "./optional-behaviours.ts";
import type { OperationName, Profile } from "./profile.ts";

export interface AssumptionRow {
  assumption: string;
  /** The profile fields a `--profile` file overrides it with; empty when it is fixed. */
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

export function assumptionRows(profile: Profile): AssumptionRow[] {
  const o = (names: OperationName[]) => ({ fields: opFields(names), value: ops(profile, names) });
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
      "agent record",
      [],
      "`{id, name, config}`, and `published_version` / `published_config` once published (other fields are ignored); a publish answers `{published_version, warnings}`",
      "2.13, 3.3",
    ),
    row("agent config defaults", [], "learnt from a minimal create, never assumed", "2.13"),
    row("tool create / list / get / delete / publish", toolOps.fields, toolOps.value, "4, 3.3"),
    row("tool record", [], "as the agent record, its `config` the 2.10 inline tool", "2.13, 3.3"),
    row(
      "task create / list / get / delete / update / run history",
      taskOps.fields,
      `${taskOps.value}; run history rows \`{id, task_id, task_name, status, started_at, finished_at}\`, filtered by \`task_id\``,
      "4",
    ),
    row(
      "task fields",
      ["task_text_fields"],
      `\`{id, name}\`; the merge-PATCH checks write and clear ${profile.task_text_fields.map((f) => `\`${f}\``).join(" and ")} (strings)`,
      "2.13, 4",
    ),
    row(
      "get_kb / build_kb / delete",
      kbOps.fields,
      `${kbOps.value}; build body \`{urls: [...]}\`; what discovery found is listed on \`GET /v1/knowledge/{kb_id}/pages\` (rows \`{id, url, created_at}\`)`,
      "3.1, 4.1",
    ),
    row("import_phone_numbers, phone numbers", phoneOps.fields, phoneOps.value, "4.1"),
    row(
      "import and phone-number bodies",
      [],
      "import `{provider_number_ids: [...], inbound_agent_id?}` answers `{items: [phone number]}`; PATCH `{label?, inbound_agent_id?}` (null clears)",
      "4.1",
    ),
    row(
      "phone-number carrier-account filter",
      ["phone_numbers_account_filter"],
      `\`${profile.phone_numbers_account_filter}\``,
      "4",
    ),
    row(
      "telephony accounts",
      accountOps.fields,
      `${accountOps.value}; create \`{provider, account_sid, auth_token, label?}\`; record \`{id, provider, label, provider_account_id, created_at}\`; the wired account is the oldest`,
      "4.1",
    ),
    row(
      "webhook create / get / update / delete / rotate-secret / test-fire",
      webhookOps.fields,
      webhookOps.value,
      "4.1",
    ),
    row(
      "webhook record, envelope and deliveries",
      [],
      "`status` `active`/`disabled` (update disables, which test-fire refuses); `subscribed_events: null` clears to `[]`; envelope `{id, type, created_at, agent_id, data}` (more fields allowed); delivery rows `{id, event_id, type, status, status_code, error, attempted_at, duration_ms}`",
      "2.13, 6.1",
    ),
    row(
      "webhook signature and secret",
      ["webhook_signature"],
      `${sig.scheme}: \`${sig.id_header}\`, \`${sig.timestamp_header}\`, \`${sig.signature_header}\`; the secret is \`whsec_\` and the base64 of the 32 bytes (padding optional)`,
      "2.6, 6.1",
    ),
    row("secrets", secretOps.fields, `${secretOps.value}; PUT body \`{value}\``, "4.1"),
    row(
      "provider keys",
      ["operations.byok.list", "byok_body_field"],
      `${ops(profile, ["byok.list"])}; \`PUT /v1/byok/{provider}\` body \`{${profile.byok_body_field}}\``,
      "4.1",
    ),
    row(
      "secret and provider-key list rows",
      ["masked_tail"],
      `\`{name, masked}\`: \`masked\` is \`${profile.masked_tail.prefix}\` and the last ${profile.masked_tail.chars} characters of the value (the secret list is held to the whole form, the provider-key list to the tail)`,
      "2.13, 5",
    ),
    row(
      "outbound call",
      [],
      "body `{from_phone_number_id, to, agent_id, agent_version?, agent_override?, vars?, contact_key?, userdata?}` (contact_key defaults to `to`); answers the session record",
      "4.1",
    ),
    row(
      "web call token",
      ["web_call_token_max_ttl_seconds"],
      `answers \`{token, session_id, room, expires_at}\`; a signed JWT (never \`alg: none\`) whose \`exp\` is \`expires_at\`, at most ${profile.web_call_token_max_ttl_seconds} s after issue ("short-lived")`,
      "4.1, 8",
    ),
    row(
      "call session record",
      [],
      "`CallSession` in `spec/calls.ts`: identity, `channel`, `status` (`queued`, `ringing`, `in_progress`, `ended`), `close_reason`, times, the telephony fields, userdata, analysis, transcript, cost, recording and screen_recording `{available, duration_seconds, format, size_bytes}`, transfer",
      "2.13, 6.1",
    ),
    row(
      "batches",
      opFields(["batch.get", "batch.cancel"]),
      `create answers \`CallBatch\` (\`spec/calls.ts\`); ${ops(profile, ["batch.get", "batch.cancel"])}; status \`completed\` once it ran to its end`,
      "2.13, 3.3",
    ),
    row(
      "calling window",
      [],
      "`start` and `end` are `HH:MM` on the batch timezone's clock, `days` ISO weekdays (1 is Monday); an end before the start spans midnight",
      "2.12",
    ),
    row(
      "conversation message",
      opFields(["conversation.list"]),
      `body \`{conversation_id?, client_message_id, text, agent_id?}\` (no conversation_id starts one); answers \`{conversation_id, item}\`; ${ops(profile, ["conversation.list"])} lists them`,
      "4.1",
    ),
    row(
      "knowledge-base stream frames",
      [],
      "a status frame names the state reached in `status`; a progress frame carries the 2.2 progress object in `progress` or at its top level (either is read)",
      "6.2",
    ),
    row(
      "assistant.delta chunk field",
      ["stream_delta_fields"],
      profile.stream_delta_fields.map((f) => `\`${f}\``).join(", then "),
      "6.2",
    ),
    row(
      "voice and avatar galleries",
      [],
      "facets `{gender, language, provider}` (avatars `{gender, provider}`) beside `items`, `total_count`, `has_more`, `limit`, `offset`; each facet is a filter query parameter of the same name",
      "2.1, 4",
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
        `| ${cell(r.assumption)} | ${cell(r.value)} | ${r.fields.length === 0 ? "fixed" : r.fields.map((f) => `\`${f}\``).join(", ")} | ${r.sections} |`,
    ),
  ];
  return `${lines.join("\n")}\n`;
}
