// The batch scheduler at size: 1,000 recipients of mixed scripted outcomes, max_attempts 3,
// max_concurrency 20, at 50 ms per simulated minute, must complete well under a minute, and the carrier's
// witness must show the batch rules kept throughout: exact attempts per scripted outcome, retries spaced
// by retry_after_minutes, at most 20 calls at once (and more than one: concurrency was used), nothing left
// live at the carrier; batch.completed delivered exactly once.
import { request } from "undici";
import { afterAll, beforeAll, expect, test } from "vitest";
import { WitnessSnapshot } from "../../../../simulators/carrier/schemas.ts";
import { type Stack, startStack } from "../../../../simulators/stack.ts";
import { DeliveryList, WaitResult } from "../../../../simulators/webhook-sink/schemas.ts";
import { peakConcurrency } from "../../../../suites/helpers/concurrency.ts";

const MINUTE = 60_000;
const RULES = { max_attempts: 3, max_concurrency: 20, retry_after_minutes: 1 };

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

async function simulator(url: string): Promise<unknown> {
  const response = await request(url, { signal: AbortSignal.timeout(40_000) });
  expect(response.statusCode, url).toBe(200);
  return response.body.json();
}

/**
 * Outcome digit O and parameter P of the carrier's number pattern +1 555 0 O P NNNN, with the dials each
 * must take under max_attempts 3: a callee never reached uses all three; "fail P times, then answer"
 * takes P + 1 (P + 1 <= 3 here); a reached callee (a machine included) is never dialled again.
 */
const MIX: Array<{ o: number; p: number; dials: number; what: string }> = [
  { o: 0, p: 0, dials: 1, what: "answers" },
  { o: 0, p: 1, dials: 1, what: "answers, talks 10 s" },
  { o: 1, p: 0, dials: 3, what: "always busy" },
  { o: 2, p: 0, dials: 3, what: "never answers" },
  { o: 3, p: 0, dials: 3, what: "always fails" },
  { o: 4, p: 0, dials: 1, what: "voicemail" },
  { o: 5, p: 1, dials: 2, what: "no answer once, then answers" },
  { o: 6, p: 2, dials: 3, what: "busy twice, then answers" },
  { o: 7, p: 1, dials: 2, what: "fails once, then answers" },
  { o: 8, p: 0, dials: 1, what: "answers after ringing 5 s" },
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
  const sink = stack.target.simulators.webhook_sink!;
  await api("/v1/webhooks", "POST", { url: `${sink}/hooks/large-batch`, subscribed_events: ["batch.completed"] });
  const recipients = Array.from({ length: 1_000 }, (_, i) => {
    const { o, p } = MIX[i % MIX.length]!;
    return { to: `+15550${o}${p}${String(i).padStart(4, "0")}` };
  });
  const expected = new Map(recipients.map(({ to }, i) => [to, MIX[i % MIX.length]!]));
  const started = performance.now();
  const batch = await api<{ id: string }>("/v1/calls/batches", "POST", {
    from_phone_number_id: phone.id,
    agent_id: agent.id,
    recipients,
    ...RULES,
  });
  let status = "";
  while (status !== "completed" && performance.now() - started < 60_000) {
    status = (await api<{ status: string }>(`/v1/calls/batches/${batch.id}`)).status;
    if (status !== "completed") await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const elapsed = performance.now() - started;
  expect(status, `batch status after ${Math.round(elapsed)} ms`).toBe("completed");
  expect(elapsed, "real ms to complete").toBeLessThan(45_000);

  const witness = WitnessSnapshot.parse(await simulator(`${stack.target.simulators.carrier}/_admin/witness`));
  const dials = witness.dials.filter((d) => d.from === phone.e164);
  const perRecipient = new Map<string, typeof dials>();
  for (const dial of dials) perRecipient.set(dial.to, [...(perRecipient.get(dial.to) ?? []), dial]);
  expect(perRecipient.size).toBe(1_000);
  for (const [to, rows] of perRecipient) {
    const { dials: count, what } = expected.get(to)!;
    expect(rows.length, `dials to ${to} (${what})`).toBe(count);
    const reached = rows.findIndex((d) => d.answered_by !== null);
    if (reached >= 0) expect(rows.length - 1 - reached, `${to} re-dialled after it answered`).toBe(0);
    rows.sort((a, b) => a.sim_ms - b.sim_ms);
    for (let i = 1; i < rows.length; i++) {
      const gap = rows[i]!.sim_ms - rows[i - 1]!.sim_ms;
      expect(gap, `attempt ${i + 1} to ${to} (${what}), simulated ms after the previous`).toBeGreaterThanOrEqual(
        RULES.retry_after_minutes * MINUTE,
      );
    }
  }
  expect(peakConcurrency(dials), "calls at once, from the dials").toBeLessThanOrEqual(RULES.max_concurrency);
  // The witness's own count (this stack dials only this batch): within the cap, and above 1.
  expect(witness.concurrency.peak, "the witness's peak").toBeLessThanOrEqual(RULES.max_concurrency);
  expect(witness.concurrency.peak, "the witness's peak: calls did run side by side").toBeGreaterThan(1);
  expect(witness.unfinished, "calls still live at the carrier after the batch completed").toEqual([]);

  // batch.completed once: the first delivery is waited for, then a quiet second for a duplicate.
  const hook = `${sink}/_admin/hooks/large-batch`;
  const first = WaitResult.parse(await simulator(`${hook}/wait?count=1&timeout_ms=10000`));
  expect(first.count, "batch.completed delivered").toBe(1);
  WaitResult.parse(await simulator(`${hook}/wait?count=2&timeout_ms=1000`));
  const deliveries = DeliveryList.parse(await simulator(`${hook}/deliveries`)).deliveries;
  const events = deliveries.map((d) => JSON.parse(d.body_text) as { type: string; data: { batch_id?: string } });
  expect(
    events.map((e) => `${e.type} ${e.data.batch_id}`),
    "deliveries of batch.completed",
  ).toEqual([`batch.completed ${batch.id}`]);
});
