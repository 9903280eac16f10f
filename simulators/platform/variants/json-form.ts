// How a JSON response is written (4: "Bodies are JSON (Content-Type: application/json)"): nothing in the
// spec fixes key order, whitespace, escapes, the media type's parameters or case, how bytes are framed, or
// their content coding (the harness sends no Accept-Encoding, which accepts any coding: RFC 9110 12.5.3).
import type { VariantSpec } from "./variant.ts";

export const jsonFormVariants = {
  "json-keys-reversed": {
    description: "every JSON object is written with its keys in reverse order (JSON objects are unordered)",
    section: "4",
    layer: "json-key-order",
  },
  "json-pretty": {
    description: "every JSON body is pretty-printed: two-space indentation and a newline after each member",
    section: "4",
    layer: "json-layout",
  },
  "json-unicode-escaped": {
    description: "every non-ASCII character and every `/` in a JSON string is written as a \\u or \\/ escape",
    section: "4",
    layer: "json-escapes",
  },
  "json-bare-content-type": {
    description:
      "JSON responses carry `Content-Type: application/json` with no charset parameter (the reference adds `; charset=utf-8`)",
    section: "4",
    layer: "content-type",
  },
  "json-content-type-case": {
    description:
      "JSON responses carry `Content-Type: Application/JSON; Charset=UTF-8` (media types and parameter names are case-insensitive, RFC 9110 8.3.1)",
    section: "4",
    layer: "content-type",
  },
  "chunked-bodies": {
    description: "every body is sent with `Transfer-Encoding: chunked` in small pieces, without Content-Length",
    section: "4",
    layer: "framing",
  },
  "connection-close": {
    description: "every response carries `Connection: close` and the server closes the connection after it",
    section: "4",
    layer: "connection",
  },
  "extra-headers": {
    description:
      "every response carries headers the spec never names: Server, X-Request-Id, X-Powered-By, Vary, ETag, Cache-Control: private",
    section: "4",
    layer: "headers",
  },
  "gzip-bodies": {
    description:
      "every JSON answer is gzip-coded (`Content-Encoding: gzip`), errors included, and so are the JSON 401s and 404s of the event-stream endpoints",
    section: "4",
    layer: "content-coding",
  },
  "br-bodies": {
    description:
      "every JSON answer is brotli-coded (`Content-Encoding: br`), errors included, and so are the JSON 401s and 404s of the event-stream endpoints",
    section: "4",
    layer: "content-coding",
  },
  "health-empty-body": {
    description:
      "GET /health answers 200 with an empty body (4: `200 when the API process answers`; its body is not shown)",
    section: "4",
    layer: "health-body",
    reach: ["auth", "service"],
  },
} as const satisfies Record<string, VariantSpec>;
