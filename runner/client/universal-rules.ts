// Rules applied to every response the harness sees, attributed to their clauses. A violation is
// recorded, not thrown: the collector turns the observations into checks of their own.
import { ErrorEnvelope } from "../../spec/errors.ts";
import { operationRows } from "../../spec/operations.ts";
import { noteRuleAmbiguity, observeRule } from "./recorder.ts";

export interface UniversalRule {
  id: string;
  name: string;
  clauses: string[];
}

export const UNIVERSAL_RULES: UniversalRule[] = [
  { id: "envelope", name: "every error response has the error envelope", clauses: ["errors.envelope"] },
  { id: "errors-array", name: "detail.errors is always an array", clauses: ["errors.errors-always-array"] },
  { id: "json", name: "every response body is JSON", clauses: ["errors.json-content-type"] },
  { id: "no-429", name: "no response is a 429", clauses: ["errors.no-429"] },
  {
    id: "single-problem",
    name: "a failure with one problem has detail.errors = []",
    clauses: ["errors.single-problem-empty-errors"],
  },
];

/** What a one-problem 422 listing its line in errors is reported as (the other reading: problem-lines.ts). */
export const ONE_PROBLEM_IN_ERRORS =
  "a 422 with one problem listed its line in errors: 7 says both that errors is empty when a failure has one problem and that a 422 lists one line per problem";

/** Operations whose refusal lists its problems in detail.errors by a sentence of its own (their rows say so). */
const LINES_IN_ERRORS = new Set<string>(
  operationRows()
    .filter((row) => row.errorLines === true)
    .map((row) => row.name),
);

export interface SeenResponse {
  method: string;
  url: string;
  status: number;
  contentType: string | undefined;
  text: string;
  /** False when the body's bytes are not UTF-8 (`text` then holds U+FFFD in their place). */
  utf8?: boolean;
  /** The profile's name of the operation called, when the check called one by name. */
  operation?: string;
}

export function applyUniversalRules(response: SeenResponse): void {
  const where = `${response.method} ${response.url} → ${response.status}`;
  observeRule("no-429", response.status === 429 ? `${where}: the API answered 429` : undefined);
  // Media types are case-insensitive (RFC 9110 8.3.1): `Application/JSON` is JSON.
  const isStream = /^text\/event-stream/i.test(response.contentType ?? "");
  const parsed = parseBody(response.text);
  if (!isStream && response.text.length > 0) observeRule("json", notJson(response, where, parsed));
  if (response.status < 400) return;
  const body = "value" in parsed ? parsed.value : undefined;
  const envelope = ErrorEnvelope.safeParse(body);
  observeRule("envelope", envelope.success ? undefined : `${where}: body is not {detail: {message, errors}}`);
  const errors = (body as { detail?: { errors?: unknown } } | undefined)?.detail?.errors;
  observeRule(
    "errors-array",
    Array.isArray(errors) ? undefined : `${where}: detail.errors is ${JSON.stringify(errors) ?? "absent"}`,
  );
  observeSingleProblem(response, where, errors);
}

/**
 * 7: "errors is an empty array when the failure had one problem". An errors array of exactly one line is
 * the server's own count of one problem, so it must have been []. Not judged: a publish refusal (its lines
 * are the validation errors) and a 422, of which 7 also says "One line per problem ... With exactly one
 * problem, that line is also the message": a one-problem 422 may answer `errors: []` or `[line]`, and the
 * second reading is noted on the clause (runner/framework/problem-lines.ts reads the first).
 */
function observeSingleProblem(response: SeenResponse, where: string, errors: unknown): void {
  if (LINES_IN_ERRORS.has(response.operation ?? "")) return;
  if (!Array.isArray(errors)) return;
  if (response.status === 422) {
    if (errors.length === 1) noteRuleAmbiguity("single-problem", ONE_PROBLEM_IN_ERRORS);
    return;
  }
  observeRule(
    "single-problem",
    errors.length === 1 ? `${where}: one problem, listed in detail.errors ${JSON.stringify(errors)}` : undefined,
  );
}

function parseBody(text: string): { value: unknown } | { error: string } {
  try {
    return { value: JSON.parse(text) };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * 4: "Bodies are JSON (Content-Type: application/json)": the type, and the body itself. JSON text exchanged
 * between systems is UTF-8 (RFC 8259, 8.1), so bytes that are not UTF-8 are not JSON either.
 */
function notJson(response: SeenResponse, where: string, parsed: { value: unknown } | { error: string }) {
  if (!/^application\/json/i.test(response.contentType ?? "")) {
    return `${where}: Content-Type is ${response.contentType ?? "absent"}`;
  }
  if (response.utf8 === false) return `${where}: the body is not UTF-8, so it is not JSON (RFC 8259, 8.1)`;
  if ("error" in parsed) return `${where}: the body is not JSON (${parsed.error})`;
  return undefined;
}
