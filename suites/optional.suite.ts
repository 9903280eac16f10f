// Optional behaviours (spec/optional-behaviours.ts): what the spec leaves open, held to the profile's
// declaration of each. A server that has a behaviour its profile declares absent fails, and so does one
// that lacks a behaviour declared to work; "not-tested" skips.
import { expect } from "vitest";
import { call, explain } from "../runner/client/http-client.ts";
import { assertDeleted, track, uniqueName } from "../runner/client/resources.ts";
import { expectBody, expectStatus } from "../runner/framework/response.ts";
import { unroutedPath } from "../spec/operations.ts";
import { createAgent } from "./helpers/agents.ts";
import { ErrorMessage } from "./helpers/body-shapes.ts";
import { createKb } from "./helpers/knowledge.ts";
import { optionalCheck } from "./helpers/optional.ts";
import { callOp, profile } from "./helpers/profile.ts";

optionalCheck("knowledge-delete", "deleting a knowledge base", {
  works: async () => {
    const { kb } = await createKb();
    const deleted = await callOp("kb.delete", { kb_id: kb.id });
    expect(deleted.status, `declared must-work, so the delete succeeds: ${explain(deleted)}`).toBeGreaterThanOrEqual(
      200,
    );
    expect(deleted.status, `declared must-work, so the delete succeeds: ${explain(deleted)}`).toBeLessThan(300);
    const read = await callOp("kb.get", { kb_id: kb.id });
    expectStatus(read, 404, "a deleted knowledge base is gone");
  },
  absent: async () => {
    const { kb } = await createKb();
    const deleted = await callOp("kb.delete", { kb_id: kb.id });
    expectStatus(deleted, [404, 405], "declared must-be-absent, so the delete is refused");
    const read = await callOp("kb.get", { kb_id: kb.id });
    expectStatus(read, 200, "the refused delete left the knowledge base readable");
  },
});

/** An agent create whose body is exactly `bytes` long (ASCII, so characters are bytes). */
async function createOfSize(bytes: number) {
  const name = uniqueName("agent");
  const frame = JSON.stringify({ name, prompt: "" });
  const rawBody = JSON.stringify({ name, prompt: "x".repeat(Math.max(0, bytes - frame.length)) });
  const response = await callOp("agent.create", {}, { rawBody, headers: { "content-type": "application/json" } });
  const id = (response.json as { id?: unknown } | undefined)?.id;
  if (response.status < 300 && typeof id === "string") {
    track(`agent ${id}`, async () => {
      assertDeleted(await callOp("agent.delete", { agent_id: id }));
    });
  }
  return { response, length: rawBody.length };
}

optionalCheck("body-size-limit", "a request body over max_body_bytes", {
  works: async () => {
    const limit = profile().max_body_bytes;
    const over = await createOfSize(limit + 1);
    // The 413 is in the error envelope (7: one body at every status).
    expectBody(over.response, 413, ErrorMessage, `a ${over.length}-byte body over the ${limit}-byte limit`);
    const at = await createOfSize(limit);
    expect(
      at.response.status,
      `a ${at.length}-byte body, at the limit, is not refused for its size: ${explain(at.response)}`,
    ).not.toBe(413);
  },
  absent: async () => {
    const limit = profile().max_body_bytes;
    const over = await createOfSize(limit + 1);
    expect(
      over.response.status,
      `declared must-be-absent, so ${over.length} bytes are no 413: ${explain(over.response)}`,
    ).not.toBe(413);
    expect(over.response.status, explain(over.response)).toBeLessThan(500);
  },
});

/** Responses of three kinds: a public one, an authenticated list, and an error. */
async function sampleResponses() {
  await createAgent();
  return [
    await call("/health", { as: "none" }),
    await callOp("agent.list", {}, { query: { limit: 1 } }),
    await call(unroutedPath(uniqueName("no-such-route"))),
  ];
}

optionalCheck("version-header", "a version header on every response", {
  works: async () => {
    const name = profile().version_header.toLowerCase();
    for (const response of await sampleResponses()) {
      expect(response.headers[name] ?? "", `declared must-work, so ${name} is set: ${explain(response)}`).not.toBe("");
    }
  },
  absent: async () => {
    const name = profile().version_header.toLowerCase();
    for (const response of await sampleResponses()) {
      expect(response.headers[name], `declared must-be-absent, so no ${name}: ${explain(response)}`).toBeUndefined();
    }
  },
});
