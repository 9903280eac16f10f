// The profile: every assumption the harness makes where the spec says "not shown", written once,
// each with the section it fills. `--profile FILE` overrides any of it (a JSON file of the same shape).
import { readFileSync } from "node:fs";
import { z } from "zod";
import { closestName } from "./closest-name.ts";
import { Declaration, OPTIONAL_BEHAVIOURS, OptionalBehaviourId } from "./optional-behaviours.ts";

export const Operation = z.object({
  method: z.enum(["GET", "POST", "PUT", "PATCH", "DELETE"]),
  /** Path template under the base URL, `{name}` for path parameters. */
  path: z.string().startsWith("/"),
  /** The spec section this assumption fills. */
  section: z.string(),
});
export type Operation = z.infer<typeof Operation>;

/** A JSON type a wrong-type probe can violate. */
export const FieldType = z.enum(["string", "number", "integer", "boolean", "array", "object"]);
export type FieldType = z.infer<typeof FieldType>;

function isRegExp(source: string): boolean {
  try {
    new RegExp(source, "i");
    return true;
  } catch {
    return false;
  }
}

const op = (method: Operation["method"], path: string, section: string): Operation => ({ method, path, section });

/** Operations the spec names without a path, or does not name but needs for a test (create before read). */
export const DEFAULT_OPERATIONS = {
  "agent.create": op("POST", "/v1/agents", "4"),
  "agent.list": op("GET", "/v1/agents", "2.1"),
  "agent.get": op("GET", "/v1/agents/{agent_id}", "4"),
  "agent.delete": op("DELETE", "/v1/agents/{agent_id}", "2.7"),
  // Given by the spec (section 4); listed so every suite calls operations one way.
  "agent.patch": op("PATCH", "/v1/agents/{agent_id}", "4"),
  "agent.validate": op("POST", "/v1/agents/{agent_id}/validate", "4"),
  "agent.publish": op("POST", "/v1/agents/{agent_id}/publish", "4"),
  "tool.patch": op("PATCH", "/v1/tools/{tool_id}", "4"),
  "tool.validate": op("POST", "/v1/tools/{tool_id}/validate", "4"),
  "tool.create": op("POST", "/v1/tools", "4"),
  "tool.list": op("GET", "/v1/tools", "2.1"),
  "tool.get": op("GET", "/v1/tools/{tool_id}", "4"),
  "tool.delete": op("DELETE", "/v1/tools/{tool_id}", "2.7"),
  "tool.publish": op("POST", "/v1/tools/{tool_id}/publish", "3.3"),
  "task.create": op("POST", "/v1/tasks", "4"),
  "task.list": op("GET", "/v1/tasks", "4"),
  "task.get": op("GET", "/v1/tasks/{task_id}", "4"),
  "task.delete": op("DELETE", "/v1/tasks/{task_id}", "4"),
  "task.update": op("PATCH", "/v1/tasks/{task_id}", "4"),
  // 4: a deleted task's run history survives; where it is read is not shown.
  "task.runs": op("GET", "/v1/task-runs", "4"),
  "conversation.list": op("GET", "/v1/conversations", "2.1"),
  "kb.get": op("GET", "/v1/knowledge/{kb_id}", "4.1"),
  "kb.build": op("POST", "/v1/knowledge/{kb_id}/build", "4.1"),
  // Not named by the spec at all: used only to clean up after a run (a server without it leaves leftovers).
  "kb.delete": op("DELETE", "/v1/knowledge/{kb_id}", "4.1"),
  "phone.import": op("POST", "/v1/telephony/accounts/{account_id}/import", "4.1"),
  "phone.get": op("GET", "/v1/telephony/phone-numbers/{phone_number_id}", "4.1"),
  "phone.update": op("PATCH", "/v1/telephony/phone-numbers/{phone_number_id}", "4.1"),
  "phone.delete": op("DELETE", "/v1/telephony/phone-numbers/{phone_number_id}", "4.1"),
  "telephony.account.list": op("GET", "/v1/telephony/accounts", "4.1"),
  "telephony.account.create": op("POST", "/v1/telephony/accounts", "4.1"),
  "telephony.account.delete": op("DELETE", "/v1/telephony/accounts/{account_id}", "4.1"),
  "batch.get": op("GET", "/v1/calls/batches/{batch_id}", "2.13"),
  "batch.cancel": op("POST", "/v1/calls/batches/{batch_id}/cancel", "3.3"),
  "webhook.create": op("POST", "/v1/webhooks", "4.1"),
  "webhook.get": op("GET", "/v1/webhooks/{webhook_id}", "4.1"),
  "webhook.update": op("PATCH", "/v1/webhooks/{webhook_id}", "4.1"),
  "webhook.delete": op("DELETE", "/v1/webhooks/{webhook_id}", "4.1"),
  "webhook.rotate-secret": op("POST", "/v1/webhooks/{webhook_id}/rotate-secret", "4.1"),
  "webhook.test": op("POST", "/v1/webhooks/{webhook_id}/test", "4.1"),
  "secret.list": op("GET", "/v1/secrets", "4.1"),
  "secret.put": op("PUT", "/v1/secrets/{name}", "4.1"),
  "secret.delete": op("DELETE", "/v1/secrets/{name}", "4.1"),
  "byok.list": op("GET", "/v1/byok", "4.1"),
} as const satisfies Record<string, Operation>;
export type OperationName = keyof typeof DEFAULT_OPERATIONS;

export const Profile = z.object({
  name: z.string(),
  operations: z.record(z.string(), Operation),
  /** 6.1: names of the three signature headers and the recipe are not shown; Standard Webhooks is assumed. */
  webhook_signature: z.object({
    scheme: z.literal("standard-webhooks"),
    id_header: z.string(),
    timestamp_header: z.string(),
    signature_header: z.string(),
  }),
  /** 4.1: body of the provider-key write. */
  byok_body_field: z.string(),
  /** 4: name of the optional carrier-account filter of GET /v1/telephony/phone-numbers. */
  phone_numbers_account_filter: z.string(),
  /** 8: maximum request body sizes are not shown; the size the body-size-limit behaviour is checked at. */
  max_body_bytes: z.int().positive(),
  /** 8: the web call token lifetime is not shown; "short-lived" (1, 5.4) is taken to mean at most this many seconds. */
  web_call_token_max_ttl_seconds: z.int().positive(),
  /** 9: any version header is not shown; the name the version-header behaviour is checked by. */
  version_header: z.string().regex(/^[A-Za-z0-9-]+$/),
  /** Optional behaviours (spec/optional-behaviours.ts), each declared must-work, must-be-absent or not-tested. */
  optional: z.record(OptionalBehaviourId, Declaration),
  /**
   * 7: a duplicate name is a 400 with a message "like `an agent with that name already exists`, which shows the
   * earlier create worked"; what counts as like it (a case-insensitive regular expression).
   */
  duplicate_name_message: z.string().refine(isRegExp, "must be a regular expression"),
  /** 6.2: the field of assistant.delta that carries the chunk is not shown; the names read, first found wins. */
  stream_delta_fields: z.array(z.string().min(1)).min(1),
  /**
   * 2.9: types of agent fields the spec gives no type (`recording.enabled`, `tts.speed`...), probed with
   * wrong-typed values only when listed here (dotted path, arrays by index: `vars.0.name`).
   */
  agent_field_types: z.record(z.string().regex(/^[a-z_]+(\.([a-z_]+|\d+))*$/), FieldType),
  /**
   * 2.9, 4: whether `null` counts as a wrong type for an agent field. The spec marks no field nullable, and
   * reads an explicit null as "clear this field" on a merge PATCH, so by default null is never probed.
   */
  null_is_wrong_type: z.boolean(),
  /** 2.13: task fields beyond name are not shown; the two text fields the merge-PATCH checks write and clear. */
  task_text_fields: z.tuple([z.string().min(1), z.string().min(1)]),
});
export type Profile = z.infer<typeof Profile>;

/** `{agent_id}`, `{name}`, ... of a path template, sorted. */
function placeholders(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!).sort();
}

/**
 * A file's operations: only names the harness calls (a misspelt one would otherwise be ignored, the default
 * used in silence), each path with exactly the default path's placeholders (the harness fills those by name).
 */
const OperationsFile = z.record(z.string(), Operation).superRefine((operations, ctx) => {
  const known = Object.keys(DEFAULT_OPERATIONS);
  for (const [name, operation] of Object.entries(operations)) {
    const fallback = DEFAULT_OPERATIONS[name as OperationName] as Operation | undefined;
    if (fallback === undefined) {
      const guess = closestName(name, known);
      ctx.addIssue({
        code: "custom",
        path: [name],
        message: `unknown operation${guess === undefined ? "" : ` (did you mean ${guess}?)`}; see DEFAULT_OPERATIONS in spec/profile.ts`,
      });
      continue;
    }
    const want = placeholders(fallback.path);
    const got = placeholders(operation.path);
    if (want.join() !== got.join()) {
      const list = (names: string[]) => (names.length === 0 ? "none" : names.map((n) => `{${n}}`).join(", "));
      ctx.addIssue({
        code: "custom",
        path: [name, "path"],
        message: `placeholders ${list(got)} must be the default's ${list(want)} (${fallback.path})`,
      });
    }
  }
});

/** A profile file: any subset of the profile's fields; operations and optional merge key by key. */
export const ProfileFile = Profile.extend({
  operations: OperationsFile,
  optional: z.partialRecord(OptionalBehaviourId, Declaration),
  webhook_signature: Profile.shape.webhook_signature.partial(),
})
  .partial()
  .strict();
export type ProfileFile = z.infer<typeof ProfileFile>;

export const DEFAULT_PROFILE: Profile = {
  name: "default",
  operations: DEFAULT_OPERATIONS,
  webhook_signature: {
    scheme: "standard-webhooks",
    id_header: "webhook-id",
    timestamp_header: "webhook-timestamp",
    signature_header: "webhook-signature",
  },
  byok_body_field: "api_key",
  phone_numbers_account_filter: "account_id",
  max_body_bytes: 1024 * 1024,
  web_call_token_max_ttl_seconds: 3600,
  version_header: "api-version",
  // Nothing the spec leaves open is held against an unknown server: a vendor declares what it has.
  optional: Object.fromEntries(OPTIONAL_BEHAVIOURS.map((b) => [b.id, "not-tested"])) as Profile["optional"],
  duplicate_name_message: "already|exists|taken|in use|duplicate|not unique",
  stream_delta_fields: ["delta", "text"],
  // Untyped fields are not probed unless a vendor says what type they have.
  agent_field_types: {},
  null_is_wrong_type: false,
  task_text_fields: ["description", "instructions"],
};

/** The default profile with a file's fields over it; a file that is not a profile is a clear error. */
export function mergeProfile(file: ProfileFile, name: string): Profile {
  return Profile.parse({
    ...DEFAULT_PROFILE,
    ...file,
    name: file.name ?? name,
    operations: { ...DEFAULT_PROFILE.operations, ...file.operations },
    webhook_signature: { ...DEFAULT_PROFILE.webhook_signature, ...file.webhook_signature },
    optional: { ...DEFAULT_PROFILE.optional, ...file.optional },
  });
}

export class ProfileError extends Error {}

/** `default`, or the path of a JSON profile file. */
export function loadProfile(nameOrPath: string): Profile {
  if (nameOrPath === "default") return DEFAULT_PROFILE;
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(nameOrPath, "utf8"));
  } catch (error) {
    throw new ProfileError(`profile ${nameOrPath} cannot be read as JSON: ${(error as Error).message}`);
  }
  const parsed = ProfileFile.safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join(".") || "(top)"}: ${issue.message}`);
    throw new ProfileError(`profile ${nameOrPath} is not a valid profile:\n  ${lines.join("\n  ")}`);
  }
  return mergeProfile(parsed.data, nameOrPath);
}

/** Fills `{name}` placeholders of an operation path, URL-encoding each value. */
export function fillPath(template: string, params: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`path parameter ${name} missing for ${template}`);
    return encodeURIComponent(value);
  });
}
