// The number a run calls from, and the numbers it calls. Profile assumptions (spec/calls.ts):
// phone numbers list with can_outbound, telephony accounts, remote numbers and import paths.
import { call, expectStatus, json } from "./api.ts";
import { currentSegment } from "./instance.ts";
import { path } from "./operations.ts";

export interface FromNumber {
  id: string;
  /** This run imported it, so teardown deletes it. */
  imported: boolean;
}

/**
 * The number to call from: CAP_FROM_NUMBER_ID, else the first number able to dial out, else one
 * this run imports from the first carrier account's remote numbers (profile `phone.import`).
 * Instance k of a split run (its segment's 1-based index) imports the k-th free remote number, so
 * instances starting together never import the same one. A split run's instance imports its own
 * even when numbers are in place: one found may be a sibling's, which that sibling deletes at its
 * teardown while this instance may still be calling from it. Only when none is free do they share.
 */
export function outboundNumber(): FromNumber {
  if (__ENV.CAP_FROM_NUMBER_ID) return { id: __ENV.CAP_FROM_NUMBER_ID, imported: false };
  const segment = currentSegment();
  const nth = segment?.index ?? 1;
  const split = (segment?.count ?? 1) > 1;
  const inPlace = split ? undefined : numberInPlace();
  if (inPlace) return inPlace;
  const imported = importFreeNumber(nth);
  if (imported) return imported;
  const shared = split ? numberInPlace() : undefined;
  if (shared) return shared;
  throw new Error("the target has no phone number that can dial out and none to import: set CAP_FROM_NUMBER_ID");
}

const PAGE = { limit: 200, offset: 0 };

function numberInPlace(): FromNumber | undefined {
  const res = call("GET", path("phone.list"), "phone.list", undefined, { query: PAGE });
  expectStatus(res, "phone.list", 200);
  const items = json<{ items?: Array<{ id?: string; can_outbound?: boolean }> }>(res)?.items ?? [];
  const number = items.find((n) => n.id && n.can_outbound !== false);
  return number?.id ? { id: number.id, imported: false } : undefined;
}

function importFreeNumber(nth: number): FromNumber | undefined {
  const accounts = json<{ items?: Array<{ id?: string }> }>(
    call("GET", path("telephony.account.list"), "telephony.account.list", undefined, { query: PAGE }),
  )?.items;
  for (const account of accounts ?? []) {
    if (!account.id) continue;
    const remote = json<{ items?: Array<{ provider_number_id?: string; already_imported?: boolean }> }>(
      call("GET", path("remote-number.list", { account_id: account.id }), "telephony.remote-numbers", undefined, {
        query: PAGE,
      }),
    )?.items;
    const free = remote?.filter((n) => n.provider_number_id && !n.already_imported)[nth - 1];
    if (!free) continue;
    const imported = call("POST", path("phone.import", { account_id: account.id }), "phone.import", {
      provider_number_ids: [free.provider_number_id],
    });
    expectStatus(imported, "phone.import", 200, 201);
    const id = json<{ items?: Array<{ id?: string }> }>(imported)?.items?.[0]?.id;
    if (id) return { id, imported: true };
  }
  return undefined;
}

export function releaseNumber(number: FromNumber): void {
  if (!number.imported) return;
  const res = call("DELETE", path("phone.delete", { phone_number_id: number.id }), "phone.delete");
  expectStatus(res, "phone.delete", 200);
}

/** A callee in the reserved-for-fiction 555-01xx range, unless CAP_CALL_TO lists numbers. */
export function callee(): string {
  const listed = (__ENV.CAP_CALL_TO ?? "").split(",").filter(Boolean);
  if (listed.length > 0) return listed[Math.floor(Math.random() * listed.length)]!;
  return `+1202555${String(100 + Math.floor(Math.random() * 100)).padStart(4, "0")}`;
}
