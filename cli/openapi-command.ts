// `cap-conformance openapi [--out FILE] [--schemathesis-config FILE]`: the OpenAPI 3.2 document of the
// reference platform (spec/openapi.ts), and the Schemathesis configuration matching its extensions.
import { writeFileSync } from "node:fs";
import { TOOL_VERSION } from "../runner/framework/package-info.ts";
import { openApiDocument } from "../spec/openapi.ts";
import { OPENAPI_FLAGS } from "./command-flags.ts";
import { parseFlags } from "./flags.ts";
import { schemathesisConfig } from "./schemathesis-config.ts";

export function openapiCommand(argv: string[]): number {
  const { values } = parseFlags(OPENAPI_FLAGS, argv);
  const document = openApiDocument(TOOL_VERSION);
  const text = `${JSON.stringify(document, null, 2)}\n`;
  if (values.out === undefined) process.stdout.write(text);
  else writeFileSync(values.out, text);
  if (values["schemathesis-config"] !== undefined)
    writeFileSync(values["schemathesis-config"], schemathesisConfig(document));
  return 0;
}
