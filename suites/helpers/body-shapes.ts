// The few fields checks read from a body, as loose shapes for expectBody (runner/framework/response.ts): each requires
// only the field a check goes on to use, typed only as far as that use needs, so a server's other fields, id
// formats and optional fields stay its own (a record's full shape is a profile assumption, spec/profile.ts).
import { z } from "zod";
import { ErrorEnvelope } from "../../spec/errors.ts";
import { ValidationResult } from "../../spec/tool.ts";

/** Rows under `items` (a page, 2.1, or an import's answer), where a check reads the rows and nothing else. */
export const WithItems = z.looseObject({ items: z.array(z.unknown()) });

/** A record's id (a string, 2.x tables: "string (UUID)"), as a check addresses the record by it or compares it. */
export const RecordId = z.looseObject({ id: z.string() });

/** The session a web call token or an outbound call answers with (5), as a check waits for that session. */
export const StartedSession = z.looseObject({ session_id: z.string() });

/** 7's error body as far as a check reads its message (`errors` is read, and checked, where a clause needs it). */
export const ErrorMessage = z.looseObject({ detail: ErrorEnvelope.shape.detail.pick({ message: true }) });

/** 7's error body with both its fields, the lines a list of any kind (their format is checked where a clause states it). */
export const ErrorBody = z.looseObject({
  detail: ErrorEnvelope.shape.detail.pick({ message: true }).extend({ errors: z.array(z.unknown()) }),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/** 7's error body as far as a check compares its lines (a publish with errors: "same lines in detail.errors", 3.3). */
export const ErrorLines = z.looseObject({ detail: ErrorEnvelope.shape.detail.pick({ errors: true }) });

/** A publish's answer as far as a check reads its warnings ("With only warnings it succeeds and returns the warnings"). */
export const PublishWarnings = z.looseObject({ warnings: ValidationResult.shape.warnings });
