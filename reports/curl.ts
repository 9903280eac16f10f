// A curl command per recorded request, to replay a failed check's exchanges outside the harness (report.html,
// summary.md). Secrets never appear: replay-headers.ts puts a variable in their place.
import { type Exchange, isClippedBody } from "../spec/report.ts";
import { type ReplayHeader, replayHeaders } from "./replay-headers.ts";
import { shellWord } from "./shell-word.ts";

/** Safe inside double quotes as it is: nothing the shell would expand or end the quote with. */
const DOUBLE_QUOTE_SAFE = /^[^"$`\\!]*$/;

/** A header argument; a secret's variable expands wherever it stands in the value, everything else is literal. */
function headerWord(header: ReplayHeader): string {
  if (header.secret === undefined) return shellWord(`${header.name}: ${header.value}`);
  const { variable, unknown } = header.secret;
  // An unknown secret stops the shell with a message rather than sending an empty credential.
  const reference = unknown ? `\${${variable}:?the check sent a value the report does not keep}` : `$${variable}`;
  const literals = `${header.name}: ${header.value}`.split(`$${variable}`);
  if (literals.every((literal) => DOUBLE_QUOTE_SAFE.test(literal))) return `"${literals.join(reference)}"`;
  return literals.map((literal) => (literal === "" ? "" : shellWord(literal))).join(`"${reference}"`);
}

/** The variables a set of curl commands reads secrets from: the target's credentials, or unknown redacted values. */
export function curlVariables(exchanges: Exchange[]): string[] {
  const names = exchanges.flatMap((x) => replayHeaders(x).flatMap((h) => (h.secret ? [h.secret.variable] : [])));
  return [...new Set(names)];
}

/** What a person needs before pasting the curl lines: the variables they read the secrets from. */
export function replayNote(exchanges: Exchange[]): string {
  const variables = curlVariables(exchanges);
  const credentials =
    variables.length === 0 ? "" : `The credentials are read from ${variables.map((v) => `$${v}`).join(", ")}; `;
  const rest = "secret values in URLs and bodies stay redacted.";
  return credentials === "" ? rest.charAt(0).toUpperCase() + rest.slice(1) : credentials + rest;
}

export function curlCommand(exchange: Exchange): string {
  const method = exchange.method.toUpperCase();
  const headers = replayHeaders(exchange);
  const streams = headers.some((h) => h.name.toLowerCase() === "accept" && h.value.includes("text/event-stream"));
  const first = ["curl", "-i"];
  // -N: an event stream's frames show as they come instead of when curl's buffer fills.
  if (streams) first.push("-N");
  if (method === "HEAD") first.push("--head");
  else if (method !== "GET" || exchange.request_body !== null) first.push("-X", shellWord(method));
  first.push(shellWord(exchange.url));
  const lines = [first.join(" "), ...headers.map((h) => `-H ${headerWord(h)}`)];
  const body = exchange.request_body;
  // --data-raw: the body as recorded, byte for byte, with no `@file` reading.
  if (body !== null) lines.push(`--data-raw ${shellWord(body)}`);
  const command = lines.join(" \\\n  ");
  return body !== null && isClippedBody(body)
    ? `# The recorded body was clipped; this sends only its start.\n${command}`
    : command;
}
