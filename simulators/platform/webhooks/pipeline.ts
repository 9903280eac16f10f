// Webhook delivery (6.1): every event on the region's bus goes to each active webhook of its workspace
// whose filter matches (empty = every type), one signed POST each, a single attempt, recorded in the
// delivery log. Fire and forget with a bounded number in flight per webhook, so a slow or dead
// receiver delays only its own deliveries and never the code that published.
import type { DeliveryRecord, TestFireResult, WebhookEnvelope } from "../../../spec/webhook.ts";
import type { PlatformContext } from "../context.ts";
import type { PlatformEvent } from "../events/bus.ts";
import { mintId } from "../ids.ts";
import { LIVE_EVENT_TYPES } from "./event-types.ts";
import { type Outcome, Sender } from "./sender.ts";
import { type WebhookRow, WebhookState } from "./state.ts";
import { deliveredBody } from "./variant-envelope.ts";

export const IN_FLIGHT_PER_WEBHOOK = 4;
const QUEUED_PER_WEBHOOK = 1_000;
/** The planted `webhook-failed-replayed` fault sends a failed delivery again after this long. */
const REPLAY_AFTER_MS = 300;
/** The `webhook-send-delay` variant's hold before every delivery. */
const SEND_DELAY_MS = 1_500;
/** The events `webhook-order-shuffled` holds back, and for how long. */
const OVERTAKEN = new Set(["session.started", "recording.ready"]);
const OVERTAKEN_BY_MS = 400;
export const TEST_MESSAGE = "This is a test event from service-webhooks.";

interface Lane {
  active: number;
  queue: Array<() => Promise<void>>;
}

export class DeliveryPipeline {
  private readonly sender: Sender;
  private readonly lanes = new Map<string, Lane>();
  private readonly shutdown = new AbortController();
  private readonly timers = new Set<NodeJS.Timeout>();
  /** The planted `webhook-same-tick-batched` bug's envelopes waiting for the end of the tick, by webhook. */
  private readonly batches = new Map<string, WebhookEnvelope[]>();

  constructor(private readonly ctx: PlatformContext) {
    this.sender = new Sender(ctx);
  }

  /** The bus listener: never throws, never waits. */
  onEvent(event: PlatformEvent): void {
    if (this.shutdown.signal.aborted) return;
    const state = WebhookState.of(this.ctx, event.workspaceId);
    const envelope: WebhookEnvelope = {
      id: event.id,
      type: event.type,
      created_at: new Date(event.at).toISOString(),
      // The planted bug fills the envelope's agent_id for published test events only; sessions send null.
      agent_id:
        this.ctx.faults.has("session-envelope-agent-id-null") && event.type.startsWith("session.")
          ? null
          : event.agent_id,
      data: event.data,
    };
    const matching = [...state.webhooks.values()].filter((webhook) => this.wants(webhook, event.type));
    // The planted bug: a find where a filter belonged, so only the oldest matching webhook gets the event.
    const targets = this.ctx.faults.has("webhook-first-match-only") ? matching.slice(0, 1) : matching;
    if (this.ctx.faults.has("webhook-same-tick-batched")) {
      for (const webhook of targets) this.batchInTick(state, webhook, envelope);
      return;
    }
    const hold = sendDelayMs(this.ctx, event.type);
    if (hold === 0) {
      for (const webhook of targets) this.enqueue(state, webhook, envelope);
      return;
    }
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      for (const webhook of targets) this.enqueue(state, webhook, envelope);
    }, hold);
    this.timers.add(timer);
  }

  /** 6.1 test-fire: webhook.test to this webhook alone, whatever its filter, answered inline. */
  async testFire(state: WebhookState, webhook: WebhookRow): Promise<TestFireResult> {
    // The planted bug names the webhook `id`, as the webhook record does.
    const data: Record<string, unknown> = this.ctx.faults.has("webhook-test-payload-id")
      ? { message: TEST_MESSAGE, id: webhook.id }
      : { message: TEST_MESSAGE, webhook_id: webhook.id };
    const envelope: WebhookEnvelope = {
      id: mintId(this.ctx),
      type: "webhook.test",
      created_at: new Date(this.ctx.clock.now()).toISOString(),
      agent_id: null,
      data,
    };
    const body = this.ctx.faults.has("webhook-test-own-envelope") ? { type: "webhook.test", ...data } : envelope;
    const text = this.ctx.faults.has("webhook-test-own-envelope") ? JSON.stringify(body) : undefined;
    const record = await this.attempt(state, webhook, envelope, text);
    return { webhook_id: webhook.id, status: record.status, status_code: record.status_code, error: record.error };
  }

  async close(): Promise<void> {
    this.shutdown.abort();
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.lanes.clear();
    await this.sender.close();
  }

  private wants(webhook: WebhookRow, type: string): boolean {
    // The planted bug's filter never looks at the status, so a disabled webhook still receives events.
    if (!this.ctx.faults.has("webhook-disabled-still-delivered") && webhook.status !== "active") return false;
    // The planted bug spares an empty-list webhook the duplicate: it gets session.started, not in_progress.
    if (this.ctx.faults.has("in-progress-deduplicated-for-all-types") && webhook.subscribed_events.length === 0) {
      if (type === "session.in_progress") return false;
    }
    // The planted bug matches on the event's family, the part before the dot.
    if (this.ctx.faults.has("subscription-matches-family")) {
      const family = (name: string) => name.split(".")[0];
      return (
        webhook.subscribed_events.length === 0 || webhook.subscribed_events.some((s) => family(s) === family(type))
      );
    }
    if (this.ctx.faults.has("webhook-delivery-gated-by-live") && !LIVE_EVENT_TYPES.includes(type as never)) {
      return false;
    }
    return webhook.subscribed_events.length === 0 || webhook.subscribed_events.includes(type);
  }

  /**
   * The planted `webhook-same-tick-batched` bug: the events one tick publishes for a webhook go out together, as
   * a JSON array in one request when there are several (planted faults only).
   */
  private batchInTick(state: WebhookState, webhook: WebhookRow, envelope: WebhookEnvelope): void {
    const pending = this.batches.get(webhook.id);
    if (pending !== undefined) {
      pending.push(envelope);
      return;
    }
    this.batches.set(webhook.id, [envelope]);
    setImmediate(() => {
      const envelopes = this.batches.get(webhook.id) ?? [];
      this.batches.delete(webhook.id);
      if (envelopes.length === 1) this.enqueue(state, webhook, envelope);
      else this.enqueue(state, webhook, envelope, JSON.stringify(envelopes));
    });
  }

  private enqueue(state: WebhookState, webhook: WebhookRow, envelope: WebhookEnvelope, body?: string): void {
    const lane = this.lanes.get(webhook.id) ?? { active: 0, queue: [] };
    this.lanes.set(webhook.id, lane);
    if (lane.queue.length >= QUEUED_PER_WEBHOOK) {
      const outcome = { status: "failed" as const, status_code: null, duration_ms: 0 };
      const error = "dropped: too many deliveries waiting for this webhook";
      const now = new Date(this.ctx.clock.now()).toISOString();
      state.record(webhook.id, this.recordOf(mintId(this.ctx), envelope, now, { ...outcome, error }));
      return;
    }
    lane.queue.push(() => this.attempt(state, webhook, envelope, body).then(() => undefined));
    this.drain(webhook.id, lane);
  }

  private drain(webhookId: string, lane: Lane): void {
    while (lane.active < IN_FLIGHT_PER_WEBHOOK && lane.queue.length > 0) {
      const job = lane.queue.shift()!;
      lane.active += 1;
      job()
        .catch(() => undefined)
        .finally(() => {
          lane.active -= 1;
          if (lane.active === 0 && lane.queue.length === 0) this.lanes.delete(webhookId);
          else this.drain(webhookId, lane);
        });
    }
  }

  /** One attempt (6.1: a single one), recorded in the log; the planted faults retry or replay. */
  private async attempt(
    state: WebhookState,
    webhook: WebhookRow,
    envelope: WebhookEnvelope,
    body = serialise(this.ctx, envelope),
  ): Promise<DeliveryRecord> {
    const message = {
      deliveryId: mintId(this.ctx),
      webhookId: webhook.id,
      url: webhook.url,
      secret: webhook.secret,
      body,
    };
    const tries = this.ctx.faults.has("webhook-delivery-retried") ? 3 : 1;
    let record: DeliveryRecord;
    for (let attempt = 1; ; attempt++) {
      const attemptedAt = new Date(this.ctx.clock.now()).toISOString();
      const outcome = await this.sender.send(message, this.shutdown.signal);
      record = this.recordOf(message.deliveryId, envelope, attemptedAt, outcome);
      this.log(state, webhook.id, record);
      const retryable = record.status === "failed" && (record.status_code === null || record.status_code >= 500);
      if (attempt >= tries || !retryable) break;
    }
    if (record.status === "failed" && this.ctx.faults.has("webhook-failed-replayed")) {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        const attemptedAt = new Date(this.ctx.clock.now()).toISOString();
        void this.sender.send(message, this.shutdown.signal).then((outcome) => {
          this.log(state, webhook.id, this.recordOf(message.deliveryId, envelope, attemptedAt, outcome));
        });
      }, REPLAY_AFTER_MS);
      this.timers.add(timer);
    }
    return record;
  }

  private log(state: WebhookState, webhookId: string, record: DeliveryRecord): void {
    if (record.status === "failed" && this.ctx.faults.has("webhook-failures-not-logged")) return;
    // The planted bug: only the event worker's bookkeeping sets last_delivered_at and last_status.
    if (this.ctx.faults.has("webhook-test-fire-not-tracked") && record.type === "webhook.test") {
      state.logOnly(webhookId, record);
      return;
    }
    state.record(webhookId, record);
  }

  private recordOf(id: string, envelope: WebhookEnvelope, attemptedAt: string, outcome: Outcome): DeliveryRecord {
    return { id, event_id: envelope.id, type: envelope.type, attempted_at: attemptedAt, ...outcome };
  }
}

/**
 * How long the legal variants hold an event before its deliveries are sent: `webhook-send-delay` holds every
 * one (6.1 bounds only the receiver's answer, five seconds), `webhook-order-shuffled` holds session.started and
 * recording.ready, so session.in_progress and session.completed overtake them (6.1: "order is common but not
 * guaranteed").
 */
function sendDelayMs(ctx: PlatformContext, type: string): number {
  let hold = ctx.variants.has("webhook-send-delay") ? SEND_DELAY_MS : 0;
  if (ctx.variants.has("webhook-order-shuffled") && OVERTAKEN.has(type)) hold += OVERTAKEN_BY_MS;
  return hold;
}

/** The delivered body; the planted bug serialises session.in_progress on a second path that pretty-prints. */
function serialise(ctx: PlatformContext, envelope: WebhookEnvelope): string {
  const body = deliveredBody(ctx, envelope);
  const pretty = ctx.faults.has("in-progress-pretty-printed") && envelope.type === "session.in_progress";
  return pretty ? JSON.stringify(JSON.parse(body), null, 2) : body;
}
