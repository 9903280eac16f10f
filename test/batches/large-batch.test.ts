// The batch scheduler at size: 1,000 recipients of mixed scripted outcomes, max_attempts 3,
// max_concurrency 20, at 50 ms per simulated minute, must complete well under a minute, and the carrier's
// witness must show the batch rules kept throughout.
import { request } from "undici";
import { afterAll, beforeAll, expect, test } from "vitest";
import { WitnessSnapshot } from "../../simulators/carrier/schemas.ts";
import { type Stack, startStack } from "../../simulators/stack.ts";
import { peakConcurrency } from "../../suites/harness/concurrency.ts";

let stack: Stack;

beforeAll(async () => {
  stack = await startStack({ minuteMs: 50 });
});

afterAll(async () => {
  await stack.close();
});

async function api<T>(path: string, method = "GET", body?: unknown): Promise<T> {
  const response = await request(`${stack.target.regions[0]!.base_url}${path}`, {
    method: method as "GET",
    headers: { authorization: `Bearer ${stack.target.credentials.admin}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
  expect(response.statusCode, `${method} ${path}`).toBeLessThan(300);
  return (await response.body.json()) as T;
}

/** Outcome digit O and parameter P of the carrier's number pattern +1 555 0 O P NNNN. */
const MIX: Array<[number, number]> = [
  [0, 0],
  [0, 1],
  [1, 0],
  [2, 0],
  [3, 0],
  [4, 0],
  [5, 1],
  [6, 2],
  [7, 1],
  [8, 0],
];

test("1,000 recipients, mixed outcomes, max_attempts 3, max_concurrency 20 complete well under a minute", {
  timeout: 90_000,
}, async () => {
  type Page<T> = { items: T[] };
  const account = (await api<Page<{ id: string }>>("/v1/telephony/accounts")).items[0]!;
  const remote = await api<Page<{ provider_number_id: string }>>(`/v1/telephony/accounts/${account.id}/remote-numbers`);
  const phone = (
    await api<{ items: Array<{ id: string; e164: string }> }>(`/v1/telephony/accounts/${account.id}/import`, "POST", {
      provider_number_ids: [remote.items[0]!.provider_number_id],
    })
  ).items[0]!;
  const agent = await api<{ id: string }>("/v1/agents", "POST", { name: "large-batch" });
  const recipients = Array.from({ length: 1_000 }, (_, i) => {
    const [o, p] = MIX[i % MIX.length]!;
    return { to: `+15550${o}${p}${String(i).padStart(4, "0")}` };
  });
  const started = performance.now();
  const batch = await api<{ id: string }>("/v1/calls/batches", "POST", {
    from_phone_number_id: phone.id,
    agent_id: agent.id,
    recipients,
    max_attempts: 3,
    max_concurrency: 20,
    retry_after_minutes: 1,
  });
  let status = "";
  while (status !== "completed" && performance.now() - started < 60_000) {
    status = (await api<{ status: string }>(`/v1/calls/batches/${batch.id}`)).status;
    if (status !== "completed") await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const elapsed = performance.now() - started;
  expect(status, `batch status after ${Math.round(elapsed)} ms`).toBe("completed");
  expect(elapsed, "real ms to complete").toBeLessThan(45_000);

  const response = await request(`${stack.target.simulators.carrier}/_admin/witness`);
  const dials = WitnessSnapshot.parse(await response.body.json()).dials.filter((d) => d.from === phone.e164);
  const perRecipient = new Map<string, typeof dials>();
  for (const dial of dials) perRecipient.set(dial.to, [...(perRecipient.get(dial.to) ?? []), dial]);
  expect(perRecipient.size).toBe(1_000);
  for (const [to, rows] of perRecipient) {
    expect(rows.length, to).toBeLessThanOrEqual(3);
    const reached = rows.findIndex((d) => d.answered_by !== null);
    if (reached >= 0) expect(rows.length - 1 - reached, `${to} re-dialled after it answered`).toBe(0);
  }
  const peak = peakConcurrency(dials);
  expect(peak, "calls at once").toBeLessThanOrEqual(20);
});
