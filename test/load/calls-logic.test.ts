// The pure parts of the calls scenario: the run's own carrier peak and its gate, and the time to
// the webhook sink's receipt.
import { describe, expect, it } from "vitest";
import { carrierPeakFinding, runPeak } from "../../load/lib/carrier-peak.ts";
import { elapsedToReceipt } from "../../load/lib/receipt-time.ts";

const points = (...active: number[]) => active.map((a) => ({ active: a }));
const bound = { limit: 6, why: "4 single calls + 1 batch of 2" };

describe("carrier peak", () => {
  it("reads only the timeline after the run's mark", () => {
    const timeline = points(1, 5, 9, 0, 1, 2, 1, 0);
    expect(runPeak(timeline, { points: 4, active: 0 })).toBe(2);
    expect(runPeak(timeline, { points: 8, active: 0 })).toBe(0);
    // Calls already active when the run began count toward what the carrier saw.
    expect(runPeak(points(3), { points: 1, active: 3 })).toBe(3);
  });

  it("is unknown when the witness was reset during the run", () => {
    expect(runPeak(points(1), { points: 4, active: 0 })).toBeUndefined();
  });

  it("fails a run whose calls the carrier never saw, or saw more of than the run can cause", () => {
    expect(carrierPeakFinding(0, 12, bound)).toMatchObject({ ok: false });
    expect(carrierPeakFinding(7, 12, bound).ok).toBe(false);
    expect(carrierPeakFinding(7, 12, bound).detail).toMatch(/above the 6 the run can cause/);
    expect(carrierPeakFinding(3, 12, bound)).toMatchObject({ ok: true });
    expect(carrierPeakFinding(0, 0, bound).ok).toBe(true);
  });

  it("is a warning, not a pass, when the witness could not be read", () => {
    expect(carrierPeakFinding(undefined, 12, bound)).toMatchObject({ ok: true, warning: true });
  });
});

describe("time to the sink's receipt", () => {
  it("is the sink's receipt less the start, kept within what the VU saw", () => {
    expect(elapsedToReceipt(1_000, 1_250, 1_300)).toBe(250);
    expect(elapsedToReceipt(1_000, 900, 1_300)).toBe(0);
    expect(elapsedToReceipt(1_000, 2_000, 1_300)).toBe(300);
  });
});
