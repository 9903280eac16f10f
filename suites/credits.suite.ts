// Credits (1, 7): the two 402 gates (web call token, outbound call), no 402 anywhere else, the balance
// per region, inbound calls refused at the door, and a running batch pausing (judged against its calls'
// session.completed, which follows billing). Balances are set through test control and always put back.
import { expect } from "vitest";
import { type ApiResponse, call, explain } from "../runner/client/http-client.ts";
import { uniqueName } from "../runner/client/resources.ts";
import { check } from "../runner/framework/check.ts";
import { exclusive } from "../runner/framework/exclusive.ts";
import { expectBody } from "../runner/framework/response.ts";
import { skipIfLongerThanCheck } from "../runner/framework/slow-clock.ts";
import { CallSessionRead } from "../spec/calls.ts";
import type { OperationName } from "../spec/operations.ts";
import { createAgent, minimalAgent } from "./helpers/agents.ts";
import { dialLog, dialsFrom, getBatch, startBatch, waitForBatch } from "./helpers/batches.ts";
import { ErrorBody, WithItems } from "./helpers/body-shapes.ts";
import { callingSetup, postOutbound, realBudget } from "./helpers/calls.ts";
import { freshE164, patternNumber, placeInbound, witness } from "./helpers/carrier.ts";
import { getBalance, setBalance, withBalance } from "./helpers/credits.ts";
import { allEndpoints } from "./helpers/endpoints.ts";
import { ofBatch, subscribe, waitForEvents } from "./helpers/events.ts";
import { liveAgent } from "./helpers/live-agents.ts";
import { callOp } from "./helpers/profile.ts";
import { untilServerTime } from "./helpers/server-clock.ts";
import { importFreshNumber } from "./helpers/telephony.ts";

exclusive("sets the workspace's credit balance, which every other check's calls, web calls and batches spend");

const MINUTE = 60_000;
const completed = (batch: { status: string }) => batch.status === "completed";

function expect402(response: ApiResponse): void {
  expectBody(response, 402, ErrorBody, "the error envelope");
}

check(
  "with no credits, POST /v1/calls/token is a 402",
  ["credits.token-402"],
  async () => {
    // Published, so the only reason left to refuse the token is the balance (a server may check publication first).
    const agent = await liveAgent();
    const response = await withBalance(0, () => callOp("call.token", {}, { body: { agent_id: agent.id } }));
    expect402(response);
  },
  { needs: ["test-control"] },
);

check(
  "with no credits, POST /v1/calls/outbound is a 402 and nothing is dialled",
  ["credits.outbound-402"],
  async () => {
    const setup = await callingSetup();
    const from = await importFreshNumber();
    const response = await withBalance(0, () => postOutbound({ from, agentId: setup.agent.id }));
    expect402(response);
    const dials = (await witness()).dials.filter((dial) => dial.from === from.e164);
    expect(dials, `dials from ${from.e164} after a refused call`).toEqual([]);
  },
  { needs: ["test-control", "wiring"] },
);

check(
  "with no credits, no endpoint but the token and outbound calls answers 402",
  ["credits.402-only-two-endpoints"],
  async () => {
    const gated = new Set<OperationName>(["call.token", "call.outbound"]);
    // With a valid credential every operation may take effect: the provider-key rows name a provider no
    // agent uses, so the run's own key is never deleted (only the status matters here, and a 404 is not 402).
    const endpoints = allEndpoints("cap-unused").filter((e) => !gated.has(e.name));
    const statuses = await withBalance(0, async () => {
      // Independent requests, sent at once (the run bounds how many are in flight).
      const responses = await Promise.all(
        endpoints.map((endpoint) =>
          call(endpoint.path, {
            method: endpoint.method,
            ...(["POST", "PUT", "PATCH"].includes(endpoint.method) ? { body: {} } : {}),
            timeoutMs: 5_000,
          }),
        ),
      );
      return responses.filter((response) => response.status === 402).map(explain);
    });
    expect(statuses, "402 answers outside the two gates").toEqual([]);
  },
  { needs: ["test-control"] },
);

check(
  "the balance is per region: no credits in the first region does not 402 a web call in the second",
  ["credits.balance-per-region"],
  async () => {
    const inline = { agent: { ...minimalAgent(uniqueName("inline")), prompt: "Answer briefly." } };
    const [empty, other] = await withBalance(0, async () => [
      await callOp("call.token", {}, { body: inline, region: 0 }),
      await callOp("call.token", {}, { body: inline, region: 1 }),
    ]);
    expect402(empty!);
    expect(other!.status, explain(other!)).toBeLessThan(300);
  },
  { needs: ["test-control", "two-regions"] },
);

check(
  "with no credits an inbound call is refused at the door and reads back with close_reason insufficient_credits",
  ["credits.inbound-refused"],
  async () => {
    const agent = await createAgent();
    const number = await importFreshNumber({ inbound_agent_id: agent.id });
    const caller = freshE164();
    const inbound = await withBalance(0, () => placeInbound(number.e164, caller));
    expect(inbound.outcome, `the carrier's view of the call: ${JSON.stringify(inbound)}`).not.toBe("answered");
    // Newest first: the refused call is on the first page.
    const response = await callOp("call.list", {}, { query: { limit: 200 } });
    const rows = expectBody(response, 200, WithItems).items.map((row) => CallSessionRead.parse(row));
    const refused = rows.find((row) => row.from_number === caller);
    expect(refused, `a call from ${caller} in ${explain(response)}`).toBeDefined();
    expect(refused!.close_reason, explain(response)).toBe("insufficient_credits");
  },
  { needs: ["test-control", "wiring"] },
);

check(
  "a running batch pauses when credits run out: no dial after the call that spent them was billed, then on to the end once they return",
  ["credits.batch-pauses"],
  async () => {
    // Five simulated minutes out of credits: at a slow clock longer than the check, so skipped before the balance
    // is spent (a check past its deadline runs on, and its restoring finally would come too late for the others).
    skipIfLongerThanCheck(realBudget(5 * MINUTE), "the end of the five simulated minutes out of credits");
    const before = await getBalance();
    const { hook } = await subscribe(["session.completed"]);
    // One answered call costs at least one credit: once it is billed the balance is spent.
    await setBalance(1);
    try {
      const started = await startBatch({
        recipients: [{ to: patternNumber(0, 2) }, { to: patternNumber(0, 2) }, { to: patternNumber(0, 2) }],
        max_concurrency: 1,
        max_attempts: 1,
      });
      const id = started.batch.id;
      // session.completed comes after billing (6.1): from its emission on, the balance is known spent.
      const events = await waitForEvents(
        hook,
        (all) => ofBatch(all, id).some((e) => e.type === "session.completed"),
        realBudget(5 * MINUTE),
        "the first call's session.completed",
      );
      const billedAt = Math.min(
        ...ofBatch(events, id)
          .filter((e) => e.type === "session.completed")
          .map((e) => Date.parse(e.created_at)),
      );
      // Out of credits for five simulated minutes: no more dials, and the batch has not failed.
      const resumeAfter = billedAt + 5 * MINUTE;
      await untilServerTime(resumeAfter, "the end of the five simulated minutes out of credits");
      const whilePaused = await dialsFrom(started.from.e164);
      // A dial started after the first call ended but before it was billed is in flight legitimately (a
      // billing sweep may price a call a while after it ends; with max_concurrency 1 there is at most one
      // such dial). The reference bills before it frees the slot, so it has none; no server may dial later.
      const late = whilePaused.filter((dial) => dial.sim_ms > billedAt);
      expect(
        late.map((dial) => `${dial.to}@${new Date(dial.sim_ms).toISOString()}`),
        `dials after the spent balance was billed at ${new Date(billedAt).toISOString()}: ${dialLog(whilePaused)}`,
      ).toEqual([]);
      expect((await getBatch(id)).status, "the batch while out of credits").not.toBe("failed");
      await setBalance(before);
      const done = await waitForBatch(id, completed, realBudget(10 * MINUTE), "completed after the top-up");
      expect(done.counts?.reached, `counts.reached of ${JSON.stringify(done)}`).toBe(3);
    } finally {
      await setBalance(before);
    }
  },
  { needs: ["test-control", "wiring"] },
);
