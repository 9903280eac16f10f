// The two unpaged workspace lists of section 4 (email senders, observability sinks). Their fields and how
// rows are made are not shown: rows are seeded through test control.
import type { z } from "zod";
import type { EmailSender, ObservabilitySink } from "../../../spec/byok.ts";
import type { PlatformContext } from "../context.ts";

export interface ServiceLists {
  senders: Array<z.infer<typeof EmailSender>>;
  sinks: Array<z.infer<typeof ObservabilitySink>>;
}

export function serviceListsOf(ctx: PlatformContext, workspaceId: string): ServiceLists {
  return ctx.store.workspace(workspaceId).slice("service-lists", () => ({ senders: [], sinks: [] }));
}
