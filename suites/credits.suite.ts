// Credits (1, 7): the two 402 gates (web call token, outbound call), no 402 anywhere else, the balance
// per region, and inbound calls refused at the door. Balances are set through test control and always
// put back; the batch pause is checked in the batches suite.
import { expect } from "vitest";
import { CallSession } from "../spec/calls.ts";
import { createAgent } from "./harness/agents.ts";
import { callingSetup, postOutbound } from "./harness/calls.ts";
import { freshE164, placeInbound, witness } from "./harness/carrier.ts";
import { check } from "./harness/check.ts";
import { withBalance } from "./harness/credits.ts";
import { allEndpoints } from "./harness/endpoints.ts";
import { type ApiResponse, call, describe } from "./harness/http.ts";
import { uniqueName } from "./harness/resources.ts";
import { importFreshNumber } from "./harness/telephony.ts";

const TOKEN = "/v1/calls/token";

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
