// Credits (1, 7): the two 402 gates (web call token, outbound call), no 402 anywhere else, the balance
// per region, and inbound calls refused at the door. Balances are set through test control and always
// put back; the batch pause is checked in the batches suite.
import { expect } from "vitest";
import { CallSession } from "../spec/calls.ts";
import { createAgent } from "./harness/agents.ts";
import { dialLog, dialsFrom, getBatch, startBatch, waitForBatch } from "./harness/batches.ts";
import { callingSetup, postOutbound, realBudget } from "./harness/calls.ts";
import { freshE164, patternNumber, placeInbound, witness } from "./harness/carrier.ts";
import { check } from "./harness/check.ts";
import { getBalance, serverNow, setBalance, withBalance } from "./harness/credits.ts";
import { allEndpoints } from "./harness/endpoints.ts";
import { type ApiResponse, call, describe } from "./harness/http.ts";
import { uniqueName } from "./harness/resources.ts";
import { importFreshNumber } from "./harness/telephony.ts";

const TOKEN = "/v1/calls/token";
const MINUTE = 60_000;
const completed = (batch: { status: string }) => batch.status === "completed";

function expect402(response: ApiResponse): void {
  expect(response.status, describe(response)).toBe(402);
  const detail = (response.json as { detail?: { message?: unknown; errors?: unknown } } | undefined)?.detail;
  expect(typeof detail?.message, `error envelope in ${describe(response)}`).toBe("string");
  expect(Array.isArray(detail?.errors), `error envelope in ${describe(response)}`).toBe(true);
}

check(
  "with no credits, POST /v1/calls/token is a 402",
  ["credits.token-402"],
  async () => {
    const agent = await createAgent();
    const response = await withBalance(0, () => call(TOKEN, { method: "POST", body: { agent_id: agent.id } }));
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
    const gated = new Set(["POST /v1/calls/token", "POST /v1/calls/outbound"]);
    const endpoints = allEndpoints().filter((e) => !gated.has(`${e.method} ${e.path}`));
    const statuses = await withBalance(0, async () => {
      const seen: string[] = [];
      for (const endpoint of endpoints) {
        const response = await call(endpoint.path, {
          method: endpoint.method,
          ...(["POST", "PUT", "PATCH"].includes(endpoint.method) ? { body: {} } : {}),
          timeoutMs: 5_000,
        });
        if (response.status === 402) seen.push(describe(response));
      }
      return seen;
    });
    expect(statuses, "402 answers outside the two gates").toEqual([]);
  },
  { needs: ["test-control"] },
);

check(
  "the balance is per region: no credits in the first region does not 402 a web call in the second",
  ["credits.balance-per-region"],
  async () => {
    const inline = { agent: { name: uniqueName("inline"), prompt: "Answer briefly." } };
    const [empty, other] = await withBalance(0, async () => [
      await call(TOKEN, { method: "POST", body: inline, region: 0 }),
      await call(TOKEN, { method: "POST", body: inline, region: 1 }),
    ]);
    expect402(empty!);
    expect(other!.status, describe(other!)).toBeLessThan(300);
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
    const response = await call("/v1/calls", { query: { limit: 200 } });
    expect(response.status, describe(response)).toBe(200);
    const rows = (response.json as { items: unknown[] }).items.map((row) => CallSession.parse(row));
    const refused = rows.find((row) => row.from_number === caller);
    expect(refused, `a call from ${caller} in ${describe(response)}`).toBeDefined();
    expect(refused!.close_reason, describe(response)).toBe("insufficient_credits");
  },
  { needs: ["test-control", "wiring"] },
);

check(
  "a running batch pauses when credits run out, and carries on to the end when they return",
  ["credits.batch-pauses"],
  async () => {
    const before = await getBalance();
    // One answered call costs at least one credit: the second dial must wait for a top-up.
    await setBalance(1);
    try {
      const started = await startBatch({
        recipients: [{ to: patternNumber(0, 0) }, { to: patternNumber(0, 0) }, { to: patternNumber(0, 0) }],
        max_concurrency: 1,
        max_attempts: 1,
      });
      const firstEnded = async () => (await dialsFrom(started.from.e164)).some((d) => d.ended_sim_ms !== null);
      const deadline = Date.now() + realBudget(5 * MINUTE);
      while (!(await firstEnded())) {
        expect(Date.now(), "the first call of the batch ended").toBeLessThan(deadline);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      // Out of credits for five simulated minutes: no more dials, and the batch has not failed.
      const resumeAfter = (await serverNow()) + 5 * MINUTE;
      while ((await serverNow()) < resumeAfter) await new Promise((resolve) => setTimeout(resolve, 50));
      const whilePaused = await dialsFrom(started.from.e164);
      expect(whilePaused.length, `dials while the balance was empty: ${dialLog(whilePaused)}`).toBeLessThan(3);
      expect((await getBatch(started.batch.id)).status, "the batch while out of credits").not.toBe("failed");
      await setBalance(before);
      const done = await waitForBatch(
        started.batch.id,
        completed,
        realBudget(10 * MINUTE),
        "completed after the top-up",
      );
      expect(done.counts.reached, JSON.stringify(done)).toBe(3);
    } finally {
      await setBalance(before);
    }
  },
  { needs: ["test-control", "wiring"] },
);
