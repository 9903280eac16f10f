// Batch helpers: create a batch from a fresh number (so the carrier witness isolates its dials), wait on
// its status (profile `batch.get`), cancel it at the end of the suite file, and read its dials back.

import { expect } from "vitest";
import { explain } from "../../runner/client/http-client.ts";
import { track, uniqueName } from "../../runner/client/resources.ts";
import { waited, waitOnServer } from "../../runner/client/stalled-waits.ts";
import { pause } from "../../runner/client/traffic.ts";
import { CallBatchRead, CallSessionRead } from "../../spec/calls.ts";
import { AnyPage } from "../../spec/common.ts";
import type { PhoneNumber } from "../../spec/telephony.ts";
import { callingSetup } from "./calls.ts";
import { type WitnessDial, witness } from "./carrier.ts";
import { callOp } from "./profile.ts";

export { peakConcurrency } from "./concurrency.ts";

import { expectStatus } from "../../runner/framework/response.ts";
import { importFreshNumber } from "./telephony.ts";

export interface StartedBatch {
  batch: CallBatchRead;
  from: PhoneNumber;
}

/** Creates a batch dialling from a number imported for it alone; cancelled at the end of the file if still running. */
export async function startBatch(
  fields: Record<string, unknown> | (() => Promise<Record<string, unknown>>),
): Promise<StartedBatch> {
  const { agent } = await callingSetup();
  const from = await importFreshNumber();
  // Fields given as a function are made once the set-up is done: times relative to the server's now stay true
  // however long the set-up took.
  const body = typeof fields === "function" ? await fields() : fields;
  const response = await callOp(
    "batch.create",
    {},
    {
      body: { name: uniqueName("batch"), from_phone_number_id: from.id, agent_id: agent.id, ...body },
    },
  );
  expect(response.status, explain(response)).toBeGreaterThanOrEqual(200);
  expect(response.status, explain(response)).toBeLessThan(300);
  const batch = CallBatchRead.parse(response.json);
  track(`batch ${batch.id}`, async () => {
    const now = await callOp("batch.get", { batch_id: batch.id });
    const status = (now.json as { status?: string } | undefined)?.status;
    if (status === "running" || status === "paused" || status === "scheduled") {
      await callOp("batch.cancel", { batch_id: batch.id });
    }
  });
  return { batch, from };
}

export async function getBatch(id: string): Promise<CallBatchRead> {
  const response = await callOp("batch.get", { batch_id: id });
  expectStatus(response, 200);
  return CallBatchRead.parse(response.json);
}

/** Polls the batch until `done` holds; a status in `fatal` fails at once. */
export async function waitForBatch(
  id: string,
  done: (batch: CallBatchRead) => boolean,
  timeoutMs: number,
  what: string,
  fatal: string[] = ["failed"],
): Promise<CallBatchRead> {
  let last: CallBatchRead | undefined;
  return waitOnServer(
    "batch",
    timeoutMs,
    {
      look: async () => {
        last = await getBatch(id);
        if (done(last)) return last;
        if (fatal.includes(last.status)) throw new Error(`batch ${id} is ${last.status} while waiting for ${what}`);
        return undefined;
      },
      pace: () => pause(50),
      late: (budget) => new Error(`batch ${id} did not reach ${what} in ${waited(budget)}: ${JSON.stringify(last)}`),
    },
    what,
  );
}

/** The calls a batch placed, as `GET /v1/calls?batch_id=` lists them (4). */
export async function callsOfBatch(batchId: string): Promise<CallSessionRead[]> {
  const response = await callOp("call.list", {}, { query: { batch_id: batchId, limit: 200 } });
  expectStatus(response, 200, `the calls of batch ${batchId}`);
  return AnyPage.parse(response.json).items.map((row) => CallSessionRead.parse(row));
}

/** Every dial the carrier saw from `e164`, oldest first (simulated carrier time). */
export async function dialsFrom(e164: string): Promise<WitnessDial[]> {
  return (await witness()).dials.filter((dial) => dial.from === e164).sort((a, b) => a.sim_ms - b.sim_ms);
}

export function byRecipient(dials: WitnessDial[]): Map<string, WitnessDial[]> {
  const grouped = new Map<string, WitnessDial[]>();
  for (const dial of dials) grouped.set(dial.to, [...(grouped.get(dial.to) ?? []), dial]);
  return grouped;
}

/** Whether the callee (or a machine) answered this dial: the recipient was reached. */
export const answered = (dial: WitnessDial) => dial.answered_by !== null;

/** Describes what each recipient's dials did, for assertion messages. */
export function dialLog(dials: WitnessDial[]): string {
  return [...byRecipient(dials)]
    .map(([to, rows]) => `${to}: ${rows.map((d) => `${d.status}@${Math.round(d.sim_ms / 1000)}s`).join(" ")}`)
    .join("; ");
}
