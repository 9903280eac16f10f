// Behaviours the spec leaves open that a server may or may not have. A profile declares each one
// `must-work` (checked present), `must-be-absent` (checked refused cleanly) or `not-tested` (skipped),
// and the report lists them apart from the spec's clauses, with the declaration they were held to.
import { z } from "zod";

export const Declaration = z.enum(["must-work", "must-be-absent", "not-tested"]);
export type Declaration = z.infer<typeof Declaration>;

export const OptionalBehaviour = z.strictObject({
  /** Kebab-case id; checks name it as `optional.<id>`. */
  id: z.string().regex(/^[a-z0-9-]+$/),
  /** The spec section that leaves it open. */
  section: z.string().regex(/^\d+(\.\d+)*$/),
  /** What "must-work" holds the server to. */
  works: z.string().min(1),
  /** What "must-be-absent" holds the server to. */
  absent: z.string().min(1),
});
export type OptionalBehaviour = z.infer<typeof OptionalBehaviour>;

export const OPTIONAL_BEHAVIOURS = [
  {
    id: "knowledge-delete",
    section: "4.1",
    works: "A knowledge base can be deleted (the profile's kb.delete): a 2xx, then reading it is a 404.",
    absent:
      "Deleting a knowledge base is refused with a 404 or 405 in the error envelope, and the base stays readable.",
  },
  {
    id: "body-size-limit",
    section: "8",
    works:
      "A request body over the profile's max_body_bytes is refused with a 413 in the error envelope; one under it is not.",
    absent: "A request body of max_body_bytes + 1 bytes is not refused for its size (no 413).",
  },
  {
    id: "version-header",
    section: "9",
    works: "Every response carries the profile's version_header, non-empty.",
    absent: "No response carries the profile's version_header.",
  },
] as const satisfies readonly OptionalBehaviour[];

export type OptionalBehaviourId = (typeof OPTIONAL_BEHAVIOURS)[number]["id"];
export const OptionalBehaviourId = z.enum(OPTIONAL_BEHAVIOURS.map((b) => b.id) as [OptionalBehaviourId]);

/** The id a check names for an optional behaviour (next to, never among, the spec's clause ids). */
export function optionalCheckId(id: OptionalBehaviourId): string {
  return `optional.${id}`;
}

export const OPTIONAL_BY_CHECK_ID: ReadonlyMap<string, OptionalBehaviour> = new Map(
  OPTIONAL_BEHAVIOURS.map((b) => [optionalCheckId(b.id), b]),
);
