// The SSE reader every stream check uses (6.2): opens a stream with undici, parses it with eventsource-parser
// (the WHATWG algorithm), keeps each frame's raw lines and arrival time, records keep-alive comments with
// theirs, and notes what breaks the wire format: bytes that are not UTF-8, a frame without an `event:` name
// or with a body that is not JSON, a partial frame the server left unterminated when it ended the stream.
// Every wait has a deadline; every stream is closed at the end of its suite file at the latest.
import type { IncomingHttpHeaders } from "node:http";
import { createParser } from "eventsource-parser";
import { Agent, request } from "undici";
import type { Exchange } from "../spec/report.ts";
import { credentialUsed } from "./credential-used.ts";
import { type ApiResponse, authHeaders, type RequestOptions, urlFor, type Who } from "./http-client.ts";
import { assertTargetAlive, noteAnswered } from "./liveness.ts";
import { recordExchange } from "./recorder.ts";
import { redact, redactHeaders } from "./redact.ts";
import { track, untrack } from "./resources.ts";
import { runConfig } from "./run-config.ts";
import { TargetError } from "./target-error.ts";
import { applyUniversalRules } from "./universal-rules.ts";

export interface SseFrame {
  /** The `event:` name; undefined when the frame had none. */
  event: string | undefined;
  /** This frame's own `id:` line value, if it had one (eventsource-parser does not carry ids over). */
  id: string | undefined;
  data: string;
  /** `data` parsed as JSON, or undefined when it is not JSON. */
  json: unknown;
  /** The frame's lines as they came over the wire (without line endings). */
  raw: string[];
  /** Milliseconds after the response headers arrived. */
  at: number;
  /** Position in the stream, from 0. */
  index: number;
}

export interface SseComment {
  text: string;
  at: number;
}

export interface OpenStreamOptions {
  as?: Who;
  headers?: Record<string, string>;
  query?: RequestOptions["query"];
  region?: number;
  /** Deadline for the response headers (default: the run's request timeout). */
  timeoutMs?: number;
  /** The stream is closed after this long whatever happens (default 60 s). */
  maxLifeMs?: number;
}

export interface Wait {
  timeoutMs: number;
  /** Only frames at this index or later count (default 0: every frame received so far). */
  from?: number;
  /** What is awaited, for the failure message. */
  what: string;
}

const RAW_KEPT = 64 * 1024;
const REPORTED_BODY = 4 * 1024;

const dispatcher = new Agent({ connect: { timeout: 5_000 }, keepAliveTimeout: 1_000 });

export class SseStream {
  readonly frames: SseFrame[] = [];
  readonly comments: SseComment[] = [];
  /** Wire-format problems (frame-format clause). */
  readonly problems: string[] = [];
  /** Line endings seen: WHATWG accepts all three; the reference sends LF only. */
  readonly lineEndings = { lf: 0, crlf: 0, cr: 0 };
  /** True once the server ended the stream (not when we closed it). */
  endedByServer = false;
  closed = false;
  private raw = "";
  private readonly waiters = new Set<() => void>();
  private readonly opened = performance.now();

  constructor(
    readonly url: string,
    readonly status: number,
    readonly headers: Record<string, string>,
    private readonly controller: AbortController,
    private readonly exchange: Exchange,
  ) {}

  get contentType(): string | undefined {
    return this.headers["content-type"];
  }

  /** The raw text received so far (the first 64 KiB). */
  get text(): string {
    return this.raw;
  }

  elapsed(): number {
    return performance.now() - this.opened;
  }

  /** The first frame (from `wait.from`) that matches, waiting for it until the deadline. */
  waitFor(predicate: (frame: SseFrame) => boolean, wait: Wait): Promise<SseFrame> {
    return this.until(() => this.frames.slice(wait.from ?? 0).find(predicate), wait);
  }

  /** The frame named `event` (from `wait.from`), waiting for it until the deadline. */
  waitForEvent(event: string, wait: Omit<Wait, "what"> & { what?: string }): Promise<SseFrame> {
    return this.waitFor((frame) => frame.event === event, { what: `a ${event} frame`, ...wait });
  }

  /** The first comment line (a keep-alive) received later than `afterMs`, waiting for it until the deadline. */
  waitForComment(timeoutMs: number, afterMs = Number.NEGATIVE_INFINITY): Promise<SseComment> {
    return this.until(() => this.comments.find((comment) => comment.at > afterMs), {
      timeoutMs,
      what: "a comment line (keep-alive)",
    });
  }

  /** Everything received within the next `ms`: for checks that something is NOT sent. */
  async observe(ms: number): Promise<SseFrame[]> {
    const from = this.frames.length;
    await new Promise((resolve) => setTimeout(resolve, ms));
    return this.frames.slice(from);
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.controller.abort(new Error("closed by the harness"));
    this.finish();
  }

  /** One line per frame, for assertion messages. */
  describe(limit = 12): string {
    const lines = this.frames.slice(-limit).map((f) => `  #${f.index} +${Math.round(f.at)}ms ${f.raw.join(" | ")}`);
    const head = `GET ${this.url} → ${this.status} ${this.contentType ?? "(no content-type)"}; ${this.frames.length} frame(s), ${this.comments.length} comment(s)`;
    return redact([head, ...lines].join("\n").slice(0, 4_000));
  }

  private until<T>(found: () => T | undefined, wait: Wait): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const attempt = () => {
        const value = found();
        if (value !== undefined) {
          done();
          resolve(value);
        } else if (this.endedByServer || this.closed) {
          done();
          reject(new Error(`stream ended before ${wait.what} arrived\n${this.describe()}`));
        }
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`no ${wait.what} within ${wait.timeoutMs} ms\n${this.describe()}`));
      }, wait.timeoutMs);
      const done = () => {
        clearTimeout(timer);
        this.waiters.delete(attempt);
      };
      this.waiters.add(attempt);
      attempt();
    });
  }

  private notify(): void {
    for (const waiter of [...this.waiters]) waiter();
  }

  /** @internal Reads the body until it ends or is closed. */
  async pump(body: AsyncIterable<Buffer>): Promise<void> {
    const ends = new LineEnds(this.lineEndings);
    const scanner = new LineScanner();
    const rawBlocks: string[][] = [];
    const parser = createParser({
      onEvent: (message) => {
        const frame: SseFrame = {
          event: message.event,
          id: message.id,
          data: message.data,
          json: parseJson(message.data),
          raw: rawBlocks.shift() ?? [],
          at: this.elapsed(),
          index: this.frames.length,
        };
        if (frame.event === undefined) this.problems.push(`frame #${frame.index} has no event: name`);
        if (frame.json === undefined) this.problems.push(`frame #${frame.index} data is not JSON`);
        this.frames.push(frame);
      },
      onComment: (comment) => this.comments.push({ text: comment, at: this.elapsed() }),
    });
    let decoder = new TextDecoder("utf-8", { fatal: true });
    try {
      for await (const buffer of body) {
        let text: string;
        try {
          text = decoder.decode(buffer, { stream: true });
        } catch {
          this.problems.push("the stream is not valid UTF-8");
          decoder = new TextDecoder("utf-8");
          text = decoder.decode(buffer, { stream: true });
        }
        if (this.raw.length < RAW_KEPT) this.raw += text.slice(0, RAW_KEPT - this.raw.length);
        const lines = ends.normalize(text);
        rawBlocks.push(...scanner.feed(lines));
        parser.feed(lines);
        this.notify();
      }
      this.endedByServer = !this.closed;
      if (this.endedByServer && scanner.hasPartialFrame()) {
        this.problems.push("the stream ended inside a frame (no blank line after its last field)");
      }
    } catch {
      // Closed by us (abort) or the connection broke: either way the stream is over.
      this.endedByServer = !this.closed;
    }
    this.finish();
  }

  private finish(): void {
    untrack(this.trackKey);
    this.exchange.response_body = redact(this.raw.slice(0, REPORTED_BODY));
    this.exchange.duration_ms = Math.round(this.elapsed());
    this.notify();
  }

  get trackKey(): string {
    return `stream ${this.url} #${this.opened}`;
  }
}

/**
 * Rewrites LF, CRLF and CR line ends as LF, counting each kind. A CR ends its line at once, as browsers read
 * it, and an LF that follows it in the next chunk is dropped: holding a trailing CR back until the next byte
 * (eventsource-parser does) would keep a frame written with CR line ends from arriving until the next
 * keep-alive, 15 s later.
 */
class LineEnds {
  private afterCr = false;

  constructor(private readonly endings: { lf: number; crlf: number; cr: number }) {}

  normalize(text: string): string {
    let from = text;
    if (this.afterCr && from.startsWith("\n")) {
      // The CR counted alone at the end of the last chunk was the first half of a CRLF.
      this.endings.cr -= 1;
      this.endings.crlf += 1;
      from = from.slice(1);
    }
    const out = from.replace(/\r\n|\r|\n/g, (end) => {
      if (end === "\n") this.endings.lf += 1;
      else if (end === "\r\n") this.endings.crlf += 1;
      else this.endings.cr += 1;
      return "\n";
    });
    if (from.length > 0) this.afterCr = from.endsWith("\r");
    return out;
  }
}

/** Splits LF-only text into lines, grouping them into blocks that end at a blank line. */
class LineScanner {
  private pending = "";
  private block: string[] = [];

  /** Answers the completed blocks that carry a data field (those are the ones the parser dispatches). */
  feed(text: string): string[][] {
    this.pending += text;
    const blocks: string[][] = [];
    for (;;) {
      const at = this.pending.indexOf("\n");
      if (at < 0) break;
      const line = this.pending.slice(0, at);
      this.pending = this.pending.slice(at + 1);
      if (line === "") {
        if (this.block.some((l) => /^data(:|$)/.test(l))) blocks.push(this.block);
        this.block = [];
      } else {
        this.block.push(line);
      }
    }
    return blocks;
  }

  /** Field lines (not comments) or text the server never terminated with a blank line. */
  hasPartialFrame(): boolean {
    return this.block.some((line) => !line.startsWith(":")) || (this.pending !== "" && !this.pending.startsWith(":"));
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function flatten(headers: IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) out[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : value;
  }
  return out;
}

/**
 * Opens GET `path` as an event stream. A 2xx answer is read as a stream whatever its content type (so a
 * wrong content type is visible to the checks, not hidden by the reader); any other answer is read whole
 * and returned as a plain response.
 */
export async function openStream(
  path: string,
  options: OpenStreamOptions = {},
): Promise<{ stream: SseStream; response?: undefined } | { stream?: undefined; response: ApiResponse }> {
  const config = runConfig();
  const url = urlFor(path, options.query, options.region);
  const timeoutMs = options.timeoutMs ?? config.timeoutMs;
  const headers: Record<string, string> = {
    accept: "text/event-stream",
    ...authHeaders(options.as ?? "admin"),
    ...options.headers,
  };
  const controller = new AbortController();
  assertTargetAlive();
  const startedAt = new Date().toISOString();
  const started = performance.now();
  let response: Awaited<ReturnType<typeof request>>;
  try {
    response = await request(url, {
      method: "GET",
      headers,
      dispatcher,
      headersTimeout: timeoutMs,
      // Keep-alives come every 15 s; a longer silence than the stream's whole life is not expected.
      bodyTimeout: options.maxLifeMs ?? 60_000,
      signal: AbortSignal.any([controller.signal, AbortSignal.timeout(options.maxLifeMs ?? 60_000)]),
    });
    noteAnswered(true);
  } catch (error) {
    noteAnswered(false);
    const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    throw new TargetError(redact(`GET ${url}: no stream headers within ${timeoutMs} ms (${reason})`));
  }
  const responseHeaders = flatten(response.headers);
  const exchange: Exchange = {
    method: "GET",
    url: redact(url),
    status: response.statusCode,
    request_headers: redactHeaders(headers),
    request_body: null,
    response_headers: redactHeaders(responseHeaders),
    response_body: "",
    duration_ms: Math.round(performance.now() - started),
    started_at: startedAt,
    credential: credentialUsed(headers),
  };
  recordExchange(exchange);

  if (response.statusCode < 200 || response.statusCode >= 300) {
    let timer: NodeJS.Timeout | undefined;
    let text: string;
    try {
      text = await Promise.race([
        response.body.text(),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error("body timeout")), timeoutMs);
        }),
      ]);
    } catch {
      controller.abort();
      throw new TargetError(redact(`GET ${url}: answered ${response.statusCode} but no body within ${timeoutMs} ms`));
    } finally {
      clearTimeout(timer);
    }
    exchange.response_body = redact(text);
    const contentType = responseHeaders["content-type"];
    applyUniversalRules({ method: "GET", url: exchange.url, status: response.statusCode, contentType, text });
    return {
      response: {
        method: "GET",
        url: exchange.url,
        status: response.statusCode,
        headers: responseHeaders,
        text,
        json: parseJson(text),
      },
    };
  }

  const stream = new SseStream(exchange.url, response.statusCode, responseHeaders, controller, exchange);
  track(stream.trackKey, async () => stream.close());
  void stream.pump(response.body);
  return { stream };
}

/** openStream for checks that expect the stream to open: anything else is a failure naming the answer. */
export async function mustOpen(path: string, options: OpenStreamOptions = {}): Promise<SseStream> {
  const opened = await openStream(path, options);
  if (opened.stream === undefined) {
    const r = opened.response;
    throw new Error(`expected GET ${r.url} to open a stream, got ${r.status} ${redact(r.text.slice(0, 300))}`);
  }
  return opened.stream;
}
