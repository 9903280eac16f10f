// Webhooks (2.6, 4, 6.1): create/get/update/delete/rotate-secret/test at the profile's paths (4.1),
// the paged list with secret_hint only, event types, the delivery log; delivery runs on the event bus.
// Test control: pin a host name's DNS answer, publish an event into the caller's workspace.
import type { FastifyInstance } from "fastify";
import ipaddr from "ipaddr.js";
import { z } from "zod";
import { EVENT_TYPES, type Webhook, WebhookCreate, WebhookUpdate } from "../../../spec/webhook.ts";
import { ApiError } from "../../shared/api-error.ts";
import type { PlatformContext } from "../context.ts";
import { authenticate, requireRole } from "../http/auth.ts";
import { pageOf, parsePaging } from "../http/paging.ts";
import { parse } from "../http/parse.ts";
import { mintId } from "../ids.ts";
import { eventTypes } from "../webhooks/event-types.ts";
import { DeliveryPipeline } from "../webhooks/pipeline.ts";
import { urlProblemAtSave } from "../webhooks/public-address.ts";
import { pinHost, unpinHost } from "../webhooks/resolver.ts";
import { generateSecret, secretHint, secretProblem } from "../webhooks/secret.ts";
import { type WebhookRow, WebhookState } from "../webhooks/state.ts";

const WebhookParams = z.object({ webhook_id: z.uuid() });
const HostParams = z.object({ hostname: z.string().regex(/^[A-Za-z0-9.-]{1,253}$/, "must be a host name") });
const DnsBody = z.strictObject({
  addresses: z
    .array(z.string().refine((value) => ipaddr.isValid(value), "must be an IP address"))
    .min(1)
    .max(16),
});
const PublishBody = z.strictObject({
  type: z.string().min(1).max(100),
  agent_id: z.string().max(100).nullable().default(null),
  data: z.record(z.string(), z.unknown()).default({}),
});

export function webhooksRoutes(app: FastifyInstance, ctx: PlatformContext): void {
  const pipeline = new DeliveryPipeline(ctx);
  const unsubscribe = ctx.events.subscribe((event) => pipeline.onEvent(event));
  app.addHook("onClose", async () => {
    unsubscribe();
    await pipeline.close();
  });

  const now = () => new Date(ctx.clock.now()).toISOString();

  /** 2.6: reads carry only the last four characters of the secret. */
  function view(row: WebhookRow): Webhook & { secret?: string } {
    const { secret, ...rest } = row;
    const out: Webhook & { secret?: string } = { ...rest, secret_hint: secretHint(ctx, secret) };
    if (ctx.faults.has("webhook-secret-on-read")) out.secret = secret;
    // The planted bug: a serializer that drops updated_at, a timestamp every webhook has (2.6), not a null one.
    if (ctx.faults.has("webhook-record-without-updated-at")) return Object.assign({}, out, { updated_at: undefined });
    return out;
  }

  function find(state: WebhookState, params: unknown): WebhookRow {
    const { webhook_id } = parse(ctx, WebhookParams, params, "path");
    const row = state.webhooks.get(webhook_id);
    if (row === undefined) throw new ApiError(404, "webhook not found");
    return row;
  }

  function checkUrl(url: string, onUpdate: boolean): void {
    if (onUpdate && ctx.faults.has("webhook-url-update-unchecked")) return;
    // The schema checked the URL's shape; what is left is the rule of 6.1, a 400 (7).
    const problem = urlProblemAtSave(ctx, url);
    if (problem !== null) throw new ApiError(400, problem);
  }

  /** Unknown types are a 422 naming the entry; duplicates are kept once. */
  function checkEvents(events: string[]): string[] {
    if (ctx.faults.has("webhook-unknown-event-accepted")) return [...new Set(events)];
    // The planted bug checks the names against the `live` listing, which leaves out recording.ready.
    const known: readonly string[] = ctx.faults.has("webhook-subscription-checked-against-live")
      ? eventTypes(ctx).live
      : EVENT_TYPES;
    const lines = events.flatMap((type, index) =>
      known.includes(type) ? [] : [`subscribed_events.${index}: unknown event type ${JSON.stringify(type)}`],
    );
    if (lines.length > 0) throw ApiError.validation(lines);
    return [...new Set(events)];
  }

  const state = (workspaceId: string) => WebhookState.of(ctx, workspaceId);

  app.post("/v1/webhooks", async (request, reply) => {
    requireRole(request.principal, "EDITOR");
    // The `webhook-create-without-status` variant: a new webhook is always active; pausing it takes an update.
    if (
      ctx.variants.has("webhook-create-without-status") &&
      (request.body as { status?: unknown })?.status !== undefined
    ) {
      throw ApiError.validation(["status: a new webhook is always enabled; pause it with an update"]);
    }
    const body = parse(ctx, WebhookCreate, request.body, "body");
    checkUrl(body.url, false);
    const subscribed = checkEvents(body.subscribed_events);
    let supplied = body.secret;
    if (supplied !== undefined && !ctx.faults.has("webhook-supplied-secret-any-form")) {
      const problem = secretProblem(ctx, supplied);
      // A legal variant gives the webhook a generated secret instead of refusing one of another form.
      if (problem !== null && ctx.variants.has("webhook-supplied-secret-replaced")) supplied = undefined;
      else if (problem !== null) throw ApiError.validation([problem]);
    }
    // The planted bug validates the supplied secret, then stores a generated one all the same.
    if (ctx.faults.has("webhook-supplied-secret-ignored")) supplied = undefined;
    const ws = state(request.principal.workspaceId);
    const at = now();
    const row: WebhookRow = {
      id: mintId(ctx),
      url: body.url,
      status: body.status,
      subscribed_events: subscribed,
      secret: supplied ?? generateSecret(ctx, request.principal.workspaceId),
      last_delivered_at: null,
      last_status: null,
      created_at: at,
      updated_at: at,
    };
    ws.webhooks.set(row.id, row);
    ws.touch(row.id);
    // The planted bug answers the create with the read serializer: secret_hint only, the secret never shown.
    if (ctx.faults.has("webhook-create-without-secret")) return reply.status(201).send(view(row));
    return reply.status(201).send({ ...view(row), secret: row.secret });
  });

  app.get("/v1/webhooks", async (request) => {
    // The planted bug reads the paging from the path parameters (none here), so limit and offset are ignored.
    const paging = parsePaging(ctx, ctx.faults.has("webhook-list-paging-from-params") ? request.params : request.query);
    const rows = state(request.principal.workspaceId).newestFirst();
    // A legal variant: 2.1 does not name the webhooks among the newest-first lists.
    if (ctx.variants.has("webhooks-oldest-first")) rows.reverse();
    return pageOf(ctx, rows.map(view), paging);
  });

  app.get("/v1/webhooks/event-types", async () => eventTypes(ctx));

  app.get("/v1/webhooks/:webhook_id", async (request) =>
    view(find(state(request.principal.workspaceId), request.params)),
  );

  app.patch("/v1/webhooks/:webhook_id", async (request) => {
    requireRole(request.principal, "EDITOR");
    const ws = state(request.principal.workspaceId);
    const row = find(ws, request.params);
    const body = parse(ctx, WebhookUpdate, request.body, "body");
    if (body.url !== undefined) checkUrl(body.url, true);
    const subscribed = body.subscribed_events === undefined ? undefined : checkEvents(body.subscribed_events ?? []);
    if (body.url !== undefined && !ctx.faults.has("webhook-patch-url-ignored")) row.url = body.url;
    if (subscribed !== undefined) row.subscribed_events = subscribed;
    if (body.status !== undefined) row.status = body.status;
    row.updated_at = now();
    ws.touch(row.id);
    // 2.6: the full secret only at create and rotation; the planted bug reuses their serializer here.
    return ctx.faults.has("webhook-update-echoes-secret") ? { ...view(row), secret: row.secret } : view(row);
  });

  app.delete("/v1/webhooks/:webhook_id", async (request) => {
    requireRole(request.principal, "EDITOR");
    const ws = state(request.principal.workspaceId);
    const row = find(ws, request.params);
    // The planted bug soft-deletes: the row is disabled and kept, so the list still shows it.
    if (ctx.faults.has("webhook-delete-soft")) {
      row.status = "disabled";
      row.updated_at = now();
      return { ok: true };
    }
    ws.remove(row.id);
    return { ok: true };
  });

  app.post("/v1/webhooks/:webhook_id/rotate-secret", async (request) => {
    requireRole(request.principal, "EDITOR");
    const ws = state(request.principal.workspaceId);
    const row = find(ws, request.params);
    row.secret = generateSecret(ctx, request.principal.workspaceId);
    row.updated_at = now();
    ws.touch(row.id);
    return { ...view(row), secret: row.secret };
  });

  app.post("/v1/webhooks/:webhook_id/test", async (request, reply) => {
    requireRole(request.principal, "EDITOR");
    const ws = state(request.principal.workspaceId);
    const row = find(ws, request.params);
    if (row.status !== "active" && !ctx.faults.has("webhook-disabled-test-fired")) {
      throw new ApiError(400, "webhook is disabled");
    }
    const filtered = row.subscribed_events.length > 0 && !row.subscribed_events.includes("webhook.test");
    if (filtered && ctx.faults.has("webhook-test-fire-honours-filter")) {
      return { webhook_id: row.id, status: "skipped", status_code: null, error: "webhook.test is not subscribed" };
    }
    // The planted bug queues the test-fire and answers at once, so its result is never returned inline.
    if (ctx.faults.has("webhook-test-fire-queued")) {
      void pipeline.testFire(ws, row);
      return reply.status(202).send({ ok: true });
    }
    return pipeline.testFire(ws, row);
  });

  app.get("/v1/webhooks/:webhook_id/deliveries", async (request) => {
    const paging = parsePaging(ctx, request.query);
    const ws = state(request.principal.workspaceId);
    // The planted bug reads the log by the id in the path without looking the webhook up: an empty page.
    const id = ctx.faults.has("deliveries-unknown-webhook-empty")
      ? parse(ctx, WebhookParams, request.params, "path").webhook_id
      : find(ws, request.params).id;
    const page = pageOf(ctx, ws.log(id), paging);
    // The planted bug answers the rows without their page envelope.
    return ctx.faults.has("deliveries-bare-array") ? page.items : page;
  });

  // Test control (no credential needed for DNS; publishing names its workspace by the caller's credential).
  app.put("/_test/webhooks/dns/:hostname", async (request) => {
    const { hostname } = parse(ctx, HostParams, request.params, "path");
    const { addresses } = parse(ctx, DnsBody, request.body, "body");
    pinHost(ctx, hostname, addresses);
    return { hostname, addresses };
  });

  app.delete("/_test/webhooks/dns/:hostname", async (request) => {
    const { hostname } = parse(ctx, HostParams, request.params, "path");
    if (!unpinHost(ctx, hostname)) throw new ApiError(404, "that host name is not pinned");
    return { ok: true };
  });

  app.post("/_test/webhooks/publish", async (request) => {
    const principal = await authenticate(request, ctx);
    const body = parse(ctx, PublishBody, request.body, "body");
    const event = ctx.events.publish({ ...body, workspaceId: principal.workspaceId, at: ctx.clock.now() });
    return { id: event.id, type: event.type };
  });
}
