// Sends one request exactly as written: the path is not normalised (a `..` or a broken percent escape
// reaches the server as sent) and an event stream is cut after its headers, so a route that opens one
// answers like any other.
import { Pool } from "undici";

export interface Payload {
  bytes: string | Buffer;
  /** The Content-Type header; undefined sends none. */
  type: string | undefined;
}

export interface Answer {
  status: number;
  text: string;
  contentType: string;
}

const TIMEOUT_MS = 10_000;

export class RawClient {
  private readonly pool: Pool;

  /** `headers` go with every request: the credential the server under test expects. */
  constructor(
    origin: string,
    private readonly headers: Record<string, string> = {},
  ) {
    this.pool = new Pool(origin, { connections: 4 });
  }

  /** `extra` headers replace the default ones of the same name (a malformed credential). */
  async send(method: string, path: string, payload?: Payload, extra: Record<string, string> = {}): Promise<Answer> {
    const headers: Record<string, string> = { ...this.headers, ...extra };
    if (payload?.type !== undefined) headers["content-type"] = payload.type;
    const response = await this.pool.request({
      path,
      method: method as "GET",
      headers,
      body: payload?.bytes,
      headersTimeout: TIMEOUT_MS,
      bodyTimeout: TIMEOUT_MS,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const contentType = String(response.headers["content-type"] ?? "");
    if (contentType.startsWith("text/event-stream")) {
      // A stream never ends by itself; its status and headers are the answer.
      response.body.destroy();
      return { status: response.statusCode, text: "", contentType };
    }
    return { status: response.statusCode, text: await response.body.text(), contentType };
  }

  /** A JSON request the setup needs to succeed. */
  async json(method: string, path: string, body?: unknown): Promise<{ status: number; json: unknown }> {
    const answer = await this.send(
      method,
      path,
      body === undefined ? undefined : { bytes: JSON.stringify(body), type: "application/json" },
    );
    return { status: answer.status, json: answer.text === "" ? undefined : JSON.parse(answer.text) };
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}

/** A JSON request the setup needs to succeed: its answer, or an error that names the request. */
export async function created<T>(client: RawClient, method: string, path: string, body?: unknown): Promise<T> {
  const answer = await client.json(method, path, body);
  if (answer.status < 300) return answer.json as T;
  throw new Error(`setup: ${method} ${path} answered ${answer.status} ${JSON.stringify(answer.json)}`);
}
