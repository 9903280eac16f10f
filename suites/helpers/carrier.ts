// The carrier simulator's admin API (simulators/carrier/README.md): numbers added at the carrier, inbound
// calls, scripted outcomes, the outage switch and the witness of every dial. Every call is bounded; no
// answer is a TargetError.
import { randomInt } from "node:crypto";
import { helperJson, simulatorOrigin } from "../../runner/client/simulator-client.ts";
import { pause } from "../../runner/client/traffic.ts";
import { type WitnessDial, WitnessSnapshot } from "../../simulators/carrier/schemas.ts";

export type { WitnessDial, WitnessInbound, WitnessSnapshot } from "../../simulators/carrier/schemas.ts";

function carrierOrigin(): string {
  return simulatorOrigin("carrier", "carrier simulator");
}

function admin(method: "GET" | "POST" | "PUT" | "DELETE", path: string, body?: unknown): Promise<unknown> {
  return helperJson("carrier simulator", `${carrierOrigin()}/_admin${path}`, method, body);
}

export interface CarrierNumber {
  sid: string;
  phone_number: string;
  voice_url: string | null;
  status_callback: string | null;
}

/** A number never seen before in this run: +1 777 NNN NNNN (outside the outcome pattern, so it answers). */
export function freshE164(): string {
  return `+1777${String(randomInt(0, 10_000_000)).padStart(7, "0")}`;
}

let recipientCounter = randomInt(0, 10_000);

/**
 * A callee whose outcome is fixed by the carrier's number pattern `+1 555 0 O P NNNN`: O picks the
 * outcome (0 answer, 1 busy, 2 no-answer, 3 failed, 5/6/7 fail P times then answer), P a duration.
 * NNNN runs on from a random start, so recipients do not repeat within a run.
 */
export function patternNumber(outcome: number, parameter = 0): string {
  recipientCounter = (recipientCounter + 1) % 10_000;
  return `+15550${outcome}${parameter}${String(recipientCounter).padStart(4, "0")}`;
}

/**
 * Pattern numbers never dialled before on this carrier: outcomes 5, 6 and 7 count attempts per
 * destination, so a number reused from an earlier run would answer sooner than its pattern says.
 */
export async function unusedPatternNumbers(): Promise<(outcome: number, parameter?: number) => string> {
  const { attempts } = await witness();
  return (outcome, parameter = 0) => {
    for (;;) {
      const number = patternNumber(outcome, parameter);
      if (attempts[number] === undefined) return number;
    }
  };
}

/**
 * Adds a number to a carrier account (bought at the carrier, not through the API). Without a number the
 * carrier picks the next one it has not given out: a random one can collide with one bought earlier (the
 * carrier keeps every number across the runs of a --repeat or a long-lived serve), and the carrier refuses it
 * with a 409.
 */
export async function addCarrierNumber(
  accountSid: string,
  phoneNumber?: string,
  friendlyName?: string,
): Promise<CarrierNumber> {
  return (await admin("POST", `/accounts/${encodeURIComponent(accountSid)}/numbers`, {
    ...(phoneNumber === undefined ? {} : { phone_number: phoneNumber }),
    ...(friendlyName === undefined ? {} : { friendly_name: friendlyName }),
  })) as CarrierNumber;
}

/** An account opened at the carrier (not through the API), with no numbers: its sid and auth token. */
export async function newCarrierAccount(friendlyName: string): Promise<{ sid: string; authToken: string }> {
  // The admin API's answer carries the token; the simulator client registers it as a secret as it arrives.
  const created = (await admin("POST", "/accounts", { friendly_name: friendlyName })) as {
    sid: string;
    auth_token: string;
  };
  return { sid: created.sid, authToken: created.auth_token };
}

export async function carrierNumbers(accountSid: string): Promise<CarrierNumber[]> {
  return ((await admin("GET", `/accounts/${encodeURIComponent(accountSid)}/numbers`)) as { numbers: CarrierNumber[] })
    .numbers;
}

export interface InboundRow {
  call_sid: string;
  outcome: "answered" | "rejected" | "failed" | "no-voice-url";
  http_status: number | null;
  reason: string | null;
}

/** Rings `to` from `from`; answers when the platform's voice webhook answered (or did not). */
export async function placeInbound(to: string, from: string, talkMs = 5_000): Promise<InboundRow> {
  return (await admin("POST", "/inbound", { to, from, talk_ms: talkMs })) as InboundRow;
}

/** The dial to `to` once its callee has answered (the carrier's side of the call is in progress). */
export async function calleeAnswered(to: string, timeoutMs: number): Promise<WitnessDial> {
  const answered = (dial: WitnessDial) => dial.to === to && dial.status === "in-progress";
  const seen = await waitForWitness((w) => w.dials.some(answered), timeoutMs, `the callee ${to} answering`);
  return seen.dials.find(answered)!;
}

/** The callee of an answered call hangs up (a `hold` callee's only end): the carrier ends it `completed`. */
export async function calleeHangsUp(dial: WitnessDial): Promise<void> {
  await admin("POST", `/calls/${encodeURIComponent(dial.call_sid)}/hangup`);
}

export async function witness(): Promise<WitnessSnapshot> {
  return WitnessSnapshot.parse(await admin("GET", "/witness"));
}

/** Polls the witness until `predicate` holds; the last snapshot is handed to `predicate`'s caller. */
export async function waitForWitness(
  predicate: (snapshot: WitnessSnapshot) => boolean,
  timeoutMs: number,
  what: string,
): Promise<WitnessSnapshot> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const snapshot = await witness();
    if (predicate(snapshot)) return snapshot;
    if (Date.now() > deadline) throw new Error(`carrier witness: ${what} not seen within ${timeoutMs} ms`);
    await pause(50);
  }
}

/** Why a check that takes the carrier offline runs alone (runner/framework/exclusive.ts). */
export const TAKES_CARRIER_OFFLINE =
  "takes the carrier offline: every other check's calls, batches and imports fail meanwhile";

/** Runs `body` with the carrier API giving no answer, and always brings it back. */
export async function whileCarrierOffline<T>(body: () => Promise<T>): Promise<T> {
  await admin("POST", "/offline", { offline: true });
  try {
    return await body();
  } finally {
    await admin("POST", "/offline", { offline: false });
  }
}

/** Which calls of the carrier a check owns: dials from these numbers, and calls (inbound) to these. */
export interface OwnCalls {
  from?: string[];
  to?: string[];
}

/**
 * Waits until none of the check's own calls is live at the carrier (the witness's `unfinished`), and fails
 * naming the ones still live at the deadline: a session the platform reads as over must not leave its
 * carrier call ringing or talking. Scoped to the check's numbers, since other checks' calls may be live.
 */
export async function expectCarrierIdle(own: OwnCalls, timeoutMs: number): Promise<void> {
  const from = new Set(own.from ?? []);
  const to = new Set(own.to ?? []);
  const live = (snapshot: WitnessSnapshot) => {
    const sids = new Set(snapshot.dials.filter((dial) => from.has(dial.from)).map((dial) => dial.call_sid));
    return snapshot.unfinished.filter((row) => sids.has(row.call_sid) || to.has(row.to));
  };
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const left = live(await witness());
    if (left.length === 0) return;
    if (Date.now() > deadline) {
      const rows = left.map((row) => `${row.direction} ${row.to} ${row.status} (${row.call_sid})`).join("; ");
      throw new Error(`calls still live at the carrier ${timeoutMs} ms after their sessions ended: ${rows}`);
    }
    await pause(50);
  }
}
