// Sign-in, workspaces, members, roles, tokens and payments live on the global control host (1). A regional
// host serves none of them: they fall through to the 404 of an unknown route, which tells a client it is
// aimed at the wrong host.
import type { FastifyInstance } from "fastify";
import { ApiError } from "../../shared/api-error.ts";
import type { PlatformContext } from "../context.ts";

export const CONTROL_HOST_PATHS = [
  "/v1/auth/sign-in",
  "/v1/workspaces",
  "/v1/members",
  "/v1/roles",
  "/v1/tokens",
  "/v1/payments",
] as const;

/** Only the planted `control-host-401` fault routes them at all. */
export function controlHostRoutes(app: FastifyInstance, ctx: PlatformContext): void {
  if (!ctx.faults.has("control-host-401")) return;
  const refuse = async () => {
    throw new ApiError(401, "invalid session");
  };
  for (const path of CONTROL_HOST_PATHS) {
    app.all(path, refuse);
    app.all(`${path}/*`, refuse);
  }
}
