// One signed request from the carrier to a server (status callback or voice_url), as Twilio sends
// them: form-encoded, X-Twilio-Signature, a hard deadline, no retry, no redirect.
import { randomUUID } from "node:crypto";
import ipaddr from "ipaddr.js";
import { type Agent, request } from "undici";
import type { HttpMethod } from "./model.ts";
import { type FormParams, twilioSignature } from "./twilio-signature.ts";

export interface SignedRequest {
  url: string;
  method: HttpMethod;
  params: Record<string, string>;
  /** Signing key; never logged. */
  authToken: string;
}

export interface SignedResult {
  status: number | null;
  /** The first 64 KiB of the answer, enough to see a TwiML <Reject/>. */
  body: string;
  error: string | null;
  elapsedMs: number;
}

const MAX_BODY = 64 * 1024;

/** The simulators only talk over loopback; any other host is refused before a socket opens. */
export function isLoopbackUrl(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname.replace(/^\[|\]$/g, "");
  } catch {
    return false;
  }
  if (host === "localhost") return true;
  if (!ipaddr.isValid(host)) return false;
  const address = ipaddr.process(host);
  return address.range() === "loopback";
}

export async function sendSigned(
  agent: Agent,
  input: SignedRequest,
  timeoutMs: number,
  loopbackOnly: boolean,
): Promise<SignedResult> {
  const started = performance.now();
  const done = (status: number | null, body: string, error: string | null): SignedResult => ({
    status,
    body,
    error,
    elapsedMs: performance.now() - started,
  });
  if (loopbackOnly && !isLoopbackUrl(input.url)) return done(null, "", "refused: not a loopback URL");
  const form = new URLSearchParams(input.params).toString();
  // A GET carries the parameters in the query and signs the URL alone.
  const url = input.method === "GET" ? `${input.url}${input.url.includes("?") ? "&" : "?"}${form}` : input.url;
  const signed: FormParams = input.method === "GET" ? {} : input.params;
  const headers: Record<string, string> = {
    "user-agent": "TwilioProxy/1.1",
    "x-twilio-signature": twilioSignature(input.authToken, url, signed),
    "i-twilio-idempotency-token": randomUUID(),
  };
  if (input.method === "POST") headers["content-type"] = "application/x-www-form-urlencoded; charset=utf-8";
  try {
    const response = await request(url, {
      method: input.method,
      headers,
      body: input.method === "POST" ? form : undefined,
      dispatcher: agent,
      signal: AbortSignal.timeout(timeoutMs),
    });
    const body = await readBounded(response.body);
    return done(response.statusCode, body, null);
  } catch (error) {
    const failure = error as { name?: string; code?: string; message?: string };
    const timedOut = failure.name === "TimeoutError" || failure.name === "AbortError";
    return done(null, "", timedOut ? `timeout after ${timeoutMs} ms` : (failure.code ?? failure.message ?? "error"));
  }
}

async function readBounded(body: AsyncIterable<Buffer> & { destroy(): void }): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    chunks.push(chunk);
    size += chunk.length;
    if (size >= MAX_BODY) {
      body.destroy();
      break;
    }
  }
  return Buffer.concat(chunks).subarray(0, MAX_BODY).toString("utf8");
}
