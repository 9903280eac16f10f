// `cap-conformance openapi [--out FILE] [--schemathesis-config FILE]`: the OpenAPI 3.2 document of the
// reference platform (spec/openapi.ts), and the Schemathesis configuration matching its extensions.
import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { TOOL_VERSION } from "../runner/package-info.ts";
import { openApiDocument } from "../spec/openapi.ts";
import { schemathesisConfig } from "./schemathesis-config.ts";

export function openapiCommand(argv: string[]): number {
  const { values } = parseArgs({
    args: argv,
    options: { out: { type: "string" }, "schemathesis-config": { type: "string" } },
    strict: true,
  });
  const document = openApiDocument(TOOL_VERSION);
  const text = `${JSON.stringify(document, null, 2)}\n`;
  if (values.out === undefined) process.stdout.write(text);
  else writeFileSync(values.out, text);
  if (values["schemathesis-config"] !== undefined)
    writeFileSync(values["schemathesis-config"], schemathesisConfig(document));
  return 0;
}
