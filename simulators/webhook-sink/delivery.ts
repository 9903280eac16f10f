// A request to /hooks/{name}: recorded in the store (the part that needs the sink's state, a call of
// the fast-path link), then answered as the hook is configured, after its delay unless the client hangs
// up first. One code for the fast path on node:http (delivery-front.ts) and for fastify's route, which
// takes what the fast path cannot (a chunked or empty body, an escaped name).
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";
import type { FrontOps, PrimaryLink } from "../shared/fast-path.ts";
import type { HookStore } from "./model.ts";

export const DELIVER_OP = "sink.deliver";
export const SETTLE_OP = "sink.settle";

/** What the store records of a request. */
export interface DeliveryInput {
  name: string;
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  /** Names as sent, in order: name, value, name, value... */
  rawHeaders: string[];
  body: Uint8Array;
}

/** How the hook answers the delivery the store recorded as `id`. */
export interface DeliveryAnswer {
  id: number;
  status: number;
  location: string | null;
  delayMs: number;
}

function flatHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers))
    if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(", ") : value;
  return flat;
}

/** Records a delivery as its hook is configured now and says how to answer it. */
export function recordDelivery(store: HookStore, input: DeliveryInput): DeliveryAnswer {
  const config = store.config(input.name);
  const body = Buffer.from(input.body.buffer, input.body.byteOffset, input.body.byteLength);
  const headers = flatHeaders(input.headers);
  const signature = config.verifier?.(body, headers) ?? null;
  const redirect = config.redirectTo !== null;
  const status = redirect && (config.status < 300 || config.status > 399) ? 307 : config.status;
  const wallMs = Date.now();
  const rawHeaders: [string, string][] = [];
  for (let i = 0; i + 1 < input.rawHeaders.length; i += 2)
    rawHeaders.push([input.rawHeaders[i]!, input.rawHeaders[i + 1]!]);
  const row = store.record({
    hook: input.name,
    method: input.method,
    url: input.url,
    headers,
    raw_headers: rawHeaders,
    body_base64: body.toString("base64"),
    body_text: body.toString("utf8"),
    body_bytes: body.length,
    received_at: new Date(wallMs).toISOString(),
    received_wall_ms: wallMs,
    received_mono_ms: performance.now(),
    webhook_id: headers[config.idHeader] ?? null,
    signature_valid: signature?.valid ?? null,
    signature_error: signature?.error ?? null,
    response: { status, location: config.redirectTo, delay_ms: config.delayMs },
    state: "pending",
    settled_mono_ms: null,
    client_aborted: false,
  });
  return { id: row.id, status, location: config.redirectTo, delayMs: config.delayMs };
}

/** The store's side of the link: what a fast path asks of the process that holds the deliveries. */
export function deliveryOps(store: HookStore): FrontOps {
  return {
    calls: { [DELIVER_OP]: (input: DeliveryInput) => recordDelivery(store, input) },
    notes: { [SETTLE_OP]: (input: { id: number; aborted: boolean }) => store.settle(input.id, input.aborted) },
  };
}

/** Resolves true when the client hung up before `ms` passed, false when the time ran out or the
 * sink is closing (then the answer goes out at once). */
function delayOrHangUp(response: ServerResponse, ms: number, closing: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    if (response.destroyed) return resolve(true);
    // Closing began while the delivery was being recorded.
    if (closing.aborted) return resolve(false);
    const finish = (hungUp: boolean) => {
      clearTimeout(timer);
      response.off("close", onClose);
      closing.removeEventListener("abort", onClosing);
      resolve(hungUp);
    };
    const onClose = () => finish(true);
    const onClosing = () => finish(false);
    const timer = setTimeout(() => finish(false), ms);
    response.once("close", onClose);
    closing.addEventListener("abort", onClosing, { once: true });
  });
}

/** Records the request under `name` and answers it; the store hears when the answer went out or the client left. */
export async function answerDelivery(
  request: IncomingMessage,
  response: ServerResponse,
  name: string,
  body: Uint8Array,
  primary: PrimaryLink,
  closing: AbortSignal,
): Promise<void> {
  const input: DeliveryInput = {
    name,
    method: request.method ?? "GET",
    url: request.url ?? "/",
    headers: request.headers,
    rawHeaders: request.rawHeaders,
    body,
  };
  const answer = await primary.call<DeliveryAnswer>(DELIVER_OP, input);
  // 'close' comes after the answer is flushed, or earlier when the client hangs up first.
  response.once("close", () => primary.note(SETTLE_OP, { id: answer.id, aborted: !response.writableFinished }));
  if (answer.delayMs > 0 && (await delayOrHangUp(response, answer.delayMs, closing))) {
    // The client is gone: nothing to answer.
    response.destroy();
    return;
  }
  const text = JSON.stringify({ hook: name, delivery_id: answer.id });
  response.writeHead(answer.status, {
    ...(answer.location !== null ? { location: answer.location } : {}),
    "content-type": "application/json; charset=utf-8",
    "content-length": Buffer.byteLength(text),
  });
  response.end(text);
}
