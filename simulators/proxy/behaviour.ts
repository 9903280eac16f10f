// What a shaping proxy behaviour is: a named way of bending the exchanges that pass through the proxy
// (server.ts). Each hook is optional; a behaviour uses only the stages it bends. Latency waits at `head`;
// hostile behaviours (a 429 storm, a reset, a trickle, a huge body) answer at `intercept` or rewrite the
// body at `body`.
import type { IncomingHttpHeaders, ServerResponse } from "node:http";
import type { Duplex } from "node:stream";

/** One request as it arrived at the proxy. */
export interface ProxiedRequest {
  readonly method: string;
  /** Path and query, as sent. */
  readonly url: string;
  readonly headers: IncomingHttpHeaders;
  /** 1 for the first request through this proxy, then 2, 3...: for behaviours that bend every Nth one. */
  readonly index: number;
}

/** The upstream's status and headers, before the client sees them; `head` hooks may change them. */
export interface ResponseHead {
  status: number;
  headers: Record<string, string | string[]>;
}

export interface Behaviour {
  /** How the behaviour is named on a command line and in reports, e.g. `latency=30`. */
  readonly name: string;
  /** Answers in the upstream's place (or destroys the connection); true when it did, so nothing is forwarded. */
  intercept?(request: ProxiedRequest, response: ServerResponse): boolean | Promise<boolean>;
  /** Runs once the upstream's head is in, before any of it reaches the client: may wait, or change it. */
  head?(request: ProxiedRequest, head: ResponseHead): void | Promise<void>;
  /** A stream the body's bytes pass through on their way to the client, or undefined to leave them. */
  body?(request: ProxiedRequest, head: ResponseHead): Duplex | undefined;
}
