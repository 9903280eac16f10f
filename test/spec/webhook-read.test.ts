// How the checks read a webhook (2.6) and a test-fire result (6.1): a field with no value yet may be null or left
// out, since the spec says "always present" only of the page envelope (2.1) and the error body (7).
import { describe, expect, it } from "vitest";
import { TestFireResultRead, Webhook, WebhookRead, WebhookWithSecretRead } from "../../spec/webhook.ts";

const at = "2026-11-28T05:00:00.000Z";
const record = {
  id: "6f1c1a52-4d2e-4b8e-9d1a-0c3f5e7a9b21",
  url: "https://hooks.example.com/x",
  status: "active",
  subscribed_events: [],
  secret_hint: "abcd",
  created_at: at,
  updated_at: at,
};

describe("webhook records as read", () => {
  it("webhooks.shape takes last_delivered_at and last_status null or left out, never of another type", () => {
    expect(Webhook.safeParse({ ...record, last_delivered_at: null, last_status: null }).success).toBe(true);
    expect(Webhook.safeParse(record).success).toBe(true);
    expect(Webhook.safeParse({ ...record, last_status: 200 }).success).toBe(false);
    const { updated_at: _, ...withoutUpdatedAt } = record;
    expect(Webhook.safeParse(withoutUpdatedAt).success).toBe(false);
  });

  it("the other checks need an id, and the secret from a create or rotation answer", () => {
    expect(WebhookRead.safeParse({ id: "x" }).success).toBe(true);
    expect(WebhookWithSecretRead.safeParse({ id: "x" }).success).toBe(false);
    expect(WebhookWithSecretRead.safeParse({ id: "x", secret: "whsec_x" }).success).toBe(true);
  });

  it("a test-fire result's status_code and error read as null when left out", () => {
    const read = TestFireResultRead.parse({ webhook_id: record.id, status: "succeeded", status_code: 200 });
    expect(read).toEqual({ webhook_id: record.id, status: "succeeded", status_code: 200, error: null });
    expect(TestFireResultRead.parse({ webhook_id: record.id, status: "failed", error: "refused" }).status_code).toBe(
      null,
    );
  });
});
