// Twilio's API takes form-encoded bodies; a repeated name (StatusCallbackEvent) becomes an array.
import type { FormParams } from "./twilio-signature.ts";

/** Never throws: URLSearchParams keeps a malformed escape as literal text, as a lenient server would. */
export function parseForm(text: string): FormParams {
  const params: Record<string, string | string[]> = {};
  for (const [name, value] of new URLSearchParams(text)) {
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
