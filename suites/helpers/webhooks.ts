// Webhook helpers shared by the webhooks, delivery and paging suites: create (tracked, secret registered
// for redaction), test-fire, the delivery log, and the reference platform's test-control hooks.
import { randomBytes } from "node:crypto";
import { expect } from "vitest";
import { type ApiResponse, explain, type Who } from "../../runner/client/http-client.ts";
import { registerSecret } from "../../runner/client/redact.ts";
import { track, uniqueName } from "../../runner/client/resources.ts";
import { runConfig } from "../../runner/client/run-config.ts";
import { TargetError } from "../../runner/client/target-error.ts";
import { preparing } from "../../runner/framework/prepare.ts";
import { deletedOrGone, expectBody, expectStatus } from "../../runner/framework/response.ts";
import { AnyPage } from "../../spec/common.ts";
import { fieldsOver } from "../../spec/profile.ts";
import {
  DeliveryRecordRead,
  type TestFireResult,
  TestFireResultRead,
  type WebhookCreate,
  WebhookWithSecretRead,
} from "../../spec/webhook.ts";
import { encodingsOf, SECRET_BYTES, type WrittenEncoding, writeSecret } from "../../spec/webhook-secret.ts";
import { type PagedEndpoint, pagedList } from "./pages.ts";
import { callOp, profile } from "./profile.ts";
import { testControl as controlAnswer } from "./test-control.ts";
import { configureHook, type HookBehaviour, hookUrl } from "./webhook-sink.ts";

/** A public URL that nothing answers (example.com is reserved for documentation). */
export const publicUrl = (label = "hook") => `https://hooks.example.com/${uniqueName(label)}`;

/**
 * A webhook create body: the harness's minimal one, `{url, status: "disabled"}` (a public URL nothing answers,
 * disabled so no event of the workspace goes out because of it), with the profile's `minimal_creates.webhook` over
 * it (4.1: webhook create bodies are not shown), then `body`. A field the profile leaves out (null) is left out
 * whoever set it, and answered in `later`, for an update once the webhook exists (afterCreate).
 */
export function webhookCreateBody(body: Record<string, unknown> = {}): {
  body: Record<string, unknown>;
  later: Record<string, unknown>;
} {
  const fields = profile().minimal_creates.webhook;
  const wanted: Record<string, unknown> = { url: publicUrl(), status: "disabled", ...body };
  const out = { ...fieldsOver(wanted, fields), ...body };
  const later: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(fields)) {
    if (value !== null) continue;
    if (wanted[field] !== undefined) later[field] = wanted[field];
    delete out[field];
  }
  return { body: out, later };
}

/**
 * What a create could not carry (webhookCreateBody's `later`), set with an update on the webhook `id`; answers the
 * fields the update wrote, to lay over the create's answer. A refused update is a set-up error, not the clause's.
 */
export async function afterCreate(id: string, later: Record<string, unknown>): Promise<Record<string, unknown>> {
  if (Object.keys(later).length === 0) return {};
  const updated = await callOp("webhook.update", { webhook_id: id }, { body: later });
  if (updated.status < 200 || updated.status >= 300) {
    throw new TargetError(
      `could not be prepared: the profile leaves ${Object.keys(later).join(", ")} out of a webhook create, and the update setting it answered ${explain(updated)}`,
    );
  }
  return later;
}

/** The forms a supplied secret is tried in (2.6: how the 32 bytes are written is not shown; the profile's). */
const suppliedForms = (): WrittenEncoding[] => (taken === undefined ? encodingsOf(secretEncoding()) : [taken]);
const secretEncoding = () => profile().webhook_signature.secret_encoding;
/** The form this server took a supplied secret in, once it took one: later creates send that form at once. */
let taken: WrittenEncoding | undefined;

/** 32 fresh random bytes as `whsec_` and `encoding`, for "supplied by the caller at create"; registered for redaction. */
export function freshSecret(encoding: WrittenEncoding): string {
  const secret = writeSecret(randomBytes(SECRET_BYTES), encoding);
  registerSecret(secret);
  return secret;
}

/**
 * A webhook create with a secret of the caller's (2.6: "supplied by the caller at create"). Under the profile's
 * `any`, a fresh secret in base64, then hex, then base64url, until one is not refused: a server may take its secrets
 * only in the form it writes them. `before` is handed each secret before it is sent (a sink hook learns its key).
 * Answers the last answer and the secret it was sent with.
 */
export async function createWithSuppliedSecret(
  body: Partial<WebhookCreate>,
  before: (secret: string) => Promise<void> = async () => {},
): Promise<{ response: ApiResponse; secret: string }> {
  const forms = suppliedForms();
  for (const [i, form] of forms.entries()) {
    const secret = freshSecret(form);
    await before(secret);
    const create = webhookCreateBody({ ...body, secret });
    const response = await callOp("webhook.create", {}, { body: create.body });
    const id = (response.json as { id?: unknown } | undefined)?.id;
    if (response.status < 300 && typeof id === "string") {
      trackWebhook(id);
      await afterCreate(id, create.later);
    }
    if (REFUSED.includes(response.status) && i < forms.length - 1) continue;
    if (response.status < 300) taken = form;
    return { response, secret };
  }
  throw new Error("no secret form to supply");
}

/** The refusal of a URL or event type: the spec gives no status, so 400 (a rule) or 422 (the schema). */
export const REFUSED = [400, 422];

/** A URL that answers 200 when the target is wired (an unconfigured sink hook), else a public one. */
export const receiverUrl = () => (runConfig().target.wired ? hookUrl(uniqueName("hook")) : publicUrl());

/** Creates a webhook; by default at a public URL and disabled, so no event of the workspace ever goes
 * out to the internet because of it. */
export async function createWebhook(
  body: Partial<WebhookCreate> & Record<string, unknown> = {},
  as: Who = "admin",
): Promise<WebhookWithSecretRead> {
  const create = webhookCreateBody(body);
  const response = await callOp("webhook.create", {}, { body: create.body, as });
  const webhook = await createdWebhook(response);
  trackWebhook(webhook.id);
  return { ...webhook, ...(await afterCreate(webhook.id, create.later)) };
}

/**
 * A create's answer, which must be a 2xx carrying an id and the secret (registered for redaction); nothing more
 * is read here, since the record's shape is webhooks.shape's. An answer without them is webhooks.secret-at-create's
 * failure, and every other check that needed it is errored, naming that clause.
 */
export async function createdWebhook(response: ApiResponse): Promise<WebhookWithSecretRead> {
  expect(response.status, `webhook create: ${explain(response)}`).toBeGreaterThanOrEqual(200);
  expect(response.status, `webhook create: ${explain(response)}`).toBeLessThan(300);
  const webhook = await preparing("webhooks.secret-at-create", "a webhook create's answer", async () =>
    expectBody(response, "2xx", WebhookWithSecretRead, "webhook create"),
  );
  registerSecret(webhook.secret);
  return webhook;
}

/** Schedules the delete of a webhook created some other way (a raw create call). */
export function trackWebhook(id: string): void {
  track(`webhook ${id}`, async () => {
    const deleted = await callOp("webhook.delete", { webhook_id: id });
    if (!deletedOrGone(deleted.status)) throw new Error(`delete answered ${deleted.status}`);
  });
}

/** A webhook pointing at a fresh sink hook that verifies its signatures with the secret supplied at create. */
export async function createSinkWebhook(
  behaviour: Omit<HookBehaviour, "secret"> = {},
  body: Omit<Partial<WebhookCreate>, "secret"> = {},
): Promise<{ webhook: WebhookWithSecretRead; hook: string }> {
  const name = uniqueName("hook");
  const url = hookUrl(name);
  // Subscribed to webhook.test only by default: test-fire ignores the filter, and no session or batch
  // event of another check can land on this hook and change its counts.
  const { response } = await createWithSuppliedSecret(
    { status: "active", subscribed_events: ["webhook.test"], ...body, url },
    (secret) => configureHook(name, { ...behaviour, secret }),
  );
  return { webhook: await createdWebhook(response), hook: name };
}

export interface Fired {
  response: ApiResponse;
  result: TestFireResult;
  elapsedMs: number;
}

/**
 * Test-fire (6.1), answered inline; allowed past the 5-second delivery limit. Its answer is
 * webhooks.test-fire-inline's statement: a wrong one fails that clause and errors the checks it prepares.
 */
export function testFire(webhookId: string, timeoutMs = 15_000): Promise<Fired> {
  return preparing("webhooks.test-fire-inline", "a test-fire", async () => {
    const started = performance.now();
    const response = await callOp("webhook.test", { webhook_id: webhookId }, { timeoutMs });
    const elapsedMs = performance.now() - started;
    return { response, result: expectBody(response, "2xx", TestFireResultRead, "test-fire"), elapsedMs };
  });
}

/** The profile's reading of a test-fire result: success is a 2xx status_code and no error. */
export function succeeded(result: TestFireResult): boolean {
  return result.error === null && result.status_code !== null && result.status_code >= 200 && result.status_code < 300;
}

/** A result that owns up to a failure: it says what went wrong. */
export function reportsFailure(result: TestFireResult): boolean {
  return typeof result.error === "string" && result.error.length > 0;
}

/** The delivery log, newest first (first page of 200 is plenty for one check's webhook). */
export async function deliveryLog(webhookId: string): Promise<DeliveryRecordRead[]> {
  const response = await callOp("webhook.deliveries", { webhook_id: webhookId }, { query: { limit: 200 } });
  expectStatus(response, 200);
  return AnyPage.parse(response.json).items.map((row) => DeliveryRecordRead.parse(row));
}

// Test control (the reference platform's hooks under `${test_control}/webhooks/...`).

/** A test-control call that must answer 200 (the answer's body, JSON). */
async function testControl(method: "PUT" | "DELETE" | "POST", path: string, body?: unknown): Promise<unknown> {
  const answer = await controlAnswer(method, path, body);
  if (answer.status !== 200) throw new TargetError(`test control answered ${answer.status} to ${path}`);
  return answer.json;
}

/** Makes `hostname` resolve to `addresses` on the server, until the end of the suite file. */
export async function pinDns(hostname: string, addresses: string[]): Promise<void> {
  await testControl("PUT", `/webhooks/dns/${hostname}`, { addresses });
  track(`dns pin ${hostname}`, async () => {
    await testControl("DELETE", `/webhooks/dns/${hostname}`);
  });
}

/** Publishes an event of any type into the run's workspace, as if a worker had. */
export async function publishEvent(type: string, agentId: string | null, data: Record<string, unknown> = {}) {
  return (await testControl("POST", "/webhooks/publish", { type, agent_id: agentId, data })) as { id: string };
}

let logWebhook: Promise<WebhookWithSecretRead> | undefined;
/** One active webhook per suite file whose delivery log the paging checks read; test-fire adds rows. It
 * subscribes to webhook.test only, which test-fire ignores, so the workspace's other events (calls placed
 * by other paged lists) never add rows while the checks page through it. */
const deliveriesWebhook = () => {
  logWebhook ??= createWebhook({ url: receiverUrl(), status: "active", subscribed_events: ["webhook.test"] });
  return logWebhook;
};

/** The webhook lists for PAGED_ENDPOINTS: webhooks (newest first by last edit) and one delivery log. */
export const WEBHOOK_PAGED_ENDPOINTS: PagedEndpoint[] = [
  pagedList("webhook.list", {
    name: "webhooks",
    addRow: async () => {
      await createWebhook();
    },
  }),
  pagedList("webhook.deliveries", {
    name: "webhook deliveries",
    params: async () => ({ webhook_id: (await deliveriesWebhook()).id }),
    addRow: async () => {
      await testFire((await deliveriesWebhook()).id);
    },
    // The webhook whose log is paged through is a new one.
    setUp: deliveriesWebhook,
  }),
];
