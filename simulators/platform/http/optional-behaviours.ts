// The optional behaviours a profile declares (spec/optional-behaviours.ts), made true of this
// instance: one declared absent is refused the way a server without it would refuse it, one declared
// to work is switched on. `not-tested` leaves the reference behaviour as it is.
import type { FastifyInstance } from "fastify";
import { errorBody } from "../../../spec/errors.ts";
import type { Profile } from "../../../spec/profile.ts";

/** The version the reference platform names in its version header when a profile asks for one. */
export const REFERENCE_VERSION = "2026-11-01";

/** The largest body accepted: the profile's limit, or well above it when the limit is declared absent. */
export function bodyLimitFor(profile: Profile): number {
  const absent = profile.optional["body-size-limit"] === "must-be-absent";
  return absent ? profile.max_body_bytes * 2 + 1024 * 1024 : profile.max_body_bytes;
}

export function optionalBehaviours(app: FastifyInstance, profile: Profile): void {
  if (profile.optional["knowledge-delete"] === "must-be-absent") {
    app.addHook("onRequest", async (request, reply) => {
      if (request.method === "DELETE" && request.routeOptions.url === "/v1/knowledge/:kb_id") {
        return reply.status(405).header("allow", "GET").send(errorBody("knowledge bases cannot be deleted"));
      }
    });
  }
  if (profile.optional["version-header"] === "must-work") {
    const name = profile.version_header;
    app.addHook("onSend", async (_request, reply, payload) => {
      reply.header(name, REFERENCE_VERSION);
      return payload;
    });
  }
}
