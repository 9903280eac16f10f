// 4: GET /v1/webhooks/event-types answers {all, live}. `all` is every type a subscription accepts (6.1);
// `live` is the subset reported as emitted, and gates only this listing, never delivery.
import { EVENT_TYPES, type EventType, type EventTypes } from "../../../spec/webhook.ts";
import type { PlatformContext } from "../context.ts";

/** recording.ready is accepted and delivered but not reported live (not every deployment stores audio),
 * which keeps "live gates only the listing" observable on the reference platform. */
export const LIVE_EVENT_TYPES: readonly EventType[] = EVENT_TYPES.filter((type) => type !== "recording.ready");

export function eventTypes(ctx: PlatformContext): EventTypes {
  const live: string[] = [...LIVE_EVENT_TYPES];
  // The planted bug: live read from what the workers name internally, one of which is no subscribable type.
  if (ctx.faults.has("webhook-live-not-subset")) live.push("session.ended");
  // The planted bug: the enum still carries the transfer event that transfers once sent on their own.
  if (ctx.faults.has("transfer-event-type-listed")) return { all: [...EVENT_TYPES, "session.transferred"], live };
  // The planted bug serves `all` from the list the workers report, the same one `live` is.
  if (ctx.faults.has("webhook-all-is-live")) return { all: [...live], live };
  // The planted bug lists each type as a {name} record, as the dashboard's picker reads them.
  if (ctx.faults.has("webhook-event-types-as-records")) {
    const records = (types: readonly string[]) => types.map((name) => ({ name })) as unknown as string[];
    return { all: records(EVENT_TYPES), live: records(live) };
  }
  // 4 gives the two lists no order.
  if (ctx.variants.has("catalog-reversed")) return { all: [...EVENT_TYPES].reverse(), live: live.reverse() };
  return { all: [...EVENT_TYPES], live };
}
