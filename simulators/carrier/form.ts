// Twilio's API takes form-encoded bodies; a repeated name (StatusCallbackEvent) becomes an array.
import type { FormParams } from "./twilio-signature.ts";

/** A body that is not a form: bytes that are not UTF-8 (raw or percent-encoded), or a broken escape. */
export class MalformedForm extends Error {}

// fatal: a bad byte throws instead of becoming U+FFFD and being kept as if the caller had sent it.
const utf8 = new TextDecoder("utf-8", { fatal: true });

function decode(part: string): string {
  // Most parameters have nothing to decode.
  if (!part.includes("%") && !part.includes("+")) return part;
  try {
    // decodeURIComponent refuses a broken escape and escaped bytes that are not UTF-8; URLSearchParams
    // would keep the one as text and turn the other into U+FFFD.
    return decodeURIComponent(part.replaceAll("+", " "));
  } catch {
    throw new MalformedForm(`a form parameter has a broken percent escape or is not UTF-8: ${part.slice(0, 40)}`);
  }
}

/**
 * Strict: throws MalformedForm for bytes that are not UTF-8 and for a broken escape. The map has no
 * prototype, so a parameter named `toString` or `__proto__` is a parameter like any other.
 */
export function parseForm(body: string | Buffer): FormParams {
  let text: string;
  try {
    text = typeof body === "string" ? body : utf8.decode(body);
  } catch {
    throw new MalformedForm("the form body is not valid UTF-8");
  }
  const params: Record<string, string | string[]> = Object.create(null);
  for (const pair of text.split("&")) {
    if (pair === "") continue;
    const equals = pair.indexOf("=");
    const name = decode(equals < 0 ? pair : pair.slice(0, equals));
    const value = equals < 0 ? "" : decode(pair.slice(equals + 1));
    const seen = params[name];
    if (seen === undefined) params[name] = value;
    else if (typeof seen === "string") params[name] = [seen, value];
    else seen.push(value);
  }
  return params;
}

/** The first value of a parameter; a repeated scalar keeps its first value. */
export function first(params: FormParams, name: string): string | undefined {
  const value = params[name];
  return typeof value === "string" ? value : value?.[0];
}

/** Every value, each split on whitespace, since TwiML-style `initiated ringing` lists also occur. */
export function all(params: FormParams, name: string): string[] {
  const value = params[name];
  const values = value === undefined ? [] : typeof value === "string" ? [value] : [...value];
  return values.flatMap((item) => item.split(/[\s,]+/)).filter((item) => item !== "");
}
