// Events (6.1) as the webhook sink received them: one webhook per label pointed at a sink hook, and
// waits for the deliveries of one session or batch (long-polling the sink, never sleeping).

import { findNodeAtLocation, parseTree } from "jsonc-parser";
import { waited, waitOnServer } from "../../runner/client/stalled-waits.ts";
import { EVENT_TYPES, WebhookEnvelope } from "../../spec/webhook.ts";
import { readEnvelope } from "./profile.ts";
import { hookDeliveries, waitForDeliveries } from "./webhook-sink.ts";
import { createSinkWebhook } from "./webhooks.ts";

export interface ReceivedEvent extends WebhookEnvelope {
  /** Order of arrival at the hook. */
  seq: number;
  /** The request body exactly as delivered. */
  raw: string;
}

export interface Subscription {
  hook: string;
  webhookId: string;
}

const subscriptions = new Map<string, Subscription>();

/** A webhook on a fresh sink hook, subscribed to `types` (empty: every type); one per key per suite file. */
export async function subscribe(types: string[] = [], key = types.join(",")): Promise<Subscription> {
  const known = subscriptions.get(key);
  if (known !== undefined) return known;
  const { webhook, hook } = await createSinkWebhook({}, { subscribed_events: types });
  const subscription = { hook, webhookId: webhook.id };
  subscriptions.set(key, subscription);
  return subscription;
}

/**
 * Every delivery of the hook so far, parsed through the profile's envelope and record maps (a body that is not an
 * envelope is kept with type "?").
 */
export async function received(hook: string): Promise<ReceivedEvent[]> {
  const list = await hookDeliveries(hook);
  return list.deliveries.map((delivery) => {
    let envelope: WebhookEnvelope;
    try {
      envelope = WebhookEnvelope.parse(readEnvelope(JSON.parse(delivery.body_text)));
    } catch {
      envelope = { id: "", type: "?", created_at: new Date(0).toISOString(), agent_id: null, data: {} };
    }
    return { ...envelope, seq: delivery.seq, raw: delivery.body_text };
  });
}

/** The events whose data names this session. */
export const ofSession = (events: ReceivedEvent[], sessionId: string) =>
  events.filter((event) => event.data.session_id === sessionId);

/** The events whose data names this batch: its calls' session events and its batch.completed. */
export const ofBatch = (events: ReceivedEvent[], batchId: string) =>
  events.filter((event) => event.data.batch_id === batchId);

/**
 * The event types a wait's description names (6.1's list): what the wait needs, each counted apart by the
 * stalled-waits breaker; a description that names none is its one topic.
 */
export function typesNamed(what: string): string[] {
  const words = new Set(what.split(/[^\w.]+/).map((word) => word.replace(/\.+$/, "")));
  return EVENT_TYPES.filter((type) => words.has(type));
}

/**
 * Waits until `done` holds over the hook's deliveries; answers them. Each round long-polls the sink for
 * one delivery more than it has, so nothing sleeps.
 */
export async function waitForEvents(
  hook: string,
  done: (events: ReceivedEvent[]) => boolean,
  timeoutMs: number,
  what: string,
): Promise<ReceivedEvent[]> {
  let events: ReceivedEvent[] = [];
  const needs = typesNamed(what);
  return waitOnServer(
    "delivery",
    timeoutMs,
    {
      look: async () => {
        events = await received(hook);
        return done(events) ? events : undefined;
      },
      // Long-polls the sink for one delivery more than it has.
      pace: (left) => waitForDeliveries(hook, { count: events.length + 1, timeoutMs: Math.min(left, 5_000) }),
      late: (budget) => {
        const seen = events.map((e) => `${e.type}(${String(e.data.session_id ?? e.data.batch_id ?? "")})`).slice(-12);
        return new Error(`webhook sink: ${what} not delivered within ${waited(budget)}; last seen: ${seen.join(", ")}`);
      },
      // A type the hook never received at all is one the server did not send; the others came, if not for this wait.
      unseen: () => needs.filter((type) => !events.some((event) => event.type === type)),
    },
    needs.length > 0 ? needs : what,
  );
}

/** Waits `graceMs` more for anything further (a late, wrong event), then answers everything received. */
export async function settle(hook: string, graceMs: number): Promise<ReceivedEvent[]> {
  const count = (await received(hook)).length;
  await waitForDeliveries(hook, { count: count + 1, timeoutMs: graceMs });
  return received(hook);
}

/**
 * The exact text of a member's value at a dotted path in a JSON object's text (its bytes as sent, whitespace
 * included), or undefined when the text is not an object or has no such member.
 */
export function rawMember(text: string, path: string): string | undefined {
  const root = parseTree(text);
  const node = root === undefined ? undefined : findNodeAtLocation(root, path.split("."));
  return node === undefined ? undefined : text.slice(node.offset, node.offset + node.length);
}
