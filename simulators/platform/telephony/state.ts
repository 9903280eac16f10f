// A workspace's telephony in one region: the carrier accounts it dials through (the region's wired
// account is created on first use with a stable id) and the numbers it imported (2.5).
import { createHash } from "node:crypto";
import type { PhoneNumber } from "../../../spec/telephony.ts";
import type { PlatformContext } from "../context.ts";
import { processWideState } from "../regions/planted-shared-state.ts";
import type { CarrierAccess } from "./carrier-client.ts";

export interface TelephonyAccountRow {
  id: string;
  provider: "twilio";
  label: string;
  access: CarrierAccess;
  /** The region's wired account: cannot be removed. */
  isDefault: boolean;
  created_at: string;
  seq: number;
}

export interface PhoneNumberRow {
  id: string;
  e164: string;
  /** Null once a PATCH cleared it (4). */
  label: PhoneNumber["label"];
  provider_number_id: string;
  telephony_account_id: string;
  inbound_agent_id: string | null;
  can_inbound: boolean;
  can_outbound: boolean;
  /** Lifecycle at the carrier: active once the carrier points the number at this platform. */
  status: "pending" | "active" | "error" | "disabled";
  status_message: string;
  provider_state: { voice_url: string | null; status_callback: string | null; configured: boolean };
  rtc_dispatch_rule_id: string;
  rtc_inbound_trunk_id: string;
  last_synced_at: string | null;
  created_at: string;
  updated_at: string;
  seq: number;
}

export class TelephonyState {
  readonly accounts = new Map<string, TelephonyAccountRow>();
  readonly numbers = new Map<string, PhoneNumberRow>();
  private seq = 0;

  nextSeq(): number {
    this.seq += 1;
    return this.seq;
  }

  numberByProviderId(accountId: string, providerNumberId: string): PhoneNumberRow | undefined {
    for (const number of this.numbers.values()) {
      if (number.telephony_account_id === accountId && number.provider_number_id === providerNumberId) return number;
    }
    return undefined;
  }

  /** Newest first by creation. */
  newestNumbers(): PhoneNumberRow[] {
    return [...this.numbers.values()].sort((a, b) => b.seq - a.seq);
  }
}

/** A UUID derived from its inputs (name-based), so the wired account keeps one id for the workspace. */
export function stableUuid(...parts: string[]): string {
  const hex = createHash("sha1").update(parts.join("\u0000")).digest("hex");
  const variant = ((Number.parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export function telephonyState(ctx: PlatformContext, workspaceId: string): TelephonyState {
  // The planted bug: numbers are kept in a table of the process, keyed by workspace and not by region.
  const state = ctx.faults.has("phone-numbers-shared-between-regions")
    ? processWideState("telephony", workspaceId, () => new TelephonyState())
    : ctx.store.workspace(workspaceId).slice("telephony", () => new TelephonyState());
  const carrier = ctx.wiring.carrier;
  if (carrier !== undefined) {
    const id = stableUuid("telephony-account", workspaceId, ctx.region, carrier.accountSid);
    if (!state.accounts.has(id)) {
      state.accounts.set(id, {
        id,
        provider: "twilio",
        label: `Carrier account (${ctx.region})`,
        access: { url: carrier.url, accountSid: carrier.accountSid, authToken: carrier.authToken },
        isDefault: true,
        created_at: new Date(ctx.clock.now()).toISOString(),
        seq: state.nextSeq(),
      });
    }
  }
  return state;
}
