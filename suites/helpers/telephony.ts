// Telephony helpers: the carrier account the target dials through, numbers bought at the carrier
// simulator and imported (profile `phone.import`), each deleted at the end of the suite file.
import { expect } from "vitest";
import { explain } from "../../runner/client/http-client.ts";
import { track, uniqueName } from "../../runner/client/resources.ts";
import { runConfig } from "../../runner/client/run-config.ts";
import { deletedOrGone, expectBody } from "../../runner/framework/response.ts";
import { PhoneNumber, TelephonyAccountRead } from "../../spec/telephony.ts";
import { WithItems } from "./body-shapes.ts";
import { addCarrierNumber, type CarrierNumber } from "./carrier.ts";
import { ceilingOf } from "./pages.ts";
import { callOp } from "./profile.ts";

let wired: TelephonyAccountRead | undefined;

/**
 * The account wired to the carrier simulator: the oldest whose carrier account id is the target's carrier
 * account; with none such (a target that names no carrier account), the oldest the workspace lists.
 */
export async function carrierAccount(): Promise<TelephonyAccountRead> {
  if (wired !== undefined) return wired;
  const response = await callOp(
    "telephony.account.list",
    {},
    { query: { limit: ceilingOf("telephony.account.list") } },
  );
  const items = expectBody(response, 200, WithItems).items.map((row) => TelephonyAccountRead.parse(row));
  const sid = runConfig().target.carrier_account?.accountSid;
  const at = (account: TelephonyAccountRead) => Date.parse(account.created_at ?? "") || 0;
  // Other checks connect accounts of their own, some to the same carrier account: the oldest is the wired one.
  const ours = items.filter((account) => account.provider_account_id === sid);
  const found = (ours.length > 0 ? ours : items).sort((a, b) => at(a) - at(b))[0];
  expect(found, `a telephony account in ${explain(response)}`).toBeDefined();
  wired = found!;
  return wired;
}

export function trackPhoneNumber(id: string): void {
  track(`phone number ${id}`, async () => {
    const deleted = await callOp("phone.delete", { phone_number_id: id });
    if (!deletedOrGone(deleted.status)) throw new Error(`delete answered ${deleted.status}`);
  });
}

/** Imports carrier numbers of the wired account; every imported row is tracked for deletion. */
export async function importNumbers(
  providerNumberIds: string[],
  extra: { inbound_agent_id?: string } = {},
): Promise<PhoneNumber[]> {
  const account = await carrierAccount();
  const response = await callOp(
    "phone.import",
    { account_id: account.id },
    { body: { provider_number_ids: providerNumberIds, ...extra } },
  );
  const items = expectBody(response, "2xx", WithItems).items.map((row) => PhoneNumber.parse(row));
  for (const item of items) trackPhoneNumber(item.id);
  return items;
}

/** A number bought at the carrier just now for the wired account, not imported. Its carrier name carries the
 * run prefix, which an import makes the phone number's label: `cleanup` finds a leftover number by it. */
export async function buyNumber(): Promise<CarrierNumber> {
  const sid = (await carrierAccount()).provider_account_id ?? runConfig().target.carrier_account?.accountSid;
  if (sid === undefined) throw new Error("the wired telephony account names no carrier account to buy a number at");
  return addCarrierNumber(sid, undefined, uniqueName("number"));
}

/** A number bought at the carrier and imported, optionally answered by an inbound agent. */
export async function importFreshNumber(extra: { inbound_agent_id?: string } = {}): Promise<PhoneNumber> {
  const bought = await buyNumber();
  const [number] = await importNumbers([bought.sid], extra);
  return number!;
}
