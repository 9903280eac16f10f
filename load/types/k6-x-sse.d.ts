// k6/x/sse: the synchronous API of github.com/phymbert/xk6-sse, which load/k6/sse implements too.
// sse.open blocks the VU until the stream ends; handlers run on the VU, so they may call k6/http.
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

  export interface SseClient {
    on(event: "open", handler: () => void): void;
    on(event: "event", handler: (event: SseEvent) => void): void;
    on(event: "error", handler: (error: unknown) => void): void;
    close(): void;
  }

  export interface SseParams {
    method?: string;
    body?: string;
    headers?: Record<string, string>;
    tags?: Record<string, string>;
    /** Longest life of the stream ("30s" or milliseconds). Only the project's build honours it. */
    timeout?: string | number;
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

  const sse: { open: typeof open };
  export default sse;
}
