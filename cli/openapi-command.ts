// `cap-conformance openapi [--out FILE]`: the OpenAPI 3.1 document of the reference platform (spec/openapi.ts).
import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { TOOL_VERSION } from "../runner/package-info.ts";
import { openApiDocument } from "../spec/openapi.ts";

export function openapiCommand(argv: string[]): number {
  const { values } = parseArgs({ args: argv, options: { out: { type: "string" } }, strict: true });
  const text = `${JSON.stringify(openApiDocument(TOOL_VERSION), null, 2)}\n`;
  if (values.out === undefined) process.stdout.write(text);
  else writeFileSync(values.out, text);
  return 0;
}
