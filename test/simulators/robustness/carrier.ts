// The carrier's matrix plan: its default account, two of its numbers (one probed, one that takes
// inbound calls and has no voice_url, so nothing is fetched), a script key and a live call. The
// Twilio-shaped routes authenticate with the account's Basic credentials and answer Twilio's error
// body; /_admin answers the spec's envelope.
import {
  API_VERSION,
  CreateAccountBody,
  InboundBody,
  type IncomingPhoneNumber,
  Script,
  SeedNumberBody,
} from "../../../simulators/carrier/schemas.ts";
import { OfflineBody } from "../../../simulators/shared/offline-body.ts";
import type { Simulators } from "../../../simulators/stack.ts";
import { created, RawClient } from "../../helpers/robustness/client.ts";
import { ENVELOPE } from "../../helpers/robustness/envelope.ts";
import { basicProbes } from "./credentials.ts";
import { FORM_TYPE } from "./form-bodies.ts";
import { definePlan, type QueryCase, type RouteBody, type SimulatorPlan } from "./plan.ts";
import { TWILIO } from "./shapes.ts";

const TWILIO_PREFIX = `/${API_VERSION}/`;
const SCRIPT_KEY = "+16660000000";

/** Values Twilio refuses, by parameter name (not one of them means "unset", like an empty string would). */
const URLS = ["not a url", "javascript:alert(1)", "ftp://example.com/x", "http//missing-colon"];
const METHODS = ["PUT", "DELETE", "PATCH", "get post"];
const DIAL_INVALID = {
  To: ["abc", "+0123", "+1234567890123456", "15550100001"],
  From: ["+15550000000", "x", "+1 415 555 0100"],
  Url: URLS,
  StatusCallback: URLS,
  StatusCallbackMethod: METHODS,
  StatusCallbackEvent: ["bogus", "answered exploded", "initiated,%00"],
  Timeout: ["0", "601", "abc", "1.5", "-1", "1e400", "0x10"],
};
const NUMBER_INVALID = {
  VoiceUrl: URLS,
  StatusCallback: URLS,
  VoiceMethod: METHODS,
  StatusCallbackMethod: METHODS,
};

const PAGING: QueryCase[] = [
  ...["PageSize=0", "PageSize=-1", "PageSize=1001", "PageSize=abc", "PageSize=1.5", "PageSize=%00"],
  ...["PageSize=abc&PageSize=2", "PageSize=99999999999999999999", "Page=-1", "Page=x", "Page=1.5"],
  ...["Page=99999999999999999999", "Page=1e3"],
].map((query) => ({ query, mustRefuse: true }));
// A filter Twilio matches as text: odd values find nothing, or everything, but are no error.
// A repeated parameter counts by its first value.
const FILTERS: QueryCase[] = [
  "PhoneNumber=",
  "PhoneNumber=%2B&PhoneNumber=1",
  "PhoneNumber=%FF",
  "PageSize=1&PageSize=x",
].map((query) => ({
  query,
  mustRefuse: false,
}));

async function dial(client: RawClient, sid: string, from: string): Promise<string> {
  const form = new URLSearchParams({ To: "+17770000001", From: from, Twiml: "<Response/>" }).toString();
  const answer = await client.send("POST", `${TWILIO_PREFIX}Accounts/${sid}/Calls.json`, {
    bytes: form,
    type: FORM_TYPE,
  });
  if (answer.status !== 201) throw new Error(`setup: the dial answered ${answer.status} ${answer.text}`);
  return (JSON.parse(answer.text) as { sid: string }).sid;
}

export async function carrierPlan(sims: Simulators): Promise<SimulatorPlan> {
  const { url, accountSid, authToken } = sims.wiring.carrier;
  const basic = Buffer.from(`${accountSid}:${authToken}`).toString("base64");
  const client = new RawClient(url, { authorization: `Basic ${basic}` });
  const { numbers } = await created<{ numbers: IncomingPhoneNumber[] }>(
    client,
    "GET",
    `/_admin/accounts/${accountSid}/numbers`,
  );
  const [probed, inbound] = numbers as [IncomingPhoneNumber, IncomingPhoneNumber];
  await created(client, "PUT", `/_admin/scripts/${SCRIPT_KEY}`, { steps: [{ outcome: "answer" }] });
  const callSid = await dial(client, accountSid, probed.phone_number);

  const dialForm = { To: "+17770000002", From: probed.phone_number, Twiml: "<Response/>" };
  const bodies: Record<string, RouteBody> = {
    "POST /_admin/accounts": { kind: "json", schema: CreateAccountBody, valid: { friendly_name: "robust" } },
    "POST /_admin/accounts/:sid/numbers": { kind: "json", schema: SeedNumberBody, valid: {} },
    "PUT /_admin/scripts/:key": { kind: "json", schema: Script, valid: { steps: [{ outcome: "answer" }] } },
    "DELETE /_admin/scripts/:key": { kind: "none" },
    "DELETE /_admin/scripts": { kind: "none" },
    "POST /_admin/inbound": {
      kind: "json",
      schema: InboundBody,
      valid: { to: inbound.phone_number, from: "+15550100999" },
    },
    "POST /_admin/calls/:sid/hangup": { kind: "none" },
    "POST /_admin/offline": { kind: "json", schema: OfflineBody, valid: { offline: false } },
    "POST /_admin/reset": { kind: "none" },
    [`POST ${TWILIO_PREFIX}Accounts/:AccountSid/IncomingPhoneNumbers/:Sid.json`]: {
      kind: "form",
      valid: { FriendlyName: "robust" },
      invalid: NUMBER_INVALID,
    },
    [`POST ${TWILIO_PREFIX}Accounts/:AccountSid/Calls.json`]: { kind: "form", valid: dialForm, invalid: DIAL_INVALID },
    // No Status keeps the call up for the probes after it.
    [`POST ${TWILIO_PREFIX}Accounts/:AccountSid/Calls/:Sid.json`]: {
      kind: "form",
      valid: {},
      invalid: { Status: ["ringing", "in-progress", "bogus", "COMPLETED!"] },
    },
  };

  return definePlan({
    name: "carrier",
    client,
    param: (routeUrl, param) => {
      if (param === "sid" || param === "AccountSid") return accountSid;
      if (param === "key") return SCRIPT_KEY;
      if (param === "Sid") return routeUrl.includes("/Calls/") ? callSid : probed.sid;
      return undefined;
    },
    bodies,
    verdict: (path) => ({ shape: path.startsWith(TWILIO_PREFIX) ? TWILIO : ENVELOPE }),
    queries: (route) => (route.url.endsWith("/IncomingPhoneNumbers.json") ? [...PAGING, ...FILTERS] : []),
    extraProbes: (route, path) =>
      route.url === `${TWILIO_PREFIX}Accounts/:AccountSid.json` ? basicProbes(path, accountSid) : [],
    stillServing: ["/_admin/accounts", "/_admin/witness", `${TWILIO_PREFIX}Accounts/${accountSid}.json`],
  });
}
