// One delivery attempt on the wire (6.1): a signed JSON POST, five seconds to answer, redirects not
// followed, any 2xx a success. Signing is Standard Webhooks (the profile): webhook-id, webhook-timestamp
// (wall-clock seconds: receivers verify against real time) and webhook-signature.
import { createHmac } from "node:crypto";
import { Webhook as Signer } from "standardwebhooks";
import { type Agent, request } from "undici";
import type { PlatformContext } from "../context.ts";
import { guardedAgent, trustedAgent } from "./connect.ts";
import { isTrustedOrigin } from "./public-address.ts";
import { signingKey } from "./secret.ts";

export const USER_AGENT = "service-webhooks/1";
export const ANSWER_LIMIT_MS = 5_000;
/** The planted `webhook-no-timeout` fault waits this long instead. */
const FAULTY_LIMIT_MS = 30_000;
/** A receiver's answer body is read (and dropped) up to this size so the connection can be reused. */
const BODY_READ_LIMIT = 64 * 1024;
const MAX_CACHED_SIGNERS = 1_000;

export interface Outcome {
  status: "succeeded" | "failed";
  status_code: number | null;
  error: string | null;
  duration_ms: number;
}

export interface Message {
  /** The webhook-id header: one per delivery, unique across deliveries. */
  deliveryId: string;
  webhookId: string;
  url: string;
  secret: string;
  body: string;
}

export class Sender {
  private readonly guarded: Agent;
  private readonly trusted: Agent;
  private readonly signers = new Map<string, Signer>();

  constructor(private readonly ctx: PlatformContext) {
    this.guarded = guardedAgent(ctx);
    this.trusted = trustedAgent();
  }

  async send(message: Message, shutdown: AbortSignal): Promise<Outcome> {
    const started = performance.now();
    const limitMs = this.ctx.faults.has("webhook-no-timeout") ? FAULTY_LIMIT_MS : ANSWER_LIMIT_MS;
    const signal = AbortSignal.any([AbortSignal.timeout(limitMs), shutdown]);
    const finish = (outcome: Omit<Outcome, "duration_ms">): Outcome => ({
      ...outcome,
      duration_ms: Math.round(performance.now() - started),
    });
    try {
      // The planted bug normalises the URL like a base URL, with a trailing slash on its path.
      let url = this.ctx.faults.has("webhook-url-trailing-slash") ? withTrailingSlash(message.url) : message.url;
      let statusCode = 0;
      // Redirects are not followed (6.1); the planted fault follows up to five.
      for (let hop = 0; hop < 6; hop++) {
        const response = await request(url, {
          method: "POST",
          headers: this.headers(message),
          body: message.body,
          dispatcher: this.dispatcherFor(url),
          signal,
          headersTimeout: limitMs,
          bodyTimeout: limitMs,
        });
        statusCode = response.statusCode;
        await response.body.dump({ limit: BODY_READ_LIMIT }).catch(() => undefined);
        const location = response.headers.location;
        if (!this.ctx.faults.has("webhook-redirects-followed") || statusCode < 300 || statusCode > 399) break;
        if (typeof location !== "string") break;
        url = new URL(location, url).toString();
      }
      return finish(this.verdict(statusCode));
    } catch (error) {
      return finish({ status: "failed", status_code: null, error: this.failure(error, signal, shutdown, limitMs) });
    }
  }

  async close(): Promise<void> {
    await Promise.all([this.guarded.close(), this.trusted.close()]).catch(() => undefined);
  }

  private verdict(statusCode: number): Omit<Outcome, "duration_ms"> {
    const success = this.ctx.faults.has("webhook-3xx-success")
      ? statusCode >= 200 && statusCode < 400
      : this.ctx.faults.has("webhook-2xx-only-200")
        ? statusCode === 200
        : statusCode >= 200 && statusCode < 300;
    if (success) return { status: "succeeded", status_code: statusCode, error: null };
    const why =
      statusCode >= 300 && statusCode < 400
        ? `the receiver answered ${statusCode}; redirects are not followed`
        : `the receiver answered ${statusCode}`;
    return { status: "failed", status_code: statusCode, error: why };
  }

  private failure(error: unknown, signal: AbortSignal, shutdown: AbortSignal, limitMs: number): string {
    if (shutdown.aborted) return "the platform shut down during the delivery";
    if (signal.aborted) return `no answer within ${limitMs / 1000} seconds`;
    const cause = (error as { cause?: unknown }).cause;
    for (const candidate of [error, cause]) {
      if (candidate instanceof Error && candidate.name === "BlockedAddressError") return candidate.message;
    }
    const code = (error as { code?: unknown }).code ?? (cause as { code?: unknown } | undefined)?.code;
    const text = error instanceof Error ? error.message : String(error);
    return `the connection failed${typeof code === "string" ? ` (${code})` : ""}: ${text}`;
  }

  private dispatcherFor(url: string): Agent {
    return isTrustedOrigin(this.ctx, new URL(url)) ? this.trusted : this.guarded;
  }

  private headers(message: Message): Record<string, string> {
    const faults = this.ctx.faults;
    // Wall clock, not the simulated one: the receiver checks the timestamp against real time.
    const at = faults.has("webhook-timestamp-simulated") ? new Date(this.ctx.clock.now()) : new Date();
    // The served profile's names of the three headers (6.1: not shown); the recipe is Standard Webhooks'.
    const names = this.ctx.profile.webhook_signature;
    const headers: Record<string, string> = {
      // The planted bug: the type fetch gives a string body when nobody sets one.
      "content-type": faults.has("webhook-content-type-text-plain") ? "text/plain;charset=UTF-8" : "application/json",
      "user-agent": faults.has("webhook-user-agent-default") ? "service-webhook/1.0" : USER_AGENT,
      [names.id_header.toLowerCase()]: message.deliveryId,
      [names.timestamp_header.toLowerCase()]: String(Math.floor(at.getTime() / 1000)),
    };
    // A legal variant: 6.1 says the headers "include" these, so a server may send more.
    if (this.ctx.variants.has("webhook-extra-headers")) Object.assign(headers, extraDeliveryHeaders(message));
    if (faults.has("webhook-signature-header-missing")) return headers;
    headers[names.signature_header.toLowerCase()] = faults.has("webhook-signature-body-only")
      ? `v1,${createHmac("sha256", signingKey(this.ctx, message.secret)).update(message.body).digest("base64")}`
      : this.signer(message).sign(message.deliveryId, at, message.body);
    return headers;
  }

  /** Signers are cached per secret; the planted fault caches per webhook, so a rotation is never seen. */
  private signer(message: Message): Signer {
    const key = this.ctx.faults.has("webhook-rotation-keeps-old-key")
      ? message.webhookId
      : `${message.webhookId}:${message.secret}`;
    let signer = this.signers.get(key);
    if (signer === undefined) {
      if (this.signers.size >= MAX_CACHED_SIGNERS) this.signers.clear();
      signer = new Signer(signingKey(this.ctx, message.secret), { format: "raw" });
      this.signers.set(key, signer);
    }
    return signer;
  }
}

/** What the `webhook-extra-headers` variant adds to a delivery: headers a vendor's sender might well carry. */
function extraDeliveryHeaders(message: Message): Record<string, string> {
  const trace = message.deliveryId.replaceAll("-", "");
  return {
    "x-request-id": `dlv_${trace.slice(0, 16)}`,
    traceparent: `00-${trace}-${trace.slice(0, 16)}-01`,
    "x-service-webhook-id": message.webhookId,
    "cache-control": "no-store",
  };
}

/** The URL with `/` appended to its path when it has none at the end (planted faults only). */
function withTrailingSlash(raw: string): string {
  const url = new URL(raw);
  if (!url.pathname.endsWith("/")) url.pathname = `${url.pathname}/`;
  return url.toString();
}
