// Section 7: one error body at every status, and the 422 line format with prefixes stripped.

import { randomBytes, randomUUID } from "node:crypto";
import fc from "fast-check";
import { expect } from "vitest";
import { z } from "zod";
import { invalidAgentBody, isInvalidAgent } from "../fixtures/invalid-agent.ts";
import { type ApiResponse, call, explain } from "../runner/client/http-client.ts";
import { uniqueName } from "../runner/client/resources.ts";
import { check } from "../runner/framework/check.ts";
import { lineNames, problemLines } from "../runner/framework/problem-lines.ts";
import { property } from "../runner/framework/property.ts";
import { expectBody, expectStatus } from "../runner/framework/response.ts";
import { checksSideBySide } from "../runner/framework/side-by-side.ts";
import { PROBLEM_LINE } from "../spec/errors.ts";
import { unroutedPath } from "../spec/operations.ts";
import { createAgent, minimalAgent } from "./helpers/agents.ts";
import { ErrorBody } from "./helpers/body-shapes.ts";
import { firstPair, unlistedName } from "./helpers/catalog.ts";
import { addWorkspace } from "./helpers/control-plane.ts";
import { expectNameTaken } from "./helpers/names.ts";
import { callOp, profile } from "./helpers/profile.ts";

checksSideBySide("each check sends its own malformed request and reads only its answer");

/** 7's envelope, after a status check of its own (the statuses here are exact, or a range). */
function detail(response: ApiResponse): ErrorBody["detail"] {
  const body = ErrorBody.safeParse(response.json);
  expect(body.success, `detail.message (a string) and detail.errors (a list) in ${explain(response)}`).toBe(true);
  return body.data!.detail;
}

/** Every 422 line is `field.path: problem` with no body/query/path prefix; one line is the message. */
function expect422(response: ApiResponse, fields: string[]): void {
  expectStatus(response, 422);
  const { message } = detail(response);
  const errors = problemLines(response);
  expect(errors.length, `the problem lines of ${explain(response)}`).toBeGreaterThan(0);
  for (const line of errors) {
    expect(line, `422 line format in ${explain(response)}`).toMatch(PROBLEM_LINE);
    expect(line, `prefix stripped in ${explain(response)}`).not.toMatch(/^(body|query|path)[.:]/);
  }
  for (const field of fields) {
    expect(
      errors.some((line) => lineNames(line, field)),
      `a line "${field}: …" among ${JSON.stringify(errors)}`,
    ).toBe(true);
  }
  if (errors.length === 1) expect(message, "with one problem the message is that line").toBe(errors[0]);
}

check(
  "an unknown path under /v1 is a 404 with the error envelope",
  ["errors.unknown-route-404", "errors.envelope"],
  async () => {
    const response = await call(unroutedPath(`no-such-resource-${randomBytes(4).toString("hex")}`));
    expectStatus(response, 404);
    detail(response);
  },
);

check(
  "a failure with one problem has an empty errors array, at 400, 401 (ours and the control plane's), 403 and 404",
  ["errors.single-problem-empty-errors", "errors.errors-always-array"],
  async () => {
    const agent = await createAgent();
    const secretName = uniqueName("absent").replace(/[^A-Za-z0-9_.-]/g, "_");
    const llm = { provider: (await firstPair("llm")).provider, model: await unlistedName("model") };
    // 7: "errors is an empty array when the failure had one problem"; each of these has exactly one.
    const failures: Array<[string, ApiResponse]> = [
      ["an unknown agent", await callOp("agent.get", { agent_id: randomUUID() })],
      ["no credential", await callOp("agent.list", {}, { as: "none" })],
      ["a token the control plane refuses", await callOp("agent.list", {}, { as: { token: uniqueName("no-token") } })],
      // 5, item 6: deleting a secret is ADMIN only (a 403; or a 404 first, as no such secret exists).
      ["a VIEWER deleting a secret", await callOp("secret.delete", { name: secretName }, { as: "viewer" })],
      ["a duplicate agent name", await callOp("agent.create", {}, { body: minimalAgent(agent.name) })],
      // 2.8: "A config naming anything not listed is rejected"; one unlisted model is one problem.
      [
        "one unlisted llm model",
        await callOp("agent.create", {}, { body: { ...minimalAgent(uniqueName("unlisted")), llm } }),
      ],
    ];
    for (const [label, response] of failures) {
      expect(response.status, `${label}: ${explain(response)}`).toBeGreaterThanOrEqual(400);
      expect(detail(response).errors, `${label}: ${explain(response)}`).toEqual([]);
    }
    // Every other error response of the run is held to the same rule (runner/client/universal-rules.ts).
  },
);

property(
  "invalid agent bodies are a 422 with one stripped `field.path: problem` line per problem",
  [
    "errors.422-line-format",
    "errors.422-prefix-stripped",
    "errors.422-single-problem-message",
    "agents.wrong-type-422",
  ],
  [
    invalidAgentBody("capct-invalid", {
      assumedTypes: profile().agent_field_types,
      nullIsWrongType: profile().null_is_wrong_type,
    }),
  ],
  async ({ body, paths }) => {
    // Re-validated on every run, shrunk ones included: a body that became valid proves nothing.
    fc.pre(isInvalidAgent(body));
    const response = await callOp(
      "agent.create",
      {},
      // Over the profile's minimal agent, so a field this server requires at create is no extra problem.
      {
        body: {
          ...minimalAgent("_"),
          ...body,
          name: typeof body.name === "string" ? uniqueName("invalid") : body.name,
        },
      },
    );
    expect422(response, paths);
  },
  { numRuns: 40 },
);

check(
  "a non-integer limit names `limit` without the query prefix, and one problem is the message",
  ["errors.422-prefix-stripped", "errors.422-single-problem-message", "errors.422-line-format"],
  async () => {
    const response = await callOp("agent.list", {}, { query: { limit: "many" } });
    expect422(response, ["limit"]);
    expect(problemLines(response), explain(response)).toHaveLength(1);
  },
);

check(
  "an agent id that is not a UUID is a 422 naming `agent_id` without the path prefix, or a 404 (a path that takes any string)",
  ["errors.422-prefix-stripped", "errors.422-line-format"],
  async () => {
    const response = await callOp("agent.get", { agent_id: "not-a-uuid" });
    // 2.9 gives ids as UUIDs; whether the path schema says so is the server's (7: a 404 is "Resource does not
    // exist"), so only a 422 has lines to read.
    if (response.status === 404) {
      detail(response);
      return;
    }
    expect422(response, ["agent_id"]);
  },
);

check(
  "a rule violation (duplicate name) is a 400 with the envelope",
  ["errors.envelope", "agents.names-unique"],
  async () => {
    const agent = await createAgent();
    const response = await callOp("agent.create", {}, { body: minimalAgent(agent.name) });
    expectNameTaken(response);
    detail(response);
  },
);

check("a body that is not JSON is refused with the envelope, never a 5xx", ["errors.envelope"], async () => {
  const response = await callOp("agent.create", {}, { rawBody: "{not json" });
  expect(response.status, explain(response)).toBeGreaterThanOrEqual(400);
  expect(response.status, explain(response)).toBeLessThan(500);
  detail(response);
});

check(
  "an agent of another workspace is a 404 there, not a 403, and is left untouched",
  ["errors.other-workspace-404", "errors.envelope"],
  async () => {
    const agent = await createAgent();
    // An ADMIN of its own workspace: a refusal can then only be about ownership, never about the role.
    const other = await addWorkspace("ADMIN");
    const as = { token: other.token };
    const params = { agent_id: agent.id };
    for (const [label, response] of [
      ["GET", await callOp("agent.get", params, { as })],
      ["PATCH", await callOp("agent.patch", params, { as, body: minimalAgent(uniqueName("other-workspace")) })],
      ["validate", await callOp("agent.validate", params, { as })],
      ["publish", await callOp("agent.publish", params, { as })],
      ["DELETE", await callOp("agent.delete", params, { as })],
    ] as const) {
      expectStatus(response, 404, `${label} from another workspace`);
      detail(response);
    }
    const listed = await callOp("agent.list", {}, { as, query: { limit: 200 } });
    expectStatus(listed, 200);
    const ids = ((listed.json as { items?: Array<{ id?: unknown }> }).items ?? []).map((row) => row.id);
    expect(ids, `the other workspace's agent list: ${explain(listed)}`).not.toContain(agent.id);
    const own = await callOp("agent.get", params);
    const read = expectBody(own, 200, z.looseObject({ name: z.unknown(), published_version: z.unknown().optional() }));
    expect(read.name, explain(own)).toBe(agent.name);
    expect(read.published_version, explain(own)).toBe(agent.published_version);
  },
  { needs: ["wiring"] },
);
