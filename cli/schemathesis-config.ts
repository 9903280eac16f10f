// The Schemathesis configuration (schemathesis.toml) that matches the OpenAPI document's own extensions
// (spec/openapi.ts), so Schemathesis judges the API by section 7 rather than by its defaults:
// - x-cap-rules: a request the schema accepts may still be refused with 400 ("the request matched the schema
//   but a rule rejected it"), so positive_data_acceptance takes a 400 on those operations, and only there;
// - x-cap-upstream: a 502 is the silence of a service called on the caller's behalf, "not a verdict on the
//   request", so not_a_server_error takes a 502 on those operations, and only there;
// - streams (6.2) stay open: Schemathesis reads the first frame (the snapshot, rule 1) and stops;
// - the links are the document's: Schemathesis's own guesses at links are off, so the stateful phase follows
//   exactly what the document says.
// The credential is read from CAP_TOKEN_ADMIN when Schemathesis loads the file, so the file holds no secret.

interface Operation {
  "x-cap-rules"?: string[];
  "x-cap-upstream"?: string;
  responses?: Record<string, { content?: Record<string, unknown> }>;
}

export interface OpenApiPaths {
  paths: Record<string, Record<string, unknown>>;
}

/** Schemathesis 4's defaults for the two checks (docs: reference/configuration, checks.<check>.expected-statuses). */
const POSITIVE_ACCEPTED = ["2XX", "3XX", "401", "403", "404", "409", "429", "5XX"];
const NOT_SERVER_ERROR = ["2XX", "3XX", "4XX"];

const list = (values: readonly string[]) => `[${values.map((value) => JSON.stringify(value)).join(", ")}]`;

function isStream(operation: Operation): boolean {
  return Object.values(operation.responses ?? {}).some((response) => "text/event-stream" in (response.content ?? {}));
}

/** One [[operations]] table per operation that needs more than the defaults, in document order. */
function operationTables(document: OpenApiPaths): string[] {
  const tables: string[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item as Record<string, Operation>)) {
      const lines: string[] = [];
      if (operation["x-cap-rules"] !== undefined) {
        const accepted = [...POSITIVE_ACCEPTED.slice(0, 2), "400", ...POSITIVE_ACCEPTED.slice(2)];
        lines.push(`checks.positive_data_acceptance.expected-statuses = ${list(accepted)}`);
      }
      if (operation["x-cap-upstream"] !== undefined) {
        lines.push(`checks.not_a_server_error.expected-statuses = ${list([...NOT_SERVER_ERROR, "502"])}`);
      }
      if (isStream(operation)) lines.push("max-stream-events = 1");
      if (lines.length === 0) continue;
      tables.push(
        ["[[operations]]", `include-name = ${JSON.stringify(`${method.toUpperCase()} ${path}`)}`, ...lines].join("\n"),
      );
    }
  }
  return tables;
}

export function schemathesisConfig(document: OpenApiPaths): string {
  return [
    "# Schemathesis configuration for the cap-conformance OpenAPI document (cap-conformance openapi --schemathesis-config).",
    "# Section 7 of the spec: 400 is a rule refusing a request the schema accepts (x-cap-rules), 502 a service",
    "# called on the caller's behalf that did not answer (x-cap-upstream). Streams are read up to their first frame.",
    "# Run: CAP_TOKEN_ADMIN=... st --config-file schemathesis.toml run openapi.json --url BASE_URL --checks all",
    // biome-ignore lint/suspicious/noTemplateCurlyInString: Schemathesis substitutes the variable when it loads the file.
    'headers = { Authorization = "Bearer ${CAP_TOKEN_ADMIN}" }',
    "",
    "[phases.stateful.inference]",
    "# The document's links only.",
    "algorithms = []",
    "",
    ...operationTables(document).flatMap((table) => [table, ""]),
  ].join("\n");
}
