// The `agent-channel-required` variant: 2.13 shows no required markers ("Required markers and defaults of the
// agent configuration fields: not shown"), so a server may require `channel` in every whole agent it is given:
// a create, a PATCH (which writes the agent whole) and an inline agent of a call.
import { ApiError } from "../../shared/api-error.ts";
import type { PlatformContext } from "../context.ts";

export function channelRequired(ctx: PlatformContext, body: unknown): void {
  if (!ctx.variants.has("agent-channel-required")) return;
  if ((body as { channel?: unknown } | undefined)?.channel !== undefined) return;
  throw ApiError.validation(["channel: field required"]);
}
