// The profile: every assumption the harness makes where the spec says "not shown", written once,
// each with the section it fills. `--profile FILE` overrides any of it (a JSON file of the same shape).
import { readFileSync } from "node:fs";
import { z } from "zod";
import { closestName } from "./closest-name.ts";
import { DottedPath, pathsOverlap } from "./json-path.ts";
import {
  type Method,
  OPERATIONS,
  operationRows,
  type ProfileOperationName,
  type OperationName as RowName,
} from "./operations.ts";
import { Declaration, OPTIONAL_BEHAVIOURS, OptionalBehaviourId } from "./optional-behaviours.ts";
import { DEFAULT_READINGS, Readings } from "./readings.ts";
import type { ShapeMaps } from "./reshape.ts";
import { type FieldMaps, movableFields, SHAPE_NAMES, SHAPES, type ShapeName, type ShapeSpec } from "./shapes.ts";
import { SecretEncoding } from "./webhook-secret.ts";
import { ownWords, WORD_LIST_NAMES, WORD_LISTS, type WordListName, type WordMaps, type Words } from "./words.ts";

export const Operation = z.strictObject({
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

/** The operations the harness calls by name through the profile (spec/operations.ts rows marked `profile`). */
export const DEFAULT_OPERATIONS = Object.fromEntries(
  operationRows()
    .filter((row) => row.profile !== undefined)
    .map(({ name, method, path, section }) => [name, { method, path, section }]),
) as Record<ProfileOperationName, Operation>;
export type OperationName = ProfileOperationName;

/** "did you mean" for a name among `known`, as the tail of a message. */
function guess(name: string, known: readonly string[]): string {
  const close = closestName(name, known);
  return close === undefined ? "" : ` (did you mean ${close}?)`;
}

/** One record's or body's map: a field by the reference's name -> the dotted path where this server puts it. */
const FieldMap = z.record(z.string(), DottedPath);

/**
 * `fields`: only shapes the harness reads or writes (spec/shapes.ts), only their fields the spec does not name,
 * and no two fields of a record in one place (one inside the other counts).
 */
const FieldMapsSchema = z.record(z.string(), FieldMap).superRefine((maps, ctx) => {
  for (const [shape, map] of Object.entries(maps)) {
    const spec: ShapeSpec | undefined = SHAPES[shape as ShapeName];
    if (spec === undefined) {
      ctx.addIssue({
        code: "custom",
        path: [shape],
        message: `unknown record or body${guess(shape, SHAPE_NAMES)}; see SHAPES in spec/shapes.ts`,
      });
      continue;
    }
    if (spec.derived !== undefined) {
      ctx.addIssue({ code: "custom", path: [shape], message: `set by the profile's ${spec.derived}` });
      continue;
    }
    const movable = movableFields(shape as ShapeName);
    const all = Object.keys(spec.schema.shape);
    const where = (field: string) => (movable.includes(field) ? (map[field] ?? field) : field);
    for (const [field, path] of Object.entries(map)) {
      const at = [shape, field];
      if (!all.includes(field)) {
        ctx.addIssue({
          code: "custom",
          path: at,
          message: `unknown field of ${shape}${guess(field, all)}; its fields: ${movable.join(", ")}`,
        });
      } else if (!movable.includes(field)) {
        ctx.addIssue({ code: "custom", path: at, message: `the spec names this field (${spec.section}): it stays` });
      } else if (spec.query === true && path.includes(".")) {
        ctx.addIssue({ code: "custom", path: at, message: "a query parameter's name, not a dotted path" });
      } else {
        const other = all.find((o) => o !== field && pathsOverlap(path, where(o)));
        if (other !== undefined) {
          ctx.addIssue({ code: "custom", path: at, message: `${path} overlaps where ${other} is (${where(other)})` });
        }
      }
    }
  }
}) as unknown as z.ZodType<FieldMaps, FieldMaps>;

/** `words`: known lists and meanings, each word standing for one meaning only. */
const WordMapsSchema = z
  .record(z.string(), z.record(z.string(), z.array(z.string().min(1)).min(1)))
  .superRefine((lists, ctx) => {
    for (const [list, words] of Object.entries(lists)) {
      if (!(WORD_LIST_NAMES as string[]).includes(list)) {
        ctx.addIssue({
          code: "custom",
          path: [list],
          message: `unknown word list${guess(list, WORD_LIST_NAMES)}; see WORD_LISTS in spec/words.ts`,
        });
        continue;
      }
      const meanings: readonly string[] = WORD_LISTS[list as WordListName].meanings;
      const merged: Words = { ...ownWords(list as WordListName), ...words };
      for (const [meaning, said] of Object.entries(words)) {
        if (!meanings.includes(meaning)) {
          ctx.addIssue({
            code: "custom",
            path: [list, meaning],
            message: `unknown meaning of ${list}${guess(meaning, meanings)}; its meanings: ${meanings.join(", ")}`,
          });
          continue;
        }
        for (const word of said) {
          const others = Object.entries(merged).filter(([m, w]) => m !== meaning && w.includes(word));
          if (others.length > 0) {
            ctx.addIssue({
              code: "custom",
              path: [list, meaning],
              message: `"${word}" is also a word for ${others.map(([m]) => m).join(", ")}: a word has one meaning`,
            });
          }
        }
      }
    }
  }) as unknown as z.ZodType<WordMaps, WordMaps>;

/** Fields of a draft body; null leaves the field out. */
const DraftFields = z.record(z.string().min(1), z.unknown());

export const Profile = z.object({
  name: z.string(),
  operations: z.record(z.string(), Operation),
  /**
   * 6.1: names of the three signature headers and the recipe are not shown; Standard Webhooks is assumed. 2.6:
   * how the secret's 32 bytes are written is not shown; they are the signing key (spec/webhook-secret.ts).
   */
  webhook_signature: z.strictObject({
    scheme: z.literal("standard-webhooks"),
    id_header: z.string(),
    timestamp_header: z.string(),
    signature_header: z.string(),
    secret_encoding: SecretEncoding,
  }),
  /** 4.1: body of the provider-key write. */
  byok_body_field: z.string(),
  /** 4: name of the optional carrier-account filter of GET /v1/telephony/phone-numbers. */
  phone_numbers_account_filter: z.string(),
  /** 8: maximum request body sizes are not shown; the size the body-size-limit behaviour is checked at. */
  max_body_bytes: z.int().positive(),
  /** 8: the web call token lifetime is not shown; "short-lived" (1, 5.4) is taken to mean at most this many seconds. */
  web_call_token_max_ttl_seconds: z.int().positive(),
  /**
   * 5 item 6 and 2.13: lists of secrets and provider keys show "a name and a masked tail"; its form is not
   * shown. Assumed: `prefix` followed by the value's last `chars` characters.
   */
  masked_tail: z.strictObject({ prefix: z.string(), chars: z.int().positive() }),
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
  /**
   * 3.3, 2.13: what validate counts as an error is not shown (required markers and defaults are not, and 2.10
   * marks no tool field required). The fields written over the harness's complete agent and tool drafts to make
   * each one a draft with validation errors, by the reference's field names; a field given null is left out.
   */
  drafts_with_errors: z.strictObject({ agent: DraftFields, tool: DraftFields }),
  /**
   * 2.13 ("Required markers and defaults of the agent configuration fields: not shown"), 4.1 (webhook create
   * bodies not shown): the fields written over the harness's minimal create bodies, an agent `{name}` and a
   * webhook `{url, status: "disabled"}`, by the reference's field names; a field given null is left out.
   */
  minimal_creates: z.strictObject({ agent: DraftFields, webhook: DraftFields }),
  /**
   * 2.13, 4.1, 6.1, 6.2: where this server puts each field of the records the harness reads and the bodies it
   * writes (spec/shapes.ts), by the reference's field names; a field not named stays where the reference has it.
   */
  fields: FieldMapsSchema,
  /** 3.3 and 2.13: the words this server uses for each status meaning (spec/words.ts); unnamed meanings keep the reference's word. */
  words: WordMapsSchema,
  /** How this server reads fields the spec gives but does not explain (spec/readings.ts). */
  readings: Readings,
});
export type Profile = z.infer<typeof Profile>;

/** `body` with a profile's `fields` written over it (drafts_with_errors, minimal_creates): a null leaves the field out. */
export function fieldsOver(body: Record<string, unknown>, fields: Record<string, unknown>): Record<string, unknown> {
  const out = { ...body };
  for (const [field, value] of Object.entries(fields)) {
    if (value === null) delete out[field];
    else out[field] = value;
  }
  return out;
}

/** `{agent_id}`, `{name}`, ... of a path template, sorted. */
export function placeholders(path: string): string[] {
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
  readings: Readings.partial(),
  drafts_with_errors: Profile.shape.drafts_with_errors.partial(),
  minimal_creates: Profile.shape.minimal_creates.partial(),
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
    // Base64, base64url or hex, whichever a secret is written in: 2.6 says only "32 random bytes".
    secret_encoding: "any",
  },
  byok_body_field: "api_key",
  phone_numbers_account_filter: "account_id",
  max_body_bytes: 1024 * 1024,
  web_call_token_max_ttl_seconds: 3600,
  masked_tail: { prefix: "****", chars: 4 },
  version_header: "api-version",
  // Nothing the spec leaves open is held against an unknown server: a vendor declares what it has.
  optional: Object.fromEntries(OPTIONAL_BEHAVIOURS.map((b) => [b.id, "not-tested"])) as Profile["optional"],
  duplicate_name_message: "already|exists|taken|in use|duplicate|not unique",
  stream_delta_fields: ["delta", "text"],
  // Untyped fields are not probed unless a vendor says what type they have.
  agent_field_types: {},
  null_is_wrong_type: false,
  task_text_fields: ["description", "instructions"],
  // The reference refuses to publish a cascade agent without an llm, and a tool without operations.
  drafts_with_errors: { agent: { llm: null }, tool: { operations: [] } },
  // The harness's minimal bodies as they are: a server may need more (or less) at create.
  minimal_creates: { agent: {}, webhook: {} },
  // The reference's own shapes, words and readings: every field where it puts it.
  fields: {},
  words: {},
  readings: DEFAULT_READINGS,
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
    fields: mergeMaps(DEFAULT_PROFILE.fields, file.fields),
    words: mergeMaps(DEFAULT_PROFILE.words, file.words),
    readings: { ...DEFAULT_PROFILE.readings, ...file.readings },
    drafts_with_errors: { ...DEFAULT_PROFILE.drafts_with_errors, ...file.drafts_with_errors },
    minimal_creates: { ...DEFAULT_PROFILE.minimal_creates, ...file.minimal_creates },
  });
}

/** Maps of maps merged one level down: a file's map of a record adds to the default's, key by key. */
function mergeMaps<K extends string, V>(
  base: Partial<Record<K, Record<string, V>>>,
  over: Partial<Record<K, Record<string, V>>> | undefined,
): Partial<Record<K, Record<string, V>>> {
  const out = { ...base };
  for (const [key, map] of Object.entries(over ?? {}) as Array<[K, Record<string, V>]>) {
    out[key] = { ...base[key], ...map };
  }
  return out;
}

/**
 * Profile files merged key by key, at every depth (operations, optional behaviours, readings, each record's
 * field map, each word list): what several vendors' declarations say together. Two files that set one key
 * differently cannot be merged.
 */
export function mergeProfileFiles(files: readonly ProfileFile[]): ProfileFile {
  const merge = (into: Record<string, unknown>, from: Record<string, unknown>, at: string) => {
    for (const [key, value] of Object.entries(from)) {
      const here = at === "" ? key : `${at}.${key}`;
      const had = into[key];
      if (isPlainObject(had) && isPlainObject(value)) merge(had, value, here);
      else if (had === undefined) into[key] = structuredClone(value);
      else if (JSON.stringify(had) !== JSON.stringify(value)) throw new Error(`two profiles set ${here} differently`);
    }
  };
  const out: Record<string, unknown> = {};
  for (const file of files) merge(out, file as Record<string, unknown>, "");
  return ProfileFile.parse(out);
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

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

/** Where a server following `profile` serves an operation: the profile's method and path where it has one, else the table's. */
export function operationIn(profile: Profile, name: RowName): { method: Method; path: string } {
  return (profile.operations as Partial<Record<RowName, Operation>>)[name] ?? OPERATIONS[name];
}

/** Fills `{name}` placeholders of an operation path, URL-encoding each value. */
export function fillPath(template: string, params: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`path parameter ${name} missing for ${template}`);
    return encodeURIComponent(value);
  });
}

/**
 * The field maps and words a profile reads and writes through: its `fields` and `words`, and the maps of the
 * three single values that name a field (`byok_body_field`, `phone_numbers_account_filter`, `task_text_fields`).
 */
export function shapeMaps(profile: Profile): ShapeMaps {
  const [first, second] = profile.task_text_fields;
  return {
    fields: {
      ...profile.fields,
      byok_put: { api_key: profile.byok_body_field },
      phone_numbers_query: { account_id: profile.phone_numbers_account_filter },
      task: { description: first, instructions: second },
    },
    words: profile.words,
  };
}
