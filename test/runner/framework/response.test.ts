// expectStatus and expectBody: the status a check accepts, and the body parsed with its schema in one call.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { ApiResponse } from "../../../runner/client/http-client.ts";
import { deletedOrGone, expectBody, expectOkResult, expectStatus } from "../../../runner/framework/response.ts";

const response = (status: number, json: unknown): ApiResponse => ({
  method: "POST",
  url: "http://127.0.0.1:1/v1/agents",
  status,
  headers: {},
  text: JSON.stringify(json),
  json,
});

describe("expectStatus", () => {
  it("accepts an exact code, any of a list, or any 2xx", () => {
    expectStatus(response(201, {}), 201);
    expectStatus(response(200, {}), [200, 201]);
    expectStatus(response(204, {}), "2xx");
  });

  it("fails naming the request, the codes it accepts and the exchange", () => {
    expect(() => expectStatus(response(400, { detail: "x" }), [200, 201], "creating an agent")).toThrow(
      /creating an agent: expected status 200 or 201, got POST http:\/\/127\.0\.0\.1:1\/v1\/agents → 400/,
    );
    expect(() => expectStatus(response(302, {}), "2xx")).toThrow(/expected status 2xx/);
  });
});

describe("expectBody", () => {
  const Agent = z.object({ id: z.string(), name: z.string() });

  it("answers the parsed, typed body", () => {
    const agent = expectBody(response(201, { id: "a1", name: "n", extra: true }), "2xx", Agent);
    expect(agent).toEqual({ id: "a1", name: "n" });
  });

  it("fails on the status before looking at the body", () => {
    expect(() => expectBody(response(500, {}), "2xx", Agent)).toThrow(/expected status 2xx/);
  });

  it("fails naming each field that does not match", () => {
    expect(() => expectBody(response(200, { id: 7 }), 200, Agent, "reading it back")).toThrow(
      /reading it back: the body does not have the expected shape \(id: .*; name: .*\)/,
    );
  });
});

describe("expectOkResult", () => {
  it("takes {ok: true} with any 2xx, and more fields beside it (2.7 names the body, not the status)", () => {
    expectOkResult(response(200, { ok: true }));
    expectOkResult(response(202, { ok: true, deleted_at: "2026-01-01T00:00:00Z" }));
  });

  it("fails on another body or a status outside 2xx", () => {
    expect(() => expectOkResult(response(200, { ok: false }), "the delete")).toThrow(/the delete: the body/);
    expect(() => expectOkResult(response(404, { ok: true }))).toThrow(/expected status 2xx/);
  });
});

describe("deletedOrGone", () => {
  it("is a 2xx or a 404", () => {
    expect([200, 204, 404, 400, 500].map(deletedOrGone)).toEqual([true, true, true, false, false]);
  });
});
