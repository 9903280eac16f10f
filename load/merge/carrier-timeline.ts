// The carrier simulator's concurrency timeline, read after the run (Node side) for the
// "calls in flight" chart: GET {carrier}/_admin/witness -> {concurrency: {timeline: [{real_ms, active}]}}.
// Optional: a target without a carrier, or one that does not answer, has no such chart.
import type { CarrierPoint } from "./timeline.ts";

const TIMEOUT_MS = 10_000;

export async function carrierTimeline(carrier: string | undefined): Promise<CarrierPoint[]> {
  if (!carrier) return [];
  try {
    const response = await fetch(`${carrier.replace(/\/+$/, "")}/_admin/witness`, {
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!response.ok) return [];
    const body = (await response.json()) as { concurrency?: { timeline?: unknown } };
    const timeline = body.concurrency?.timeline;
    if (!Array.isArray(timeline)) return [];
    return timeline.filter((p): p is CarrierPoint => typeof p?.real_ms === "number" && typeof p?.active === "number");
  } catch {
    return [];
  }
}
