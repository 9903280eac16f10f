// Rules applied to every response the harness sees, attributed to their clauses. A violation is
// recorded, not thrown: the collector turns the observations into checks of their own.
import { ErrorEnvelope } from "../../spec/errors.ts";
import { observeRule } from "./recorder.ts";

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
];

export interface SeenResponse {
  method: string;
  url: string;
  status: number;
  contentType: string | undefined;
  text: string;
}

export function applyUniversalRules(response: SeenResponse): void {
  const where = `${response.method} ${response.url} → ${response.status}`;
  observeRule("no-429", response.status === 429 ? `${where}: the API answered 429` : undefined);
  // Media types are case-insensitive (RFC 9110 8.3.1): `Application/JSON` is JSON.
  const isStream = /^text\/event-stream/i.test(response.contentType ?? "");
  if (!isStream && response.text.length > 0) {
    const json = /^application\/json/i.test(response.contentType ?? "");
    observeRule("json", json ? undefined : `${where}: Content-Type is ${response.contentType ?? "absent"}`);
  }
  if (response.status < 400) return;
  let body: unknown;
  try {
    body = JSON.parse(response.text);
  } catch {
    body = undefined;
  }
  const envelope = ErrorEnvelope.safeParse(body);
  observeRule("envelope", envelope.success ? undefined : `${where}: body is not {detail: {message, errors}}`);
  const errors = (body as { detail?: { errors?: unknown } } | undefined)?.detail?.errors;
  observeRule(
    "errors-array",
    Array.isArray(errors) ? undefined : `${where}: detail.errors is ${JSON.stringify(errors) ?? "absent"}`,
  );
}
