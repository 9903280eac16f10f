// Provider keys and secrets (4, 5 items 6-7, 7): ADMIN-only writes, lists readable by every role that never
// show a value, verification with the provider before storing, a 502 that stores nothing and keeps the old key.
import { randomBytes, randomUUID } from "node:crypto";
import { expect } from "vitest";
import { explain, type Who } from "../runner/client/http-client.ts";
import { registerSecret } from "../runner/client/redact.ts";
import { assertDeleted, track, uniqueName } from "../runner/client/resources.ts";
import type { SseStream } from "../runner/client/sse-client.ts";
import { check } from "../runner/framework/check.ts";
import { exclusive } from "../runner/framework/exclusive.ts";
import { namesField } from "../runner/framework/problem-lines.ts";
import { deletedOrGone, expectOkResult, expectStatus } from "../runner/framework/response.ts";
import { createAgent } from "./helpers/agents.ts";
import { deleteKey, ensureLlmKey, keyRows, putKey } from "./helpers/byok.ts";
import { firstPair, keyProviders, listedPairs, type PairKind } from "./helpers/catalog.ts";
import { sendMessage, waitForReply } from "./helpers/conversations.ts";
import { maskedRows } from "./helpers/masked-lists.ts";
import { callOp, mustOpenStream, opPath, profile } from "./helpers/profile.ts";
import {
  chatRequestsFor,
  newProviderKey,
  providerRequests,
  revokeProviderKey,
  whileProviderOffline,
} from "./helpers/provider.ts";
import { failedTurn } from "./helpers/turns.ts";

exclusive(
  "replaces and deletes the workspace's provider keys every other check's agents run on, takes the provider offline, and judges by the provider's log of requests",
);

/** The tail a list row shows of a value (5 item 6: "a masked tail"; how many characters is the profile's masked_tail). */
const tailOf = (masked: string | undefined): string => masked?.slice(-profile().masked_tail.chars) ?? "-";

const LOWER_ROLES: Who[] = ["editor", "viewer"];
const ALL_ROLES: Who[] = ["admin", "editor", "viewer"];

/**
 * The provider these checks write keys for: one the agents' default llm does not use when the catalog has
 * one, so a server's own fallback for its main provider is never disturbed.
 */
async function provider(): Promise<string> {
  const llm = (await firstPair("llm")).provider;
  return (await keyProviders()).find((p) => p !== llm) ?? llm;
}

/** The provider's key is deleted at the end of the file, whatever a check left. */
function trackKey(name: string): void {
  track(`provider key ${name}`, async () => {
    const deleted = await deleteKey(name);
    if (!deletedOrGone(deleted.status)) throw new Error(`delete answered ${deleted.status}`);
  });
}

async function storeKey(name: string): Promise<string> {
  const key = await newProviderKey();
  const response = await putKey(name, key);
  expectStatus(response, "2xx", "PUT a valid key");
  trackKey(name);
  return key;
}

async function rowOf(name: string, as: Who = "admin") {
  const { response, rows } = await keyRows(as);
  expectStatus(response, 200);
  return { response, row: rows.find((r) => r.name === name) };
}

const fakeKey = () => `sk-never-issued-${randomBytes(16).toString("hex")}`;

check(
  "PUT /v1/byok/{provider} by an EDITOR or VIEWER is a 403 and stores nothing",
  ["byok.put-admin-only", "auth.role-too-low-403"],
  async () => {
    const name = await provider();
    const before = (await rowOf(name)).row;
    for (const who of LOWER_ROLES) {
      const key = fakeKey();
      registerSecret(key);
      const response = await putKey(name, key, who);
      if (response.status < 300) trackKey(name);
      expectStatus(response, 403, String(who));
      expect((await rowOf(name)).row, `the list after a refused ${String(who)} write`).toEqual(before);
    }
  },
);

check(
  "DELETE /v1/byok/{provider} by an EDITOR or VIEWER is a 403",
  ["byok.delete-admin-only", "auth.role-too-low-403"],
  async () => {
    const name = await provider();
    for (const who of LOWER_ROLES) {
      const response = await deleteKey(name, who);
      expectStatus(response, 403, String(who));
    }
  },
);

check(
  "an ADMIN's valid key is stored: listed under the provider's name with the key's tail",
  ["byok.put-stores"],
  async () => {
    const name = await provider();
    const key = await storeKey(name);
    const { row } = await rowOf(name);
    expect(row, `a row named ${name}`).toBeDefined();
    expect(key.endsWith(tailOf(row!.masked)), `the key ends with the tail of ${row!.masked}`).toBe(true);
  },
  { needs: ["wiring"] },
);

check(
  "EDITOR and VIEWER cannot delete a stored key: 403, and the key stays",
  ["byok.delete-admin-only"],
  async () => {
    const name = await provider();
    await storeKey(name);
    const { row } = await rowOf(name);
    for (const who of LOWER_ROLES) {
      const response = await deleteKey(name, who);
      expectStatus(response, 403, String(who));
      expect((await rowOf(name)).row, `the key after a refused ${String(who)} delete`).toEqual(row);
    }
  },
  { needs: ["wiring"] },
);

check(
  "a key the provider rejects is refused and never stored: a 400 for a key of the provider's own form, a 400 or a 422 for one of another form",
  ["byok.put-verified"],
  async () => {
    const name = await provider();
    const existing = await storeKey(name);
    const revoked = await newProviderKey();
    await revokeProviderKey(revoked);
    for (const [key, statuses] of [
      // 7: 400 is a request that "matched the schema but a rule rejected it", 422 one that "does not match the
      // operation schema". A revoked key has the form of a live one, so no schema refuses it: the provider's
      // verdict is a rule, a 400. A key never issued may fail a schema that holds the provider's key form
      // (4.1: the body of the provider-key write is not shown), so it may be either.
      [revoked, [400]],
      [fakeKey(), [400, 422]],
    ] as const) {
      registerSecret(key);
      const response = await putKey(name, key);
      expectStatus(response, [...statuses]);
      if (response.status === 422) {
        const field = profile().byok_body_field;
        expect(namesField(response, field), `a line "${field}: …" in ${explain(response)}`).toBe(true);
      }
      const { row } = await rowOf(name);
      expect(existing.endsWith(tailOf(row?.masked)), "the stored key is still the verified one").toBe(true);
    }
  },
  { needs: ["wiring"] },
);

check(
  "with the provider unreachable PUT is a 502 and nothing is stored",
  ["byok.put-502-nothing-stored"],
  async () => {
    const name = await provider();
    await deleteKey(name);
    const key = await newProviderKey();
    const response = await whileProviderOffline(() => putKey(name, key));
    if (response.status < 300) trackKey(name);
    expectStatus(response, 502);
    const { row } = await rowOf(name);
    if (row !== undefined) trackKey(name);
    expect(row, "no key listed after the 502").toBeUndefined();
  },
  { needs: ["wiring"] },
);

check(
  "a 502 on PUT leaves the existing key stored, untouched",
  ["byok.put-502-existing-untouched"],
  async () => {
    const name = await provider();
    const old = await storeKey(name);
    const before = (await rowOf(name)).row;
    const replacement = await newProviderKey();
    const response = await whileProviderOffline(() => putKey(name, replacement));
    expectStatus(response, 502);
    const after = (await rowOf(name)).row;
    expect(after, "the key listed after the 502").toEqual(before);
    expect(old.endsWith(tailOf(after?.masked)), "still the old key's tail").toBe(true);
  },
  { needs: ["wiring"] },
);

check(
  "DELETE by an ADMIN answers {ok: true} and the key leaves the list",
  ["byok.delete-ok"],
  async () => {
    const name = await provider();
    await storeKey(name);
    const response = await deleteKey(name);
    expectOkResult(response);
    expect((await rowOf(name)).row, "no row once deleted").toBeUndefined();
  },
  { needs: ["wiring"] },
);

/** A config that needs `name`'s key: a text agent whose one extra slot is served by that provider. */
async function configNeeding(name: string): Promise<Record<string, unknown>> {
  const llm = await firstPair("llm");
  if (llm.provider === name) return { channel: "text", llm, prompt: "p", greeting: "g" };
  for (const kind of ["avatar", "noise_cancellation", "llm"] as PairKind[]) {
    const pair = (await listedPairs(kind)).find((p) => p.provider === name);
    if (pair === undefined) continue;
    const slot = kind === "noise_cancellation" ? { enabled: true, ...pair } : pair;
    return { channel: "text", llm: kind === "llm" ? pair : llm, ...(kind === "llm" ? {} : { [kind]: slot }) };
  }
  throw new Error(`no avatar, noise_cancellation or llm model of ${name} in the catalog`);
}

check(
  "after DELETE /v1/byok/{provider} an agent needing that provider fails validation and cannot publish",
  ["byok.delete-agents-cannot-publish"],
  async () => {
    const name = await provider();
    if ((await firstPair("llm")).provider !== name) await ensureLlmKey();
    await storeKey(name);
    const agent = await createAgent(await configNeeding(name));
    const published = await callOp("agent.publish", { agent_id: agent.id });
    expectStatus(published, "2xx", "publish while the key is stored");
    expectStatus(await deleteKey(name), "2xx");
    const validated = await callOp("agent.validate", { agent_id: agent.id });
    const errors = (validated.json as { errors?: string[] }).errors ?? [];
    expect(errors.length, `validate once the key is gone: ${explain(validated)}`).toBeGreaterThan(0);
    const refused = await callOp("agent.publish", { agent_id: agent.id });
    expectStatus(refused, 400, "publish once the key is gone");
  },
  { needs: ["wiring"] },
);

check("the provider-key list is readable by ADMIN, EDITOR and VIEWER", ["byok.key-list-any-role"], async () => {
  for (const who of ALL_ROLES) {
    const { response } = await keyRows(who);
    expectStatus(response, 200, String(who));
  }
});

check(
  "no role ever reads a stored provider key back from the list",
  ["byok.key-list-masked"],
  async () => {
    const name = await provider();
    const key = await storeKey(name);
    for (const who of ALL_ROLES) {
      const { response, row } = await rowOf(name, who);
      expect(row, `${String(who)} sees the ${name} row`).toBeDefined();
      expect(response.text.includes(key), `${String(who)} reads the key in ${explain(response)}`).toBe(false);
      expect(Object.keys(row!).sort(), "a name and a masked tail (and a time)").toEqual(
        expect.arrayContaining(["masked", "name"]),
      );
    }
  },
  { needs: ["wiring"] },
);

// ---- Secrets (paths are profile assumptions, 4.1).

const secretValue = () => {
  const value = `s3cr3t-${randomBytes(12).toString("hex")}`;
  registerSecret(value);
  return value;
};

const secretRows = async () => (await maskedRows("secret.list")).rows;

async function putSecret(name: string, value: string, as: Who = "admin") {
  const response = await callOp("secret.put", { name }, { body: { value }, as });
  if (response.status < 300) {
    track(`secret ${name}`, async () => {
      assertDeleted(await callOp("secret.delete", { name }));
    });
  }
  return response;
}

const secretName = () => uniqueName("secret").replace(/[^A-Za-z0-9_.-]/g, "_");
const named = (rows: unknown[], name: string) => rows.find((row) => (row as { name?: unknown }).name === name);

check(
  "creating or replacing a secret is ADMIN only: EDITOR and VIEWER get a 403 and nothing changes",
  ["byok.secret-put-admin-only", "auth.role-too-low-403"],
  async () => {
    const fresh = secretName();
    const existing = secretName();
    const original = secretValue();
    const created = await putSecret(existing, original);
    expectStatus(created, "2xx");
    for (const who of LOWER_ROLES) {
      const create = await putSecret(fresh, secretValue(), who);
      expectStatus(create, 403, `${String(who)} create`);
      const replace = await putSecret(existing, secretValue(), who);
      expectStatus(replace, 403, `${String(who)} replace`);
    }
    const rows = await secretRows();
    expect(named(rows, fresh), "a refused create stored nothing").toBeUndefined();
    const row = named(rows, existing) as { masked?: string } | undefined;
    expect(original.endsWith(tailOf(row?.masked)), "the secret keeps its value").toBe(true);
  },
);

check(
  "deleting a secret is ADMIN only: EDITOR and VIEWER get a 403 and the secret stays",
  ["byok.secret-delete-admin-only", "auth.role-too-low-403"],
  async () => {
    const name = secretName();
    expectStatus(await putSecret(name, secretValue()), "2xx");
    for (const who of LOWER_ROLES) {
      const response = await callOp("secret.delete", { name }, { as: who });
      expectStatus(response, 403, String(who));
    }
    expect(named(await secretRows(), name), "the secret is still listed").toBeDefined();
  },
);

check(
  "an ADMIN's secret delete answers {ok: true} and the secret leaves the list",
  ["byok.secret-delete-ok"],
  async () => {
    const name = secretName();
    expectStatus(await putSecret(name, secretValue()), "2xx");
    const response = await callOp("secret.delete", { name });
    expectOkResult(response);
    expect(named(await secretRows(), name), "gone from the list").toBeUndefined();
  },
);

check(
  "the secret list is readable by every role and shows each the secret's name and its masked tail, as the profile masks it",
  ["byok.secret-list-any-role", "byok.secret-list-masked"],
  async () => {
    const name = secretName();
    const value = secretValue();
    expectStatus(await putSecret(name, value), "2xx");
    // 5 item 6: "readable by everyone and return only a name and a masked tail"; the tail's form is the profile's.
    const { prefix, chars } = profile().masked_tail;
    for (const who of ALL_ROLES) {
      const { responses, rows } = await maskedRows("secret.list", who);
      for (const response of responses) {
        expect(response.text.includes(value), `${String(who)} reads the value in ${explain(response)}`).toBe(false);
      }
      const row = named(rows, name) as { masked?: unknown } | undefined;
      expect(row, `${String(who)}: a row named ${name}`).toBeDefined();
      expect(row?.masked, `${String(who)}: the masked tail of ${name} (profile masked_tail)`).toBe(
        `${prefix}${value.slice(-chars)}`,
      );
    }
  },
);

// ---- Keys in live traffic: a text conversation with a published agent calls the provider.

async function publishedTextAgent() {
  const agent = await createAgent({
    channel: "text",
    llm: await firstPair("llm"),
    prompt: "Answer briefly.",
    greeting: "Hi",
  });
  const published = await callOp("agent.publish", { agent_id: agent.id });
  expectStatus(published, "2xx", "publish");
  return agent;
}

check(
  "provider calls carry the key stored for the workspace, and a replaced key at once",
  ["byok.stored-key-used"],
  async () => {
    await ensureLlmKey();
    const agent = await publishedTextAgent();
    // Twice: the second key replaces the first, and the very next call carries it.
    for (let round = 0; round < 2; round++) {
      const key = await ensureLlmKey();
      const before = (await providerRequests()).length;
      const sent = await sendMessage({ agent_id: agent.id });
      await waitForReply(sent.conversationId, sent.item.id);
      const { rows } = await chatRequestsFor({ conversation: sent.conversationId }, before);
      const hints = rows.map((row) => row.key_hint);
      expect(hints.length, "the reply called the provider").toBeGreaterThan(0);
      expect(hints, `every call with the stored key (…${key.slice(-4)})`).toEqual(hints.map(() => key.slice(-4)));
    }
  },
  { needs: ["wiring"] },
);

/** Header names a client might wrongly put a provider key in (1: keys are never sent in a request header). */
const keyHeaders = (provider: string) => ["X-Provider-Key", "X-OpenAI-Key", "OpenAI-Api-Key", `X-${provider}-Api-Key`];

/** A message to a text conversation carrying `key` in every header of keyHeaders. */
async function messageWithHeaderKey(fields: Record<string, unknown>, provider: string, key: string) {
  const headers = Object.fromEntries(keyHeaders(provider).map((name) => [name, key]));
  const body = { client_message_id: randomUUID(), text: uniqueName("message"), ...fields };
  const response = await callOp("message.send", {}, { body, headers });
  expect(response.status, `message with a key in headers: ${explain(response)}`).toBeLessThan(300);
  const answer = response.json as { conversation_id: string; item: { id: string } };
  return {
    conversationId: (fields.conversation_id as string | undefined) ?? answer.conversation_id,
    item: answer.item,
  };
}

/**
 * Waits for the turn of `itemId` to fail (10 s, a turn that has no key fails at once): turn.failed when the API
 * could not queue it, or its lifecycle's failed word when it queued it first (6.2 allows both); a reply instead
 * fails the check.
 */
async function turnFailedFor(stream: SseStream, itemId: string, why = ""): Promise<void> {
  const what = `the turn of item ${itemId} failing${why ? ` ${why}` : ""} (turn.failed, or a turn frame in a failed word)`;
  const ended = await failedTurn(stream, itemId, { timeoutMs: 10_000, what });
  expect(ended, `${what}\n${stream.describe()}`).not.toBe("replied");
}

check(
  "a provider key sent in a request header is never used: the stored key is, and with none stored the turn fails",
  ["byok.header-key-ignored"],
  async () => {
    const { provider: llmProvider } = await firstPair("llm");
    const stored = await ensureLlmKey();
    const agent = await publishedTextAgent();
    // A key the provider accepts, so a server that used it would get its reply and show it in the log.
    const sentKey = await newProviderKey();
    const before = (await providerRequests()).length;
    const opening = await messageWithHeaderKey({ agent_id: agent.id }, llmProvider, sentKey);
    await waitForReply(opening.conversationId, opening.item.id);
    const { rows } = await chatRequestsFor({ conversation: opening.conversationId }, before);
    const hints = rows.map((row) => row.key_hint);
    expect(hints.length, "the reply called the provider").toBeGreaterThan(0);
    expect(hints, `every call with the stored key (…${stored.slice(-4)}), none with the header's`).toEqual(
      hints.map(() => stored.slice(-4)),
    );
    try {
      expectStatus(await deleteKey(llmProvider), "2xx");
      const stream = await mustOpenStream(opPath("conversation.events", { conversation_id: opening.conversationId }));
      try {
        const since = (await providerRequests()).length;
        const sent = await messageWithHeaderKey({ conversation_id: opening.conversationId }, llmProvider, sentKey);
        await turnFailedFor(stream, sent.item.id, "with no key stored");
        const { rows } = await chatRequestsFor({ conversation: opening.conversationId }, since);
        expect(rows, "no provider call with the header's key").toEqual([]);
      } finally {
        stream.close();
      }
    } finally {
      // Other checks and suites run agents on this provider: give the workspace a working key back.
      await ensureLlmKey();
    }
  },
  { needs: ["wiring"] },
);

check(
  "after DELETE /v1/byok/{provider} an agent needing that provider stops working: its next turn fails",
  ["byok.delete-agents-stop"],
  async () => {
    const { provider: llmProvider } = await firstPair("llm");
    await ensureLlmKey();
    const agent = await publishedTextAgent();
    const opening = await sendMessage({ agent_id: agent.id });
    await waitForReply(opening.conversationId, opening.item.id);
    try {
      expectStatus(await deleteKey(llmProvider), "2xx");
      const stream = await mustOpenStream(opPath("conversation.events", { conversation_id: opening.conversationId }));
      try {
        const before = (await providerRequests()).length;
        const sent = await sendMessage({ conversation_id: opening.conversationId });
        await turnFailedFor(stream, sent.item.id);
        const { rows } = await chatRequestsFor({ conversation: opening.conversationId }, before);
        expect(rows, "no provider call without a key").toEqual([]);
      } finally {
        stream.close();
      }
    } finally {
      // Other checks and suites run agents on this provider: give the workspace a working key back.
      await ensureLlmKey();
    }
  },
  { needs: ["wiring"] },
);
