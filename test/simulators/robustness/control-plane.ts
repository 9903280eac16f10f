// The control plane's matrix plan: a member to name in paths, a throwaway token to revoke; every
// route is its own API, so every refusal is the spec's envelope.
import {
  AdvanceBody,
  MemberBody,
  ResolveBody,
  RevokeBody,
  RoleBody,
  TokenBody,
  WorkspaceBody,
} from "../../../simulators/control-plane/schemas.ts";
import { OfflineBody } from "../../../simulators/shared/offline-body.ts";
import type { Simulators } from "../../../simulators/stack.ts";
import { created, RawClient } from "../../helpers/robustness/client.ts";
import { definePlan, type RouteBody, type SimulatorPlan } from "./plan.ts";

interface NewMember {
  member_id: string;
  token: string;
}

export async function controlPlanePlan(sims: Simulators): Promise<SimulatorPlan> {
  const client = new RawClient(sims.wiring.controlPlaneUrl);
  const member = await created<NewMember>(client, "POST", "/_admin/members", { role: "VIEWER" });
  const throwaway = await created<NewMember>(client, "POST", "/_admin/members", { role: "VIEWER" });

  const bodies: Record<string, RouteBody> = {
    "POST /v1/auth/resolve": { kind: "json", schema: ResolveBody, valid: { token: member.token } },
    "POST /_admin/members": { kind: "json", schema: MemberBody, valid: { role: "VIEWER" } },
    "POST /_admin/workspaces": { kind: "json", schema: WorkspaceBody, valid: { role: "VIEWER" } },
    "POST /_admin/members/:member_id/role": { kind: "json", schema: RoleBody, valid: { role: "VIEWER" } },
    "DELETE /_admin/members/:member_id": { kind: "none" },
    "POST /_admin/members/:member_id/tokens": { kind: "json", schema: TokenBody, valid: {} },
    "POST /_admin/tokens/revoke": { kind: "json", schema: RevokeBody, valid: { token: throwaway.token } },
    "POST /_admin/offline": { kind: "json", schema: OfflineBody, valid: { offline: false } },
    "POST /_admin/clock/advance": { kind: "json", schema: AdvanceBody, valid: { ms: 0 } },
    "POST /_admin/clock/reset": { kind: "none" },
  };

  return definePlan({
    name: "control_plane",
    client,
    param: (_url, param) => (param === "member_id" ? member.member_id : undefined),
    bodies,
    queries: (route) =>
      route.url === "/_admin/members"
        ? ["workspace_id=x", "workspace_id=", `workspace_id=${"f".repeat(36)}`, "workspace_id=a&workspace_id=b"].map(
            (query) => ({ query, mustRefuse: true }),
          )
        : [],
    stillServing: ["/_admin/members", "/_admin/clock"],
  });
}
