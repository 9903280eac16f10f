// Fetches one page for a crawl or a build: the address guard on every hop, redirects followed by
// hand (each target re-checked), a time limit on the whole fetch, a size cap, HTML only.
import { type Dispatcher, request } from "undici";
import { BlockedAddressError } from "../net/guarded-agent.ts";
import { isTrustedOrigin, refusalOf } from "./crawl-guard.ts";

export type FetchOutcome =
  | { kind: "html"; url: string; html: string }
  /** Answered, but not a page to index (an image, a PDF): skipped, not a failure. */
  | { kind: "not-html"; url: string; contentType: string }
  | { kind: "failed"; url: string; reason: string };

export interface PageFetcher {
  fetch(url: string, signal: AbortSignal): Promise<FetchOutcome>;
  /** The body of a 200 answer of any type (robots.txt), or undefined. */
  text(url: string, signal: AbortSignal): Promise<string | undefined>;
}

export interface FetcherOptions {
  trustedOrigin: string | undefined;
  timeoutMs: number;
  /** Dials untrusted hosts (the guarded agent); the trusted origin uses `trusted`. */
  guarded: Dispatcher;
  trusted: Dispatcher;
}

const MAX_REDIRECTS = 3;
const MAX_BYTES = 2 * 1024 * 1024;

async function readCapped(body: AsyncIterable<Buffer> & { destroy(): void }): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > MAX_BYTES) {
      body.destroy();
      return undefined;
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}

export function createFetcher(options: FetcherOptions): PageFetcher {
  async function fetchOnce(url: string, signal: AbortSignal, htmlOnly = true): Promise<FetchOutcome> {
    let current = new URL(url);
    for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
      const refusal = refusalOf(current, options.trustedOrigin);
      if (refusal !== undefined) return { kind: "failed", url, reason: `${current.origin} ${refusal}` };
      const response = await request(current, {
        method: "GET",
        headers: { accept: "text/html,application/xhtml+xml;q=0.9,*/*;q=0.1", "user-agent": "service-crawler/1" },
        dispatcher: isTrustedOrigin(current, options.trustedOrigin) ? options.trusted : options.guarded,
        headersTimeout: options.timeoutMs,
        bodyTimeout: options.timeoutMs,
        signal,
      });
      const location = response.headers.location;
      if (response.statusCode >= 300 && response.statusCode < 400 && typeof location === "string") {
        await response.body.dump();
        current = new URL(location, current);
        continue;
      }
      if (response.statusCode !== 200) {
        await response.body.dump();
        return { kind: "failed", url, reason: `answered ${response.statusCode}` };
      }
      const contentType = String(response.headers["content-type"] ?? "");
      if (htmlOnly && !/^(text\/html|application\/xhtml\+xml)\b/i.test(contentType)) {
        await response.body.dump();
        return { kind: "not-html", url, contentType };
      }
      const html = await readCapped(response.body);
      if (html === undefined) return { kind: "failed", url, reason: `larger than ${MAX_BYTES} bytes` };
      return { kind: "html", url, html };
    }
    return { kind: "failed", url, reason: `more than ${MAX_REDIRECTS} redirects` };
  }

  async function fetchBounded(url: string, outer: AbortSignal, htmlOnly: boolean): Promise<FetchOutcome> {
    // One time limit for the whole fetch, redirects included, and the caller's abort on top. Listeners
    // are removed when the fetch ends: a crawl's signal sees thousands of fetches (AbortSignal.any would
    // keep one listener per fetch on it until collected).
    const controller = new AbortController();
    const signal = controller.signal;
    const onAbort = () => controller.abort(outer.reason);
    const timer = setTimeout(() => controller.abort(new Error("timeout")), options.timeoutMs);
    if (outer.aborted) onAbort();
    else outer.addEventListener("abort", onAbort, { once: true });
    try {
      return await fetchOnce(url, signal, htmlOnly);
    } catch (error) {
      if (outer.aborted) throw outer.reason;
      const reason = isBlocked(error)
        ? "does not resolve to a public address"
        : signal.aborted
          ? `no answer within ${options.timeoutMs} ms`
          : `could not be fetched (${(error as Error).name})`;
      return { kind: "failed", url, reason };
    } finally {
      clearTimeout(timer);
      outer.removeEventListener("abort", onAbort);
    }
  }

  return {
    fetch: (url, signal) => fetchBounded(url, signal, true),
    async text(url, signal) {
      const outcome = await fetchBounded(url, signal, false);
      return outcome.kind === "html" ? outcome.html : undefined;
    },
  };
}

/** The connector's refusal, however undici wraps it. */
function isBlocked(error: unknown): boolean {
  for (let e = error; e instanceof Error; e = e.cause) if (e instanceof BlockedAddressError) return true;
  return false;
}
