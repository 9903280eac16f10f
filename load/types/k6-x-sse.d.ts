// k6/x/sse: the API of github.com/phymbert/xk6-sse v0.1.12 (sse.open), which load/k6/sse
// implements, plus this build's sse.openAsync and the timeout and idleTimeout parameters.
// sse.open blocks the VU until the stream ends; sse.openAsync does not (its handlers run on the
// VU's event loop, so one VU can hold many streams). Handlers may call k6/http either way.
declare module "k6/x/sse" {
  export interface SseEvent {
    /** The frame's `id:` line, "" when absent. */
    id: string;
    /** The frame's `event:` name, "" when absent. */
    name: string;
    /** The `data:` lines joined with "\n". */
    data: string;
    /** The text of a `:` comment line: a keep-alive arrives as a frame with only this set. */
    comment: string;
  }

  /** What an "error" handler gets: xk6-sse passes the Go error, whose message is `error()`. */
  export interface SseError {
    error(): string;
  }

  export interface SseClient {
    on(event: "open", handler: () => void): void;
    on(event: "event", handler: (event: SseEvent) => void): void;
    on(event: "error", handler: (error: SseError) => void): void;
    close(): void;
  }

  export interface SseParams {
    method?: string;
    body?: string;
    headers?: Record<string, string>;
    tags?: Record<string, string>;
    /** Longest life of the stream ("30s" or milliseconds); then an error event. Only this build honours it. */
    timeout?: string | number;
    /** An error event ends the stream when no frame or keep-alive came for this long. Only this build. */
    idleTimeout?: string | number;
  }

  export interface SseResponse {
    url: string;
    /** 0 when the connection failed. */
    status: number;
    headers: Record<string, string>;
    /** "" unless the connection failed. */
    error: string;
  }

  export function open(url: string, params: SseParams, setup: (client: SseClient) => void): SseResponse;
  export function open(url: string, setup: (client: SseClient) => void): SseResponse;

  /**
   * Opens the stream without blocking the VU; the promise settles when the stream has ended.
   * This build's API: xk6-sse's later openAsync has another shape (a client to poll).
   */
  export function openAsync(url: string, params: SseParams, setup: (client: SseClient) => void): Promise<SseResponse>;
  export function openAsync(url: string, setup: (client: SseClient) => void): Promise<SseResponse>;

  const sse: { open: typeof open; openAsync: typeof openAsync };
  export default sse;
}
