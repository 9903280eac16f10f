// The SSE reader every stream check uses (6.2): opens a stream with undici, parses it with eventsource-parser
// (the WHATWG algorithm), keeps each frame's raw lines and arrival time, records keep-alive comments with
// theirs, and notes what breaks the wire format: bytes that are not UTF-8, a frame without an `event:` name
// or with a body that is not JSON, a partial frame the server left unterminated when it ended the stream.
// Every wait has a deadline; every stream is closed at the end of its suite file at the latest. What a stream
// keeps is bounded (runner/client/limits.ts): a line or a frame over its cap, or more frames than a stream keeps, closes
// the stream, and every wait on it then ends with a LimitExceeded naming the cap (the check errors).
import { isUtf8 } from "node:buffer";
import type { IncomingHttpHeaders } from "node:http";
import { createParser } from "eventsource-parser";
import { Agent, request } from "undici";
import { clipBody, clipText, type Exchange } from "../../spec/report.ts";
import { BodyOverCap, readCapped } from "./capped-body.ts";
import { decoding } from "./content-coding.ts";
import { credentialUsed } from "./credential-used.ts";
import {
  type ApiResponse,
  authHeaders,
  bodyCapMessage,
  explain,
  headerCapMessage,
  isHeaderOverflow,
  noAnswerMessage,
  type RequestOptions,
  urlFor,
  type Who,
} from "./http-client.ts";
import { inFlightSlot } from "./in-flight.ts";
import { formatBytes, LIMITS, LimitExceeded } from "./limits.ts";
import { assertTargetAlive, noteAnswered } from "./liveness.ts";
import { exchangeLine, linkExchange, noteNamed, noteRequest, recordExchange } from "./recorder.ts";
import { redact, redactReceivedHeaders, redactSentHeaders } from "./redact.ts";
import { track, untrack } from "./resources.ts";
import { runConfig } from "./run-config.ts";
import { TargetError } from "./target-error.ts";
import { pause, waiting } from "./traffic.ts";
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
  /** How a frame's JSON is read (a profile's field maps, by frame name); as it came when absent. */
  readFrame?: FrameReader;
}

export type FrameReader = (event: string | undefined, json: unknown) => unknown;

export interface Wait {
  timeoutMs: number;
  /** Only frames at this index or later count (default 0: every frame received so far). */
  from?: number;
  /** What is awaited, for the failure message. */
  what: string;
}

const RAW_KEPT = 64 * 1024;
const REPORTED_BODY = 4 * 1024;

// No maxResponseSize: a stream is long by nature; its lines, frames and frame count are capped as they come,
// in decoded characters (a content-coded stream, or the JSON answer of one that did not open, is decoded first).
const dispatcher = decoding(
  new Agent({ connect: { timeout: 5_000 }, keepAliveTimeout: 1_000, maxHeaderSize: LIMITS.headerBytes }),
  0,
);

export class SseStream {
  readonly frames: SseFrame[] = [];
  /** The first keep-alive comments (LIMITS.sseCommentsKept, each cut); `commentCount` counts them all. */
  readonly comments: SseComment[] = [];
  commentCount = 0;
  /** Wire-format problems (frame-format clause), the first LIMITS.sseProblemsKept of them. */
  readonly problems: string[] = [];
  /** Set when a cap of the harness ended the stream: what every later wait rejects with. */
  overLimit: string | undefined;
  /** Line endings seen: WHATWG accepts all three; the reference sends LF only. */
  readonly lineEndings = { lf: 0, crlf: 0, cr: 0 };
  /** True once the server ended the stream (not when we closed it). */
  endedByServer = false;
  closed = false;
  private raw = "";
  /** Characters received in all (raw keeps the first RAW_KEPT of them). */
  private receivedChars = 0;
  /** Characters of the frames kept so far (data and raw lines), held to the run's body cap. */
  private keptChars = 0;
  private readonly waiters = new Set<() => void>();
  private readonly opened = performance.now();

  constructor(
    readonly url: string,
    readonly status: number,
    readonly headers: Record<string, string>,
    private readonly controller: AbortController,
    private readonly exchange: Exchange,
    private readonly readFrame: FrameReader = (_event, json) => json,
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
    await pause(ms);
    this.throwIfOverLimit();
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
    const lines = this.frames
      .slice(-limit)
      .map((f) => `  #${f.index} +${Math.round(f.at)}ms ${clipText(f.raw.join(" | "), 4_000)}`);
    noteNamed(this.exchange);
    const head = `${exchangeLine({ method: "GET", url: this.url, status: this.status })} ${this.contentType ?? "(no content-type)"}; ${this.frames.length} frame(s), ${this.commentCount} comment(s)`;
    return redact([head, ...lines].join("\n").slice(0, 4_000));
  }

  /** A wait for what the server sends later (the spec's own pace: a keep-alive every 15 s, a reply). */
  private until<T>(found: () => T | undefined, wait: Wait): Promise<T> {
    return waiting(this.arrival(found, wait));
  }

  private arrival<T>(found: () => T | undefined, wait: Wait): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const attempt = () => {
        const value = found();
        if (this.overLimit !== undefined) {
          done();
          reject(this.limitError());
        } else if (value !== undefined) {
          done();
          resolve(value);
        } else if (this.endedByServer || this.closed) {
          done();
          reject(new Error(`stream ended before ${wait.what} arrived\n${this.describe()}`));
        }
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`${wait.what} did not come within ${wait.timeoutMs} ms\n${this.describe()}`));
      }, wait.timeoutMs);
      const done = () => {
        clearTimeout(timer);
        this.waiters.delete(attempt);
      };
      this.waiters.add(attempt);
      attempt();
    });
  }

  private limitError(): LimitExceeded {
    return new LimitExceeded(redact(`GET ${this.url}: ${this.overLimit}, so the harness closed the stream`));
  }

  private throwIfOverLimit(): void {
    if (this.overLimit !== undefined) throw this.limitError();
  }

  /** Ends the stream at a cap: the reason is kept for every wait, and the connection is dropped. */
  private stopAt(reason: string): void {
    if (this.overLimit !== undefined) return;
    this.overLimit = reason;
    this.close();
  }

  private problem(text: string): void {
    if (this.problems.length < LIMITS.sseProblemsKept) this.problems.push(text);
    else if (this.problems.length === LIMITS.sseProblemsKept) this.problems.push("… and more problems, not listed");
  }

  private notify(): void {
    for (const waiter of [...this.waiters]) waiter();
  }

  /** @internal Reads the body until it ends, is closed, or passes a cap. */
  async pump(body: AsyncIterable<Buffer>): Promise<void> {
    const ends = new LineEnds(this.lineEndings);
    const scanner = new LineScanner();
    const rawBlocks: string[][] = [];
    const bodyCap = runConfig().maxBodyBytes;
    const parser = createParser({
      onEvent: (message) => {
        if (this.overLimit !== undefined) return;
        const frame: SseFrame = {
          event: message.event,
          id: message.id,
          data: message.data,
          json: this.readFrame(message.event, parseJson(message.data)),
          raw: rawBlocks.shift() ?? [],
          at: this.elapsed(),
          index: this.frames.length,
        };
        if (frame.event === undefined) this.problem(`frame #${frame.index} has no event: name`);
        if (frame.json === undefined) this.problem(`frame #${frame.index} data is not JSON`);
        this.keptChars += frame.data.length + frame.raw.reduce((sum, line) => sum + line.length, 0);
        if (this.frames.length >= LIMITS.sseFramesKept) {
          this.stopAt(`the stream sent more than ${LIMITS.sseFramesKept} frames, the most one stream keeps`);
        } else if (this.keptChars > bodyCap) {
          this.stopAt(`the frames of the stream passed the body cap of ${formatBytes(bodyCap)}`);
        } else {
          this.frames.push(frame);
        }
      },
      onComment: (comment) => {
        this.commentCount += 1;
        if (this.comments.length < LIMITS.sseCommentsKept) {
          this.comments.push({ text: clipText(comment, LIMITS.sseCommentChars), at: this.elapsed() });
        }
      },
    });
    let decoder = new TextDecoder("utf-8", { fatal: true });
    try {
      for await (const buffer of body) {
        let text: string;
        try {
          text = decoder.decode(buffer, { stream: true });
        } catch {
          this.problem("the stream is not valid UTF-8");
          decoder = new TextDecoder("utf-8");
          text = decoder.decode(buffer, { stream: true });
        }
        this.receivedChars += text.length;
        if (this.raw.length < RAW_KEPT) this.raw += text.slice(0, RAW_KEPT - this.raw.length);
        const lines = ends.normalize(text);
        rawBlocks.push(...scanner.feed(lines));
        // Checked before the parser sees the text, so neither holds more than a cap and one chunk.
        const over = scanner.overCap();
        if (over !== undefined) {
          this.stopAt(over);
          break;
        }
        parser.feed(lines);
        this.notify();
        if (this.overLimit !== undefined) break;
      }
      this.endedByServer = !this.closed;
      if (this.endedByServer && scanner.hasPartialFrame()) {
        this.problem("the stream ended inside a frame (no blank line after its last field)");
      }
    } catch {
      // Closed by us (abort) or the connection broke: either way the stream is over.
      this.endedByServer = !this.closed;
    }
    this.finish();
  }

  private finish(): void {
    untrack(this.trackKey);
    const cut = this.overLimit === undefined ? "" : `\n[the harness closed the stream: ${this.overLimit}]`;
    const size = this.receivedChars > REPORTED_BODY ? `… [${this.receivedChars} characters in all]` : "";
    this.exchange.response_body = redact(this.raw.slice(0, REPORTED_BODY)) + size + cut;
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

/**
 * Splits LF-only text (LineEnds's) into lines, grouping them into blocks that end at a blank line. Only the new
 * text is searched for line endings, and the line still open and the block being read are measured against the
 * line and frame caps (characters, which a UTF-8 byte count can only exceed).
 */
class LineScanner {
  /** The line not yet ended. */
  private pending = "";
  private block: string[] = [];
  private blockChars = 0;

  /** Answers the completed blocks that carry a data field (those are the ones the parser dispatches). */
  feed(text: string): string[][] {
    const from = this.pending.length;
    this.pending += text;
    const blocks: string[][] = [];
    let start = 0;
    for (;;) {
      const at = this.pending.indexOf("\n", Math.max(start, from));
      if (at < 0) break;
      const line = this.pending.slice(start, at);
      start = at + 1;
      if (line === "") {
        if (this.block.some((l) => /^data(:|$)/.test(l))) blocks.push(this.block);
        this.block = [];
        this.blockChars = 0;
      } else {
        this.block.push(line);
        this.blockChars += line.length;
      }
    }
    this.pending = this.pending.slice(start);
    return blocks;
  }

  /** The cap the open line or the open frame passed, if any. */
  overCap(): string | undefined {
    if (this.pending.length > LIMITS.sseLineBytes) {
      return `a line of the stream passed the line cap of ${formatBytes(LIMITS.sseLineBytes)} without ending`;
    }
    if (this.blockChars + this.pending.length > LIMITS.sseFrameBytes) {
      return `a frame of the stream passed the frame cap of ${formatBytes(LIMITS.sseFrameBytes)} without ending`;
    }
    return undefined;
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
  let startedAt = "";
  let started = 0;
  let response: Awaited<ReturnType<typeof request>>;
  try {
    // An open holds one of the region's slots until its response headers arrive, not for the stream's life.
    response = await inFlightSlot(options.region ?? 0, () => {
      noteRequest();
      startedAt = new Date().toISOString();
      started = performance.now();
      return request(url, {
        method: "GET",
        headers,
        dispatcher,
        headersTimeout: timeoutMs,
        // Keep-alives come every 15 s; a longer silence than the stream's whole life is not expected.
        bodyTimeout: options.maxLifeMs ?? 60_000,
        signal: AbortSignal.any([controller.signal, AbortSignal.timeout(options.maxLifeMs ?? 60_000)]),
      });
    });
    noteAnswered(true);
  } catch (error) {
    noteAnswered(isHeaderOverflow(error));
    if (isHeaderOverflow(error)) throw new LimitExceeded(redact(headerCapMessage("GET", url)));
    throw new TargetError(redact(noAnswerMessage(`GET ${url}: no stream headers`, timeoutMs, error)));
  }
  const responseHeaders = flatten(response.headers);
  const exchange: Exchange = {
    method: "GET",
    url: redact(url),
    status: response.statusCode,
    request_headers: redactSentHeaders(headers),
    request_body: null,
    response_headers: redactReceivedHeaders(responseHeaders),
    response_body: "",
    duration_ms: Math.round(performance.now() - started),
    started_at: startedAt,
    credential: credentialUsed(headers),
  };
  recordExchange(exchange);

  if (response.statusCode < 200 || response.statusCode >= 300) {
    let timer: NodeJS.Timeout | undefined;
    let text: string;
    let utf8: boolean;
    const cap = config.maxBodyBytes;
    try {
      const bytes = await Promise.race([
        readCapped(response.body, cap, responseHeaders["content-length"]),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new DOMException("body timeout", "TimeoutError")), timeoutMs);
        }),
      ]);
      text = new TextDecoder().decode(bytes);
      utf8 = isUtf8(bytes);
    } catch (error) {
      controller.abort();
      if (error instanceof BodyOverCap) {
        exchange.response_body = `[not kept: over the body cap of ${formatBytes(cap)}]`;
        throw new LimitExceeded(redact(bodyCapMessage("GET", url, error, cap)));
      }
      const missing = `GET ${url}: answered ${response.statusCode} but no body`;
      throw new TargetError(redact(noAnswerMessage(missing, timeoutMs, error)));
    } finally {
      clearTimeout(timer);
    }
    exchange.response_body = clipBody(redact(text));
    const contentType = responseHeaders["content-type"];
    applyUniversalRules({ method: "GET", url: exchange.url, status: response.statusCode, contentType, text, utf8 });
    const answer = {
      method: "GET",
      url: exchange.url,
      status: response.statusCode,
      headers: responseHeaders,
      text,
      json: parseJson(text),
    };
    linkExchange(answer, exchange);
    return { response: answer };
  }

  const stream = new SseStream(
    exchange.url,
    response.statusCode,
    responseHeaders,
    controller,
    exchange,
    options.readFrame,
  );
  track(stream.trackKey, async () => stream.close());
  void stream.pump(response.body);
  return { stream };
}

/** openStream for checks that expect the stream to open: anything else is a failure naming the answer. */
export async function mustOpen(path: string, options: OpenStreamOptions = {}): Promise<SseStream> {
  const opened = await openStream(path, options);
  if (opened.stream === undefined) {
    const r = opened.response;
    // The answer's own line (explain) in the message: a failure on it keeps this exchange, marked.
    throw new Error(`expected GET ${r.url} to open a stream, got ${r.status}: ${explain(r)}`);
  }
  return opened.stream;
}
