// Telephony (2.4, 2.5, 3.2, 4): carrier accounts (profile), remote numbers read live from the carrier,
// importing numbers (profile `phone.import`), the phone-number list with its account filter, and
// labelling a number and routing it to an inbound agent (profile `phone.update`, a merge PATCH).
import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { Uuid } from "../../../spec/common.ts";
import {
  PhoneImport,
  type PhoneNumber,
  PhoneNumberPatch,
  PhoneNumbersQuery,
  type RemoteNumber,
  TelephonyAccountCreate,
} from "../../../spec/telephony.ts";
import { ApiError } from "../../shared/api-error.ts";
import type { PlatformContext } from "../context.ts";
import { requireRole } from "../http/auth.ts";
import { pageOf, parsePaging } from "../http/paging.ts";
import { parse } from "../http/parse.ts";
import { mintId } from "../ids.ts";
import {
  type CarrierNumber,
  configureCarrierNumber,
  getCarrierNumber,
  listCarrierNumbers,
} from "../telephony/carrier-client.ts";
import { regionDirectory } from "../telephony/directory.ts";
import { phoneNumberView } from "../telephony/phone-view.ts";
import {
  type PhoneNumberRow,
  type TelephonyAccountRow,
  type TelephonyState,
  telephonyState,
} from "../telephony/state.ts";

const AccountParams = z.object({ account_id: Uuid });
const NumberParams = z.object({ phone_number_id: Uuid });

function accountView(row: TelephonyAccountRow) {
  return {
    id: row.id,
    provider: row.provider,
    label: row.label,
    provider_account_id: row.access.accountSid,
    created_at: row.created_at,
  };
}

/** Where the carrier reaches this platform for a number: its voice webhook and its status callback. */
export function numberWebhooks(ctx: PlatformContext, phoneNumberId: string) {
  return {
    voiceUrl: `${ctx.selfUrl()}/_carrier/voice/${phoneNumberId}`,
    statusCallback: `${ctx.selfUrl()}/_carrier/number-status/${phoneNumberId}`,
  };
}

/** The planted `phone-patch-null-kept` fault's merge: a field sent as null treated as one left out. */
function withoutNulls<T extends object>(patch: T): T {
  return Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== null)) as T;
}

/** The planted `remote-numbers-limit-unbounded` fault's paging: any positive limit (planted faults only). */
function parseUnboundedPaging(query: unknown): { limit: number; offset: number } {
  const raw = query as Record<string, unknown>;
  return { limit: Number(raw.limit ?? 200), offset: Number(raw.offset ?? 0) };
}

/** The planted `remote-numbers-carrier-down-504` fault: a carrier failure answered as a gateway timeout (planted faults only). */
function asGatewayTimeout(error: unknown): never {
  if (error instanceof ApiError && error.status === 502) throw new ApiError(504, "the carrier API timed out");
  throw error;
}

/** The planted `phone-numbers-limit-zero-all` fault: a zero limit dropped, as if none was sent (planted faults only). */
function withoutZeroLimit(query: unknown): unknown {
  const { limit, ...rest } = query as Record<string, unknown>;
  return Number(limit) === 0 ? rest : { limit, ...rest };
}

/** The planted `phone-list-lean-projection` fault's row: no provider_state, no media-layer ids (planted faults only). */
function leanPhoneNumber(view: PhoneNumber): object {
  const { provider_state: _state, rtc_dispatch_rule_id: _rule, rtc_inbound_trunk_id: _trunk, ...lean } = view;
  return lean;
}

/** The planted `remote-numbers-cached` fault: the first carrier answer per account, kept forever. */
const remoteCache = new WeakMap<PlatformContext, Map<string, CarrierNumber[]>>();

export function telephonyRoutes(app: FastifyInstance, ctx: PlatformContext): void {
  const directory = regionDirectory(ctx.store);
  const now = () => new Date(ctx.clock.now()).toISOString();

  function account(state: TelephonyState, params: unknown): TelephonyAccountRow {
    const { account_id } = parse(ctx, AccountParams, params, "path");
    // The planted bug: an account id the workspace does not have falls back to the region's own account.
    if (ctx.faults.has("remote-numbers-unknown-account-default") && !state.accounts.has(account_id)) {
      const fallback = [...state.accounts.values()].find((row) => row.isDefault);
      if (fallback !== undefined) return fallback;
    }
    const row = state.accounts.get(account_id);
    if (row === undefined) throw new ApiError(404, "telephony account not found");
    return row;
  }

  function number(state: TelephonyState, params: unknown): PhoneNumberRow {
    const { phone_number_id } = parse(ctx, NumberParams, params, "path");
    const row = state.numbers.get(phone_number_id);
    if (row === undefined) throw new ApiError(404, "phone number not found");
    return row;
  }

  async function carrierNumbers(row: TelephonyAccountRow): Promise<CarrierNumber[]> {
    if (!ctx.faults.has("remote-numbers-cached")) return listCarrierNumbers(ctx, row.access);
    const cache = remoteCache.get(ctx) ?? new Map<string, CarrierNumber[]>();
    remoteCache.set(ctx, cache);
    const hit = cache.get(row.id) ?? (await listCarrierNumbers(ctx, row.access));
    cache.set(row.id, hit);
    return hit;
  }

  async function releaseCarrierNumber(owner: TelephonyAccountRow, row: PhoneNumberRow): Promise<void> {
    const remote = await getCarrierNumber(ctx, owner.access, row.provider_number_id);
    if (remote?.voice_url !== numberWebhooks(ctx, row.id).voiceUrl) return;
    await configureCarrierNumber(ctx, owner.access, row.provider_number_id, { voiceUrl: "", statusCallback: "" });
  }

  app.get("/v1/telephony/accounts", async (request) => {
    const paging = parsePaging(ctx, request.query);
    const state = telephonyState(ctx, request.principal.workspaceId);
    const rows = [...state.accounts.values()].sort((a, b) => b.seq - a.seq).map(accountView);
    return pageOf(ctx, rows, paging);
  });

  app.post("/v1/telephony/accounts", async (request, reply) => {
    requireRole(request.principal, "EDITOR");
    const body = parse(ctx, TelephonyAccountCreate, request.body, "body");
    const carrier = ctx.wiring.carrier;
    if (carrier === undefined) throw new ApiError(400, "this region has no carrier to connect an account to");
    const state = telephonyState(ctx, request.principal.workspaceId);
    const access = { url: carrier.url, accountSid: body.account_sid, authToken: body.auth_token };
    // A legal variant proves the credentials at save time (4: listing remote numbers "also proves the carrier
    // credentials work", which does not forbid proving them earlier): a refusal is the carrier client's error.
    if (ctx.variants.has("carrier-credentials-checked-at-create")) await listCarrierNumbers(ctx, access);
    const row: TelephonyAccountRow = {
      id: mintId(ctx),
      provider: "twilio",
      label: body.label ?? `Carrier account ${body.account_sid.slice(-6)}`,
      access,
      isDefault: false,
      created_at: now(),
      seq: state.nextSeq(),
    };
    state.accounts.set(row.id, row);
    return reply.status(201).send(accountView(row));
  });

  app.delete("/v1/telephony/accounts/:account_id", async (request) => {
    requireRole(request.principal, "EDITOR");
    const state = telephonyState(ctx, request.principal.workspaceId);
    const row = account(state, request.params);
    if (row.isDefault) throw new ApiError(400, "the region's own carrier account cannot be removed");
    if ([...state.numbers.values()].some((n) => n.telephony_account_id === row.id)) {
      throw new ApiError(400, "the account still has imported numbers; delete them first");
    }
    state.accounts.delete(row.id);
    return { ok: true };
  });

  app.get("/v1/telephony/accounts/:account_id/remote-numbers", async (request) => {
    // The planted bug: the limit is handed to the carrier as its PageSize, unbounded, so 201 is answered.
    const paging = ctx.faults.has("remote-numbers-limit-unbounded")
      ? parseUnboundedPaging(request.query)
      : parsePaging(ctx, request.query);
    const state = telephonyState(ctx, request.principal.workspaceId);
    const row = account(state, request.params);
    // The planted bug: a listing the carrier refused reads as an account with no numbers.
    const remote = ctx.faults.has("remote-numbers-refusal-empty")
      ? await carrierNumbers(row).catch(() => [])
      : ctx.faults.has("remote-numbers-carrier-down-504")
        ? await carrierNumbers(row).catch(asGatewayTimeout)
        : await carrierNumbers(row);
    const items: RemoteNumber[] = remote.map((n) => ({
      // The planted bug: the number is normalised for storage, its leading + stripped.
      e164: ctx.faults.has("remote-number-e164-without-plus") ? n.phone_number.replace(/^\+/, "") : n.phone_number,
      // The planted bug: the imported-number index is keyed by carrier sid but looked up by the number.
      already_imported: ctx.faults.has("remote-already-imported-by-e164")
        ? state.numberByProviderId(row.id, n.phone_number) !== undefined
        : state.numberByProviderId(row.id, n.sid) !== undefined,
      label: n.friendly_name,
      provider_number_id: n.sid,
    }));
    return pageOf(ctx, items, paging);
  });

  app.post("/v1/telephony/accounts/:account_id/import", async (request, reply) => {
    requireRole(request.principal, "EDITOR");
    const workspace = ctx.store.workspace(request.principal.workspaceId);
    const state = telephonyState(ctx, request.principal.workspaceId);
    const row = account(state, request.params);
    const body = parse(ctx, PhoneImport, request.body, "body");
    if (body.inbound_agent_id !== undefined && !workspace.agents.has(body.inbound_agent_id)) {
      throw new ApiError(404, "inbound agent not found");
    }
    const problems: string[] = [];
    const found: CarrierNumber[] = [];
    const unique = [...new Set(body.provider_number_ids)];
    for (const [i, sid] of unique.entries()) {
      if (state.numberByProviderId(row.id, sid) !== undefined) {
        problems.push(`provider_number_ids.${i}: that number is already imported`);
        continue;
      }
      const remote = await getCarrierNumber(ctx, row.access, sid);
      if (remote === undefined) problems.push(`provider_number_ids.${i}: the carrier account has no such number`);
      else found.push(remote);
    }
    if (problems.length > 0) throw ApiError.problems(400, "some numbers cannot be imported", problems);
    const imported: PhoneNumberRow[] = [];
    for (const remote of found) {
      const id = mintId(ctx);
      const hooks = numberWebhooks(ctx, id);
      // The carrier must send this number's calls here before it can be live.
      const configured = await configureCarrierNumber(ctx, row.access, remote.sid, hooks);
      const at = now();
      const phone: PhoneNumberRow = {
        id,
        e164: remote.phone_number,
        label: remote.friendly_name,
        provider_number_id: remote.sid,
        telephony_account_id: row.id,
        inbound_agent_id: body.inbound_agent_id ?? null,
        can_inbound: remote.capabilities?.voice ?? true,
        can_outbound: remote.capabilities?.voice ?? true,
        status: "active",
        status_message: "",
        provider_state: {
          voice_url: configured.voice_url,
          status_callback: configured.status_callback,
          configured: configured.voice_url === hooks.voiceUrl,
        },
        rtc_dispatch_rule_id: `rtcdr_${randomBytes(8).toString("hex")}`,
        rtc_inbound_trunk_id: `rtctr_${randomBytes(8).toString("hex")}`,
        last_synced_at: at,
        created_at: at,
        updated_at: at,
        seq: state.nextSeq(),
      };
      state.numbers.set(id, phone);
      directory.numbers.set(id, request.principal.workspaceId);
      imported.push(phone);
    }
    return reply.status(201).send({ items: imported.map((phone) => phoneNumberView(ctx, workspace, phone)) });
  });

  app.get("/v1/telephony/phone-numbers", async (request) => {
    // The planted bug: `limit=0` is read as "no limit" (`limit || 200`) instead of refused.
    const paging = ctx.faults.has("phone-numbers-limit-zero-all")
      ? parsePaging(ctx, withoutZeroLimit(request.query))
      : parsePaging(ctx, request.query);
    // The planted bug: the list's query schema lacks the account filter, so it is stripped and ignored.
    const { account_id } = ctx.faults.has("phone-numbers-account-filter-stripped")
      ? { account_id: undefined }
      : parse(ctx, PhoneNumbersQuery, request.query, "query");
    const workspace = ctx.store.workspace(request.principal.workspaceId);
    const state = telephonyState(ctx, request.principal.workspaceId);
    const rows = state
      .newestNumbers()
      .filter((row) => account_id === undefined || row.telephony_account_id === account_id)
      .map((row) => phoneNumberView(ctx, workspace, row));
    // A legal variant: 2.1 does not name phone numbers among the newest-first lists.
    if (ctx.variants.has("phone-numbers-by-number")) rows.sort((a, b) => a.e164.localeCompare(b.e164));
    // The planted bug: the list is served from a lean projection without the carrier's state.
    if (ctx.faults.has("phone-list-lean-projection")) return pageOf(ctx, rows.map(leanPhoneNumber), paging);
    return pageOf(ctx, rows, paging);
  });

  app.get("/v1/telephony/phone-numbers/:phone_number_id", async (request) => {
    const workspace = ctx.store.workspace(request.principal.workspaceId);
    const state = telephonyState(ctx, request.principal.workspaceId);
    return phoneNumberView(ctx, workspace, number(state, request.params));
  });

  app.patch("/v1/telephony/phone-numbers/:phone_number_id", async (request) => {
    requireRole(request.principal, "EDITOR");
    const workspace = ctx.store.workspace(request.principal.workspaceId);
    const state = telephonyState(ctx, request.principal.workspaceId);
    const row = number(state, request.params);
    const patch = parse(ctx, PhoneNumberPatch, request.body === undefined ? {} : request.body, "body");
    if (typeof patch.inbound_agent_id === "string" && !workspace.agents.has(patch.inbound_agent_id)) {
      throw new ApiError(404, "inbound agent not found");
    }
    // 4: a PATCH merges; an explicit null clears. The planted fault drops nulls first, as if omitted.
    const fields = ctx.faults.has("phone-patch-null-kept") ? withoutNulls(patch) : patch;
    if (fields.inbound_agent_id !== undefined) row.inbound_agent_id = fields.inbound_agent_id;
    if (fields.label !== undefined) row.label = fields.label;
    row.updated_at = now();
    return phoneNumberView(ctx, workspace, row);
  });

  app.delete("/v1/telephony/phone-numbers/:phone_number_id", async (request) => {
    requireRole(request.principal, "EDITOR");
    const state = telephonyState(ctx, request.principal.workspaceId);
    const row = number(state, request.params);
    const owner = state.accounts.get(row.telephony_account_id);
    if (owner !== undefined) {
      // Best effort: stop the carrier sending this number's calls here (unless another importer took
      // the number over since); the row goes either way.
      await releaseCarrierNumber(owner, row).catch(() => undefined);
    }
    state.numbers.delete(row.id);
    directory.numbers.delete(row.id);
    return { ok: true };
  });
}
