// What every dial needs before the carrier is asked (a single outbound call or a batch): a number of the
// workspace that can call out, its carrier account, and the agent to run.
import { ApiError } from "../../shared/api-error.ts";
import type { PlatformContext } from "../context.ts";
import { telephonyState } from "../telephony/state.ts";
import { type AgentSource, type ResolvedAgent, resolveAgent } from "./agent-source.ts";

export function dialSource(
  ctx: PlatformContext,
  workspaceId: string,
  body: AgentSource & { from_phone_number_id: string },
) {
  const telephony = telephonyState(ctx, workspaceId);
  const phone = telephony.numbers.get(body.from_phone_number_id);
  if (phone === undefined) throw new ApiError(404, "phone number not found");
  if (!phone.can_outbound) throw new ApiError(400, "that phone number cannot place outbound calls");
  const account = telephony.accounts.get(phone.telephony_account_id);
  if (account === undefined) throw new ApiError(400, "the phone number's carrier account is gone");
  // The planted bug applies an override on the web call token only (routes/calls.ts), never here.
  const source = ctx.faults.has("override-web-call-only") ? { ...body, agent_override: undefined } : body;
  const agent: ResolvedAgent = resolveAgent(ctx, workspaceId, source);
  return { phone, account, agent };
}
