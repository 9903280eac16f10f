// Decoding a JSON request body, for every simulator and the reference platform. Bytes that are not
// UTF-8, text that is not JSON and documents nested past MAX_JSON_DEPTH are refused here, before any
// handler runs: V8 parses any depth, but JSON.stringify overflows its stack on a few thousand levels,
// so a deep value once stored would make every later read of it a 500.
import { ApiError } from "./api-error.ts";

/** Deepest nesting of arrays and objects a body may have; real configs stay well under it. */
export const MAX_JSON_DEPTH = 64;

export const NOT_UTF8 = "request body is not valid UTF-8";
export const NOT_JSON = "request body is not valid JSON";
export const TOO_DEEP = `request body nests arrays and objects more than ${MAX_JSON_DEPTH} levels deep`;

// fatal: a bad byte throws instead of becoming U+FFFD and being stored as if the caller had sent it.
const utf8 = new TextDecoder("utf-8", { fatal: true });

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACKET = 0x5b;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACKET = 0x5d;
const CLOSE_BRACE = 0x7d;

/** Whether brackets outside strings nest deeper than `limit`; one pass, no parse, so it is cheap to ask first. */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === BACKSLASH) i++;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) {
      inString = true;
    } else if (code === OPEN_BRACKET || code === OPEN_BRACE) {
      if (++depth > limit) return true;
    } else if (code === CLOSE_BRACKET || code === CLOSE_BRACE) {
      depth--;
    }
  }
  return false;
}

/** The body's value; undefined for an empty body (action POSTs such as validate and publish send none). */
export function parseJsonBody(bytes: Buffer): unknown {
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    throw new ApiError(400, NOT_UTF8);
  }
  if (text.trim() === "") return undefined;
  if (nestsDeeperThan(text, MAX_JSON_DEPTH)) throw new ApiError(400, TOO_DEEP);
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError(400, NOT_JSON);
  }
}
