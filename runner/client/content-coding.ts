// How every client of a target reads a content-coded body (RFC 9110 8.4): the harness sends no Accept-Encoding,
// so a server may pick any coding (12.5.3), and a gzip, deflate, brotli or zstd body is decoded, errors included,
// up to a cap in decoded bytes (a gzip bomb stops there). The HTTP client composes its own pool with the run's
// cap (http-client.ts); the stream client, the sweep, the doctor's probes and test-control requests use this.
import { type Dispatcher, getGlobalDispatcher, interceptors } from "undici";
import { LIMITS } from "./limits.ts";

/** `dispatcher` decoding what it reads; `maxBytes` 0 leaves the decoded size to the caller's own caps. */
export function decoding(dispatcher: Dispatcher, maxBytes: number): Dispatcher {
  return dispatcher.compose(interceptors.decompress({ maxSize: maxBytes, skipErrorResponses: false }));
}

let shared: Dispatcher | undefined;
/** The global dispatcher, decoding bodies up to the default body cap: for the harness's one-off requests. */
export function decodingGlobal(): Dispatcher {
  shared ??= decoding(getGlobalDispatcher(), LIMITS.bodyBytes);
  return shared;
}
