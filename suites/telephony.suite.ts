// Telephony (2.4, 2.5, 3.2, 4): remote numbers read live from the carrier, import, the phone-number
// list and its account filter, readiness, and inbound routing to the number's inbound agent. Numbers are
// bought at the carrier simulator per check.

import { randomBytes, randomUUID } from "node:crypto";
import { expect } from "vitest";
import { type ApiResponse, call, explain } from "../runner/client/http-client.ts";
import { assertDeleted, track, uniqueName } from "../runner/client/resources.ts";
import { check } from "../runner/framework/check.ts";
import { expectBody, expectStatus } from "../runner/framework/response.ts";
import { checksSideBySide } from "../runner/framework/side-by-side.ts";
import { CallSessionRead } from "../spec/calls.ts";
import { AnyPage } from "../spec/common.ts";
import { PhoneNumber, Readiness, RemoteNumber, TelephonyAccountRead } from "../spec/telephony.ts";
import { createAgent } from "./helpers/agents.ts";
import { ErrorMessage, WithItems } from "./helpers/body-shapes.ts";
import { realBudget } from "./helpers/calls.ts";
import {
  expectCarrierIdle,
  freshE164,
  newCarrierAccount,
  placeInbound,
  TAKES_CARRIER_OFFLINE,
  whileCarrierOffline,
} from "./helpers/carrier.ts";
import { ceilingOf, readAll } from "./helpers/pages.ts";
import { callOp, opPath } from "./helpers/profile.ts";
import { buyNumber, carrierAccount, importFreshNumber, importNumbers } from "./helpers/telephony.ts";

checksSideBySide(
  "each check makes and reads back numbers of its own; the wired carrier account they share is only read",
);

const remotePath = (accountId: string) => opPath("remote-number.list", { account_id: accountId });
const PHONE_NUMBERS = opPath("phone.list");

async function remoteNumbers(accountId: string): Promise<RemoteNumber[]> {
  return (await readAll(remotePath(accountId), ceilingOf("remote-number.list"))).map((row) => RemoteNumber.parse(row));
}

function expect502(response: ApiResponse): void {
  expectStatus(response, 502);
  expectEnvelope(response);
}

function expectEnvelope(response: ApiResponse): void {
  expect(ErrorMessage.safeParse(response.json).success, `error envelope in ${explain(response)}`).toBe(true);
}

/**
 * Credentials the carrier refuses are refused ("also proves the carrier credentials work", 4) with an error in the
 * envelope. Which error is not shown: 7's 502 is for a carrier that "got no answer", and this one answered. Not a
 * 401 or 403, which speak of the caller's own credential and role (5 items 8, 9), nor a 404: the account exists.
 */
function expectCredentialsRefused(response: ApiResponse): void {
  expect(response.status, explain(response)).toBeGreaterThanOrEqual(400);
  expect([401, 403, 404], explain(response)).not.toContain(response.status);
  expectEnvelope(response);
}

check(
  "remote numbers: a page of 2.4 rows (e164, already_imported, label, provider_number_id); limit 201 is a 422",
  ["telephony.remote-numbers-paged", "telephony.remote-number-shape"],
  async () => {
    const account = await carrierAccount();
    await buyNumber();
    const response = await call(remotePath(account.id), { query: { limit: 1 } });
    const page = expectBody(response, 200, AnyPage);
    expect(page.items, explain(response)).toHaveLength(1);
    expect(Object.keys(page.items[0] as object).sort(), explain(response)).toEqual(
      expect.arrayContaining(["already_imported", "e164", "label", "provider_number_id"]),
    );
    RemoteNumber.parse(page.items[0]);
    const tooMany = await call(remotePath(account.id), { query: { limit: ceilingOf("remote-number.list") + 1 } });
    expectStatus(tooMany, 422);
  },
  { needs: ["wiring"] },
);

check(
  "a number bought at the carrier is listed as a remote number at once, without import",
  ["telephony.remote-numbers-live"],
  async () => {
    const account = await carrierAccount();
    // Read once first: a server that caches the carrier's answer would not see the purchase below.
    await remoteNumbers(account.id);
    const bought = await buyNumber();
    const listed = (await remoteNumbers(account.id)).find((row) => row.e164 === bought.phone_number);
    expect(listed, `${bought.phone_number} among the remote numbers right after buying it`).toBeDefined();
    expect(listed?.provider_number_id).toBe(bought.sid);
    expect(listed?.already_imported, "a number only bought, never imported").toBe(false);
  },
  { needs: ["wiring"] },
);

check(
  "already_imported is true for an imported number and false for one that was not",
  ["telephony.remote-already-imported"],
  async () => {
    const account = await carrierAccount();
    const [kept, imported] = [await buyNumber(), await buyNumber()];
    await importNumbers([imported.sid]);
    const remote = await remoteNumbers(account.id);
    expect(remote.find((row) => row.provider_number_id === imported.sid)?.already_imported, imported.phone_number).toBe(
      true,
    );
    expect(remote.find((row) => row.provider_number_id === kept.sid)?.already_imported, kept.phone_number).toBe(false);
  },
  { needs: ["wiring"] },
);

check(
  "credentials the carrier refuses make listing remote numbers fail (an error in the envelope, not 401, 403 or 404)",
  ["telephony.remote-numbers-bad-credentials"],
  async () => {
    const wired = await carrierAccount();
    const created = await callOp(
      "telephony.account.create",
      {},
      // The carrier's own account id with a token it never issued.
      {
        body: {
          provider: "twilio",
          // Named with the run prefix, so `cleanup` finds it if the run cannot delete it.
          label: uniqueName("account"),
          account_sid: wired.provider_account_id,
          auth_token: randomBytes(16).toString("hex"),
        },
      },
    );
    // Account creation is not in the spec: a server may prove the credentials at save time, refusing them there.
    if (created.status >= 300) return expectCredentialsRefused(created);
    const account = TelephonyAccountRead.parse(created.json);
    track(`telephony account ${account.id}`, async () => {
      assertDeleted(await callOp("telephony.account.delete", { account_id: account.id }));
    });
    expectCredentialsRefused(await call(remotePath(account.id)));
  },
  { needs: ["wiring"] },
);

check(
  "when the carrier API gives no answer, listing remote numbers is a 502",
  ["telephony.remote-numbers-502"],
  async () => {
    const account = await carrierAccount();
    const response = await whileCarrierOffline(() => call(remotePath(account.id)));
    expect502(response);
  },
  { needs: ["wiring"], exclusive: TAKES_CARRIER_OFFLINE },
);

check(
  "remote numbers of a carrier account not in the workspace is a 404",
  ["telephony.remote-numbers-unknown-404"],
  async () => {
    const response = await call(remotePath(randomUUID()));
    expectStatus(response, 404);
  },
);

check(
  "phone numbers: a page envelope; limit 201 and limit 0 are a 422",
  ["telephony.phone-numbers-paged"],
  async () => {
    // 2.1: the four fields always present, no total and no cursor (other keys are not excluded).
    expectBody(await call(PHONE_NUMBERS, { query: { limit: 1 } }), 200, AnyPage);
    for (const limit of [ceilingOf("phone.list") + 1, 0]) {
      const refused = await call(PHONE_NUMBERS, { query: { limit } });
      expectStatus(refused, 422);
    }
  },
);

check(
  "an imported number has every 2.5 field, in the list and read alone, and a readiness of 3.2",
  ["telephony.phone-number-shape", "telephony.readiness-enum"],
  async () => {
    const number = await importFreshNumber();
    const fields = Object.keys(PhoneNumber.shape).sort();
    const listed = (await readAll(PHONE_NUMBERS, ceilingOf("phone.list"))).find((row) => row.id === number.id);
    expect(listed, `${number.id} in the phone-number list`).toBeDefined();
    const alone = await callOp("phone.get", { phone_number_id: number.id });
    expectStatus(alone, 200);
    for (const row of [listed, alone.json]) {
      expect(Object.keys(row as object).sort(), "2.5 fields").toEqual(expect.arrayContaining(fields));
      const parsed = PhoneNumber.parse(row);
      expect(Readiness.options, `readiness ${parsed.readiness}`).toContain(parsed.readiness);
    }
  },
  { needs: ["wiring"] },
);

check(
  "the carrier-account filter lists only that account's numbers",
  ["telephony.phone-numbers-account-filter"],
  async () => {
    const wired = await carrierAccount();
    const number = await importFreshNumber();
    // Credentials the carrier takes: a server may prove them when the account is saved (4).
    const label = uniqueName("account");
    const opened = await newCarrierAccount(label);
    const other = await callOp(
      "telephony.account.create",
      {},
      { body: { provider: "twilio", label, account_sid: opened.sid, auth_token: opened.authToken } },
    );
    expect(other.status, explain(other)).toBeLessThan(300);
    const otherId = TelephonyAccountRead.parse(other.json).id;
    track(`telephony account ${otherId}`, async () => {
      assertDeleted(await callOp("telephony.account.delete", { account_id: otherId }));
    });
    // The filter's name is the profile's (phone_numbers_account_filter); callOp writes it there.
    const mine = await callOp("phone.list", {}, { query: { account_id: wired.id } });
    expectStatus(mine, 200);
    const rows = (mine.json as { items: PhoneNumber[] }).items;
    expect(
      rows.map((row) => row.id),
      explain(mine),
    ).toContain(number.id);
    for (const row of rows) expect(row.telephony_account_id, explain(mine)).toBe(wired.id);
    const theirs = await callOp("phone.list", {}, { query: { account_id: otherId } });
    expect(expectBody(theirs, 200, WithItems).items, explain(theirs)).toEqual([]);
  },
  { needs: ["wiring"] },
);

check(
  "a number that reads live answers an inbound call; one routed to an agent becomes live",
  ["telephony.readiness-live-answers"],
  async () => {
    const agent = await createAgent();
    const number = await importFreshNumber();
    const expectAnswersIfLive = async (label: string) => {
      const read = await callOp("phone.get", { phone_number_id: number.id });
      const readiness = PhoneNumber.parse(read.json).readiness;
      if (readiness !== "live") return readiness;
      const inbound = await placeInbound(number.e164, freshE164());
      expect(inbound.outcome, `${label}: readiness live, the carrier saw ${JSON.stringify(inbound)}`).toBe("answered");
      return readiness;
    };
    await expectAnswersIfLive("without an inbound agent");
    const routed = await callOp(
      "phone.update",
      { phone_number_id: number.id },
      { body: { inbound_agent_id: agent.id } },
    );
    expectStatus(routed, "2xx");
    expect(await expectAnswersIfLive("with an inbound agent"), "readiness once an agent answers the number").toBe(
      "live",
    );
  },
  { needs: ["wiring"] },
);

/** The session of the inbound call from `caller`, as GET /v1/calls lists it (newest first: the first page). */
async function inboundSession(caller: string): Promise<CallSessionRead> {
  const response = await callOp("call.list", {}, { query: { limit: 200 } });
  const rows = expectBody(response, 200, WithItems).items.map((row) => CallSessionRead.parse(row));
  const session = rows.find((row) => row.from_number === caller);
  expect(session, `a call from ${caller} in ${explain(response)}`).toBeDefined();
  return session!;
}

check(
  "an inbound call is answered by the number's inbound agent, and the next one follows a changed inbound_agent_id",
  ["telephony.inbound-agent-answers"],
  async () => {
    const [first, second] = [await createAgent(), await createAgent()];
    const number = await importFreshNumber({ inbound_agent_id: first.id });
    const answeringAgent = async (label: string) => {
      const caller = freshE164();
      const inbound = await placeInbound(number.e164, caller);
      expect(inbound.outcome, `${label}: the carrier saw ${JSON.stringify(inbound)}`).toBe("answered");
      return (await inboundSession(caller)).agent_id;
    };
    expect(await answeringAgent("routed to the first agent"), "the session's agent").toBe(first.id);
    const routed = await callOp(
      "phone.update",
      { phone_number_id: number.id },
      { body: { inbound_agent_id: second.id } },
    );
    expectStatus(routed, "2xx");
    const reread = await callOp("phone.get", { phone_number_id: number.id });
    expect(PhoneNumber.parse(reread.json).inbound_agent_id, explain(reread)).toBe(second.id);
    expect(await answeringAgent("after the change"), "the next session's agent").toBe(second.id);
    await expectCarrierIdle({ to: [number.e164] }, realBudget(60_000));
  },
  { needs: ["wiring"] },
);

check(
  "a number that can answer inbound but has no inbound agent does not read live, on import and once its agent is cleared",
  ["telephony.readiness-not-live-without-agent"],
  async (ctx) => {
    const readiness = async (id: string) => {
      const read = await callOp("phone.get", { phone_number_id: id });
      expectStatus(read, 200);
      return PhoneNumber.parse(read.json);
    };
    const number = await readiness((await importFreshNumber()).id);
    if (!number.can_inbound) ctx.skip("the carrier number imported here cannot answer inbound (can_inbound false)");
    expect(number.inbound_agent_id, "imported without an inbound agent").toBeNull();
    expect(number.readiness, "readiness with no inbound agent").not.toBe("live");
    const agent = await createAgent();
    const routed = await callOp(
      "phone.update",
      { phone_number_id: number.id },
      { body: { inbound_agent_id: agent.id } },
    );
    expectStatus(routed, "2xx");
    const cleared = await callOp("phone.update", { phone_number_id: number.id }, { body: { inbound_agent_id: null } });
    expectStatus(cleared, "2xx");
    const after = await readiness(number.id);
    expect(after.inbound_agent_id, "the inbound agent after clearing it").toBeNull();
    expect(after.readiness, "readiness once the inbound agent is cleared").not.toBe("live");
  },
  { needs: ["wiring"] },
);
