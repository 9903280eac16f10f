// A front worker passes every request it does not answer itself to its primary whole: method, path,
// headers and body in, status, headers and body back, streamed both ways. What the primary does to a
// connection (drops it while offline, holds it for a hang, closes it after a refusal) the client sees
// done to its own. A body over the primary's limit is not sent at all: the primary refuses it from its
// length alone (413), and would reset a connection still sending it before its answer could be read.
import { type Agent, request as forward, type IncomingMessage, type ServerResponse } from "node:http";

/** Headers about one connection, not the request: neither forwarded nor answered back. */
const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "proxy-connection",
  "transfer-encoding",
  "upgrade",
  "te",
  "trailer",
]);

/** Raw headers (name, value, name, value...) without the hop-by-hop ones. */
function endToEnd(raw: readonly string[]): string[] {
  const kept: string[] = [];
  for (let i = 0; i < raw.length; i += 2) {
    if (!HOP_BY_HOP.has(raw[i]!.toLowerCase())) kept.push(raw[i]!, raw[i + 1]!);
  }
  return kept;
}

/** The primary's private origin, e.g. http://127.0.0.1:40123, and the connections kept to it. */
export interface Upstream {
  host: string;
  port: number;
  agent: Agent;
}

export function proxyToPrimary(
  request: IncomingMessage,
  response: ServerResponse,
  upstream: Upstream,
  limits: { idleTimeoutMs: number; bodyLimit: number },
): void {
  // The primary times out what it must; the client's socket waits as long as the primary's answer does,
  // then idles under the usual limit again.
  request.socket.setTimeout(0);
  let answered = false;
  const drop = () => {
    // The primary dropped the connection (offline, closing) or the answer broke off: so does the client's.
    request.socket?.destroy();
  };
  const oversized = Number(request.headers["content-length"]) > limits.bodyLimit;
  const outgoing = forward({
    host: upstream.host,
    port: upstream.port,
    // A connection promised a body it never gets is no use to the next request: its own, closed after.
    agent: oversized ? false : upstream.agent,
    method: request.method,
    path: request.url,
    headers: endToEnd(request.rawHeaders),
  });
  outgoing.on("response", (incoming) => {
    answered = true;
    // A refusal that closes the primary's connection closes the client's too.
    if (incoming.headers.connection === "close") response.setHeader("connection", "close");
    response.writeHead(incoming.statusCode ?? 502, endToEnd(incoming.rawHeaders));
    incoming.pipe(response);
    incoming.once("close", () => {
      // The primary still waits for the body it was promised and never sent: that connection is done.
      if (oversized) outgoing.destroy();
      if (incoming.complete) request.socket?.setTimeout(limits.idleTimeoutMs);
      else drop();
    });
  });
  // Before an answer, a failed request is a dropped connection; after one, the answer stands (the
  // primary may close while a refused body is still coming).
  outgoing.on("error", () => {
    if (!answered) drop();
  });
  response.once("close", () => {
    if (!response.writableFinished) outgoing.destroy();
  });
  if (oversized) {
    outgoing.end();
    request.resume();
  } else {
    request.pipe(outgoing);
  }
}
