// Webhooks (2.6, 4, 6.1): the resource, its secret and hint, public URLs only, event types, the delivery
// log and test-fire. How a delivery looks on the wire is the delivery suite's.

import { randomBytes, randomUUID } from "node:crypto";
import { expect } from "vitest";
import { internalUrl, PUBLIC_URLS, privateUrl, REFUSED_URLS, type UrlClause } from "../fixtures/webhook-urls.ts";
import { type ApiResponse, call, explain } from "../runner/client/http-client.ts";
import { registerSecret } from "../runner/client/redact.ts";
import { check } from "../runner/framework/check.ts";
import { about } from "../runner/framework/prepare.ts";
import { property } from "../runner/framework/property.ts";
import { expectBody, expectOkResult, expectStatus } from "../runner/framework/response.ts";
import { checksSideBySide } from "../runner/framework/side-by-side.ts";
import { AnyPage, pageOf } from "../spec/common.ts";
import {
  EVENT_TYPES,
  EventTypes,
  Webhook,
  WebhookRead,
  WebhookWithSecret,
  WebhookWithSecretRead,
} from "../spec/webhook.ts";
import { SECRET_BYTES, secretKey } from "../spec/webhook-secret.ts";
import { ErrorMessage } from "./helpers/body-shapes.ts";
import { ceilingOf, readAll } from "./helpers/pages.ts";
import { callOp, opPath, profile, readEnvelope } from "./helpers/profile.ts";
import { waitForDeliveries } from "./helpers/webhook-sink.ts";
import {
  afterCreate,
  createdWebhook,
  createSinkWebhook,
  createWebhook,
  createWithSuppliedSecret,
  deliveryLog,
  publicUrl,
  publishEvent,
  REFUSED,
  receiverUrl,
  reportsFailure,
  succeeded,
  testFire,
  trackWebhook,
  webhookCreateBody,
} from "./helpers/webhooks.ts";

checksSideBySide("each check makes and reads back webhooks of its own and fires test events to them alone");

const LIST = opPath("webhook.list");
const CEILING = ceilingOf("webhook.list");

const getWebhook = (id: string) => callOp("webhook.get", { webhook_id: id });

/** A create that should be refused. Sent disabled, and deleted at once if it was stored anyway, so a
 * wrongly accepted private URL is never delivered to. */
async function tryCreate(body: Record<string, unknown>): Promise<ApiResponse> {
  const response = await callOp("webhook.create", {}, { body: webhookCreateBody(body).body });
  const id = (response.json as { id?: unknown } | undefined)?.id;
  if (response.status < 300 && typeof id === "string") {
    trackWebhook(id);
    await callOp("webhook.delete", { webhook_id: id });
  }
  return response;
}

check(
  "create answers the 2.6 fields and the full secret; a read answers the same fields",
  ["webhooks.shape", "webhooks.secret-at-create"],
  async () => {
    const create = webhookCreateBody();
    const created = await callOp("webhook.create", {}, { body: create.body });
    // One clause each: the secret in the create answer, and the record's fields in it and in a read.
    const webhook = await about("webhooks.secret-at-create", () => {
      const answer = expectBody(created, "2xx", WebhookWithSecretRead, "webhook create");
      expect(answer.secret.length, "the create answer's secret").toBeGreaterThan(0);
      return answer;
    });
    trackWebhook(webhook.id);
    await afterCreate(webhook.id, create.later);
    await about("webhooks.shape", async () => {
      expectBody(created, "2xx", WebhookWithSecret, "webhook create");
      expectBody(await getWebhook(webhook.id), 200, Webhook, "webhook read");
    });
  },
);

/** 2.6: `whsec_` followed by 32 bytes, written as the profile reads them (base64, base64url or hex by default). */
const isSecret = (secret: string) => secretKey(secret, profile().webhook_signature.secret_encoding) !== undefined;
const secretForm = (secret: string) =>
  `secret of length ${secret.length} is whsec_ followed by ${SECRET_BYTES} bytes written as ${writtenAs()}`;
const writtenAs = () => {
  const encoding = profile().webhook_signature.secret_encoding;
  return encoding === "any" ? "base64, base64url or hex" : encoding;
};

check("a generated secret is whsec_ followed by 32 bytes", ["webhooks.secret-format"], async () => {
  const { secret } = await createWebhook();
  expect(isSecret(secret), secretForm(secret)).toBe(true);
});

check(
  "generated secrets are random: three creates get three different secrets",
  ["webhooks.secret-random"],
  async () => {
    const secrets = [];
    for (let i = 0; i < 3; i++) secrets.push((await createWebhook()).secret);
    expect(new Set(secrets).size, "distinct secrets among three creates").toBe(3);
  },
);

check(
  "secret_hint is the secret's last four characters, at create, on read and in the list",
  ["webhooks.secret-hint-last-four"],
  async () => {
    const webhook = await createWebhook();
    const last4 = webhook.secret.slice(-4);
    expect(webhook.secret_hint, "hint in the create answer").toBe(last4);
    const read = WebhookRead.parse((await getWebhook(webhook.id)).json);
    expect(read.secret_hint, "hint on read").toBe(last4);
    const listed = (await readAll(LIST, CEILING)).find((row) => row.id === webhook.id) as WebhookRead | undefined;
    expect(listed?.secret_hint, "hint in the list").toBe(last4);
  },
);

check("reading one webhook returns secret_hint and never the secret", ["webhooks.get-hint-only"], async () => {
  const webhook = await createWebhook();
  const read = await getWebhook(webhook.id);
  expectStatus(read, 200);
  expect(Object.keys(read.json as object), explain(read)).not.toContain("secret");
  expect(read.text.includes(webhook.secret), "the read's body holds the full secret").toBe(false);
});

check("the webhook list returns secret_hint and never the secret", ["webhooks.list-hint-only"], async () => {
  const webhook = await createWebhook();
  const response = await call(LIST, { query: { limit: CEILING } });
  expectStatus(response, 200);
  const rows = AnyPage.parse(response.json).items as Array<Record<string, unknown>>;
  expect(
    rows.some((row) => row.id === webhook.id),
    "the new webhook is listed",
  ).toBe(true);
  expect(rows.filter((row) => "secret" in row).length, "rows carrying a secret field").toBe(0);
  expect(response.text.includes(webhook.secret), "the list's body holds the full secret").toBe(false);
});

check("a secret supplied at create is the webhook's secret", ["webhooks.secret-caller-supplied"], async () => {
  const { response, secret: supplied } = await createWithSuppliedSecret({});
  const webhook = await createdWebhook(response);
  expect(webhook.secret === supplied, "the create answer carries the supplied secret").toBe(true);
  expect(webhook.secret_hint, "hint of the supplied secret").toBe(supplied.slice(-4));
  const read = WebhookRead.parse((await getWebhook(webhook.id)).json);
  expect(read.secret_hint, "hint on read").toBe(supplied.slice(-4));
});

check(
  "a supplied secret of another form (whsec_ + 16 bytes, no whsec_) is refused, or the answer's secret has the form",
  ["webhooks.secret-supplied-form"],
  async () => {
    for (const supplied of [
      `whsec_${randomBytes(16).toString("base64")}`,
      `capct_${randomBytes(32).toString("hex")}`,
    ]) {
      registerSecret(supplied);
      const response = await tryCreate({ url: publicUrl(), secret: supplied });
      if (REFUSED.includes(response.status)) continue;
      const { secret } = expectBody(response, "2xx", WebhookWithSecretRead, "create with a secret of another form");
      registerSecret(secret);
      expect(secret === supplied, "the answer's secret is the supplied one, of another form").toBe(false);
      expect(isSecret(secret), `the answer's ${secretForm(secret)}`).toBe(true);
    }
  },
);

check(
  "rotation answers a new full secret in the generated form, and the hint follows it",
  ["webhooks.rotate-new-secret"],
  async () => {
    const webhook = await createWebhook();
    const rotated = await callOp("webhook.rotate-secret", { webhook_id: webhook.id });
    expectStatus(rotated, "2xx");
    const after = expectBody(rotated, "2xx", WebhookWithSecretRead, "rotation");
    expect(after.secret === webhook.secret, "the rotated secret equals the old one").toBe(false);
    expect(isSecret(after.secret), `the rotated ${secretForm(after.secret)}`).toBe(true);
    expect(after.secret_hint, "hint in the rotation answer").toBe(after.secret.slice(-4));
    const read = WebhookRead.parse((await getWebhook(webhook.id)).json);
    expect(read.secret_hint, "hint on read after rotation").toBe(after.secret.slice(-4));
  },
);

check(
  "an update answers without the secret, whatever it changes (only create and rotation carry it)",
  ["webhooks.update-no-secret"],
  async () => {
    const webhook = await createWebhook();
    for (const body of [{ url: publicUrl("moved") }, { subscribed_events: ["webhook.test"] }, { status: "disabled" }]) {
      const updated = await callOp("webhook.update", { webhook_id: webhook.id }, { body });
      const what = `update of ${Object.keys(body).join(", ")}`;
      expectStatus(updated, "2xx", what);
      expect(Object.keys(updated.json as object), `${what}: ${explain(updated)}`).not.toContain("secret");
      expect(updated.text.includes(webhook.secret), `the ${what} answer holds the full secret`).toBe(false);
    }
  },
);

check("GET /v1/webhooks is a page with limit 1..200; 201 is a 422", ["webhooks.list-paged"], async () => {
  await createWebhook();
  const page = await call(LIST, { query: { limit: 1 } });
  expectStatus(page, 200);
  const parsed = pageOf(WebhookRead).safeParse(page.json);
  expect(parsed.error?.issues ?? [], explain(page)).toEqual([]);
  expect(parsed.data?.items.length, explain(page)).toBe(1);
  expectStatus(await call(LIST, { query: { limit: CEILING } }), 200, `limit ${CEILING}`);
  const over = await call(LIST, { query: { limit: CEILING + 1 } });
  expectStatus(over, 422);
});

const byClause = (clause: UrlClause) => REFUSED_URLS.filter((row) => row.clause === clause);

for (const [clause, label] of [
  ["webhooks.url-private-refused", "private"],
  ["webhooks.url-internal-refused", "internal"],
  ["webhooks.url-metadata-refused", "cloud-metadata"],
] as const) {
  check(`every ${label} URL form of the table is refused at create`, [clause], async () => {
    const accepted: string[] = [];
    for (const row of byClause(clause)) {
      const response = await tryCreate({ url: row.url });
      if (!REFUSED.includes(response.status)) accepted.push(`${row.url} (${row.why}) → ${response.status}`);
    }
    expect(accepted, `${label} URLs not refused with 400/422`).toEqual([]);
  });
}

property(
  "a private address in any notation is refused at create",
  ["webhooks.url-private-refused"],
  [privateUrl],
  async (generated) => {
    const response = await tryCreate({ url: generated.url });
    expectStatus(response, REFUSED, `${generated.address} as ${generated.notation}`);
  },
);

property(
  "an internal address (loopback, link-local, 0/8) in any notation is refused at create",
  ["webhooks.url-internal-refused"],
  [internalUrl],
  async (generated) => {
    const response = await tryCreate({ url: generated.url });
    expectStatus(response, REFUSED, `${generated.address} as ${generated.notation}`);
  },
);

check(
  "changing a webhook's URL to a private, internal or metadata address is refused",
  ["webhooks.url-refused-on-update"],
  async () => {
    const webhook = await createWebhook();
    const accepted: string[] = [];
    for (const clause of [
      "webhooks.url-private-refused",
      "webhooks.url-internal-refused",
      "webhooks.url-metadata-refused",
    ] as const) {
      for (const row of byClause(clause).slice(0, 6)) {
        const response = await callOp("webhook.update", { webhook_id: webhook.id }, { body: { url: row.url } });
        if (!REFUSED.includes(response.status)) accepted.push(`${row.url} (${row.why}) → ${response.status}`);
      }
    }
    expect(accepted, "URLs an update stored").toEqual([]);
    const read = WebhookRead.parse((await getWebhook(webhook.id)).json);
    expect(read.url, "the URL after the refused updates").toBe(webhook.url);
  },
);

check(
  "a webhook URL on a public address (name, IPv4, IPv6) is accepted and reads back",
  ["webhooks.url-public-accepted"],
  async () => {
    for (const url of PUBLIC_URLS) {
      const webhook = await createWebhook({ url });
      expect(webhook.url, "url in the create answer").toBe(url);
    }
  },
);

check("deleting a webhook answers {ok: true}; it is then gone from the list", ["webhooks.delete-ok"], async () => {
  const webhook = await createWebhook();
  expectOkResult(await callOp("webhook.delete", { webhook_id: webhook.id }));
  const ids = (await readAll(LIST, CEILING)).map((row) => row.id);
  expect(ids, "ids listed after the delete").not.toContain(webhook.id);
  const read = await getWebhook(webhook.id);
  expectStatus(read, 404);
});

async function eventTypes(): Promise<EventTypes> {
  const response = await callOp("webhook.event-types");
  expectStatus(response, 200);
  const parsed = EventTypes.safeParse(response.json);
  expect(parsed.error?.issues ?? [], explain(response)).toEqual([]);
  return parsed.data!;
}

check(
  "GET /v1/webhooks/event-types answers {all, live}, two arrays of strings",
  ["webhooks.event-types-shape"],
  async () => {
    await eventTypes();
  },
);

check("`all` holds every 6.1 event type", ["webhooks.event-types-all"], async () => {
  const { all } = await eventTypes();
  expect(
    EVENT_TYPES.filter((type) => !all.includes(type)),
    "6.1 types missing from all",
  ).toEqual([]);
});

check("`live` is a subset of `all`", ["webhooks.event-types-live-subset"], async () => {
  const { all, live } = await eventTypes();
  expect(
    live.filter((type) => !all.includes(type)),
    "live types not in all",
  ).toEqual([]);
});

check(
  "every type of `all` is accepted in subscribed_events, and reads back",
  ["webhooks.subscription-accepts-all"],
  async () => {
    const { all } = await eventTypes();
    const webhook = await createWebhook({ subscribed_events: all });
    expect([...(webhook.subscribed_events ?? [])].sort(), "subscribed_events in the create answer").toEqual(
      [...all].sort(),
    );
    for (const type of all) {
      const single = await createWebhook({ subscribed_events: [type] });
      expect(single.subscribed_events, `subscribed to ${type} alone`).toEqual([type]);
    }
  },
);

check(
  "a subscribed_events string not in `all` is refused, at create and on update",
  ["webhooks.subscription-rejects-unknown"],
  async () => {
    const { all } = await eventTypes();
    const unknown = ["session.ended", "SESSION.STARTED", "session.*", "", "webhook.test ", "call.completed"].filter(
      (type) => !all.includes(type),
    );
    const accepted: string[] = [];
    for (const type of unknown) {
      const response = await tryCreate({ url: publicUrl(), subscribed_events: ["session.started", type] });
      if (!REFUSED.includes(response.status)) accepted.push(`create with ${JSON.stringify(type)} → ${response.status}`);
    }
    const webhook = await createWebhook();
    const update = await callOp(
      "webhook.update",
      { webhook_id: webhook.id },
      { body: { subscribed_events: ["session.ended"] } },
    );
    if (!REFUSED.includes(update.status)) accepted.push(`update with "session.ended" → ${update.status}`);
    expect(accepted, "unknown event types stored").toEqual([]);
  },
);

check("the deliveries log of a webhook is a page envelope", ["webhooks.deliveries-paged"], async () => {
  // Subscribed to webhook.test alone, which nobody fires at it: empty even where a new webhook is always active.
  const webhook = await createWebhook({ subscribed_events: ["webhook.test"] });
  const response = await callOp("webhook.deliveries", { webhook_id: webhook.id }, { query: { limit: 5 } });
  expectStatus(response, 200);
  const parsed = AnyPage.safeParse(response.json);
  expect(parsed.error?.issues ?? [], explain(response)).toEqual([]);
  expect(parsed.data?.items, "a new webhook has delivered nothing").toEqual([]);
});

check(
  "the deliveries log of a webhook not in the workspace is a 404",
  ["webhooks.deliveries-unknown-404"],
  async () => {
    const response = await callOp("webhook.deliveries", { webhook_id: randomUUID() });
    expectStatus(response, 404);
  },
);

check(
  "test-fire on a disabled webhook is a 400 `webhook is disabled`",
  ["webhooks.test-fire-disabled-400"],
  async () => {
    const webhook = await createWebhook({ url: receiverUrl(), status: "active" });
    const disabled = await callOp("webhook.update", { webhook_id: webhook.id }, { body: { status: "disabled" } });
    expectStatus(disabled, "2xx");
    const response = await callOp("webhook.test", { webhook_id: webhook.id }, { timeoutMs: 15_000 });
    expect(expectBody(response, 400, ErrorMessage).detail.message, explain(response)).toBe("webhook is disabled");
  },
);

check(
  "test-fire answers {webhook_id, status, status_code, error} inline, for a success and a failure",
  ["webhooks.test-fire-inline"],
  async () => {
    const ok = await createSinkWebhook({ status: 200 });
    const good = await testFire(ok.webhook.id);
    // 6.1 names these four; a result may say more beside them.
    expect(Object.keys(good.response.json as object), explain(good.response)).toEqual(
      expect.arrayContaining(["error", "status", "status_code", "webhook_id"]),
    );
    expect(good.result.webhook_id, explain(good.response)).toBe(ok.webhook.id);
    expect(good.result.status_code, explain(good.response)).toBe(200);
    expect(good.result.error, explain(good.response)).toBeNull();
    const broken = await createSinkWebhook({ status: 500 });
    const bad = await testFire(broken.webhook.id);
    expect(bad.result.status_code, explain(bad.response)).toBe(500);
    expect(typeof bad.result.error, explain(bad.response)).toBe("string");
    expect(bad.result.status, "a failure's status differs from a success's").not.toBe(good.result.status);
  },
  { needs: ["wiring"] },
);

check(
  "test-fire delivers webhook.test to a webhook whose subscribed_events does not list it",
  ["webhooks.test-fire-ignores-filter"],
  async () => {
    const { webhook, hook } = await createSinkWebhook({}, { subscribed_events: ["session.completed"] });
    const fired = await testFire(webhook.id);
    const arrived = await waitForDeliveries(hook, { count: 1, timeoutMs: 5_000 });
    // Other checks' calls may end meanwhile and send this webhook their session.completed: the test-fire's
    // own delivery (answered before the test-fire returned) is the one webhook.test.
    const tests = arrived.deliveries.filter((d) => JSON.parse(d.body_text).type !== "session.completed");
    expect(tests.length, `deliveries at the sink after ${explain(fired.response)}`).toBe(1);
    expect(JSON.parse(tests[0]!.body_text).type, "the delivered type").toBe("webhook.test");
    expect(succeeded(fired.result), explain(fired.response)).toBe(true);
  },
  { needs: ["wiring"] },
);

check(
  "a failed delivery is recorded in the deliveries log",
  ["webhooks.deliveries-log-failures"],
  async () => {
    const { webhook, hook } = await createSinkWebhook({ status: 503 });
    const fired = await testFire(webhook.id);
    expect(reportsFailure(fired.result), explain(fired.response)).toBe(true);
    const arrived = await waitForDeliveries(hook, { count: 1, timeoutMs: 5_000, settled: true });
    const eventId = (readEnvelope(JSON.parse(arrived.deliveries[0]!.body_text)) as { id?: string }).id;
    const log = await deliveryLog(webhook.id);
    const row = log.find((record) => record.event_id === eventId);
    expect(row, `a log row for event ${eventId} among ${log.length}`).toBeDefined();
    expect(row!.status_code, "the logged status code").toBe(503);
    expect(row!.error, "the logged error").not.toBeNull();
  },
  { needs: ["wiring"] },
);

check(
  "after a delivery, last_delivered_at and last_status report it",
  ["webhooks.last-delivery-fields"],
  async () => {
    const { webhook } = await createSinkWebhook({ status: 200 });
    expect(webhook.last_delivered_at ?? null, "before any delivery (null or left out)").toBeNull();
    const fired = await testFire(webhook.id);
    const after = WebhookRead.parse((await getWebhook(webhook.id)).json);
    expect(after.last_delivered_at ?? null, "last_delivered_at after a delivery").not.toBeNull();
    // created_at's presence is webhooks.shape's: compared when the create's answer or the read has it.
    const createdAt = webhook.created_at ?? after.created_at;
    if (createdAt !== undefined) {
      expect(Date.parse(after.last_delivered_at!), "not before the create").toBeGreaterThanOrEqual(
        Date.parse(createdAt),
      );
    }
    expect(after.last_status, "last_status after a delivery").toBe(fired.result.status);
  },
  { needs: ["wiring"] },
);

check(
  "an event type in `all` but not in `live` is still delivered to a webhook subscribed to it",
  ["webhooks.live-gates-listing-only"],
  async (ctx) => {
    const { all, live } = await eventTypes();
    const quiet = all.filter((type) => !live.includes(type) && type !== "webhook.test");
    if (quiet.length === 0) ctx.skip("every type of `all` is live: nothing to check");
    const { hook } = await createSinkWebhook({}, { subscribed_events: quiet });
    for (const type of quiet) await publishEvent(type, null, { note: "live-gates-listing-only" });
    const arrived = await waitForDeliveries(hook, { count: quiet.length, timeoutMs: 5_000 });
    const types = arrived.deliveries.map((d) => (JSON.parse(d.body_text) as { type?: string }).type);
    expect(types.sort(), `types delivered of ${quiet.join(", ")}`).toEqual([...quiet].sort());
  },
  {
    needs: ["test-control", "wiring"],
    exclusive: "counts what reaches a webhook taking every type not live, which another check publishes too",
  },
);
