// The provider simulator's admin API (/_admin): keys, scripts, timing, faults, offline, recorded requests.
// Bad input answers the spec's envelope (422 with one line per problem) through parsePart.
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { ApiError, parsePart } from "../shared/api-error.ts";
import { OfflineBody } from "../shared/offline-body.ts";
import { FaultsBody } from "./faults.ts";
import { ScriptsBody } from "./scripts.ts";
import type { ProviderState } from "./state.ts";
import { Timing } from "./timing.ts";

export const KeyBody = z.object({ key: z.string().min(8).max(200).regex(/^\S+$/, "must not contain whitespace") });

/** `beforeRead` is awaited before the recorded requests are read (front workers' statuses land first). */
export function registerAdmin(app: FastifyInstance, state: ProviderState, beforeRead?: () => Promise<void>): void {
  app.get("/_admin/keys", async () => ({ default_key: state.keys.defaultKey, keys: state.keys.list() }));
  app.post("/_admin/keys", async (request) => {
    const body = parsePart(KeyBody.partial(), request.body);
    return { key: state.keys.add(body.key) };
  });
  app.post("/_admin/keys/revoke", async (request) => {
    const { key } = parsePart(KeyBody, request.body);
    if (!state.keys.revoke(key)) throw new ApiError(404, "no such registered key (the default key cannot be revoked)");
    return { ok: true };
  });

  app.get("/_admin/scripts", async () => ({ scripts: state.scripts }));
  app.put("/_admin/scripts", async (request) => {
    state.scripts = parsePart(ScriptsBody, request.body).scripts;
    return { scripts: state.scripts };
  });

  app.get("/_admin/timing", async () => state.timing);
  app.put("/_admin/timing", async (request) => {
    state.timing = parsePart(Timing, request.body);
    return state.timing;
  });

  app.get("/_admin/faults", async () => ({ faults: state.faults.list() }));
  app.put("/_admin/faults", async (request) => {
    state.faults.set(parsePart(FaultsBody, request.body).faults);
    return { faults: state.faults.list() };
  });

  app.post("/_admin/offline", async (request) => {
    const { offline } = parsePart(OfflineBody, request.body);
    state.offline = offline;
    return { ok: true, offline };
  });

  app.get("/_admin/requests", async () => {
    await beforeRead?.();
    return { requests: state.requests.list() };
  });
  app.post("/_admin/reset", async () => {
    state.reset();
    return { ok: true };
  });
}
