// The calling window (2.12) read in the batch timezone: open hours, listed weekdays, windows spanning
// midnight, and the next opening the scheduler sleeps until.
import { describe, expect, it } from "vitest";
import { inWindow, nextOpening } from "../../../../simulators/platform/batches/calling-window.ts";

const at = (iso: string) => Date.parse(iso);
const weekdays = [1, 2, 3, 4, 5];

describe("inWindow", () => {
  it("reads the window in the batch timezone, start inclusive, end exclusive", () => {
    const window = { start: "09:00", end: "17:00", days: weekdays };
    // Monday 2026-03-02: 08:00 UTC is 09:00 in Paris (UTC+1 in winter).
    expect(inWindow(window, "Europe/Paris", at("2026-03-02T08:00:00Z"))).toBe(true);
    expect(inWindow(window, "Europe/Paris", at("2026-03-02T07:59:00Z"))).toBe(false);
    expect(inWindow(window, "Europe/Paris", at("2026-03-02T16:00:00Z"))).toBe(false);
    expect(inWindow(window, "UTC", at("2026-03-02T16:59:00Z"))).toBe(true);
  });

  it("dials only on the listed ISO weekdays (1 Monday .. 7 Sunday)", () => {
    const window = { start: "09:00", end: "17:00", days: [7] };
    expect(inWindow(window, "UTC", at("2026-03-01T10:00:00Z")), "a Sunday").toBe(true);
    expect(inWindow(window, "UTC", at("2026-03-02T10:00:00Z")), "a Monday").toBe(false);
  });

  it("a window ending before it starts spans midnight and belongs to the day it opened", () => {
    const window = { start: "22:00", end: "02:00", days: [1] };
    expect(inWindow(window, "UTC", at("2026-03-02T23:00:00Z")), "Monday night").toBe(true);
    expect(inWindow(window, "UTC", at("2026-03-03T01:00:00Z")), "early Tuesday, Monday's window").toBe(true);
    expect(inWindow(window, "UTC", at("2026-03-03T23:00:00Z")), "Tuesday night").toBe(false);
  });

  it("no window is always open; start equal to end is the whole listed day", () => {
    expect(inWindow(null, "UTC", at("2026-03-01T03:00:00Z"))).toBe(true);
    expect(inWindow({ start: "00:00", end: "00:00", days: [7] }, "UTC", at("2026-03-01T03:00:00Z"))).toBe(true);
  });
});

describe("nextOpening", () => {
  it("is today's start when the window opens later today", () => {
    const window = { start: "09:00", end: "17:00", days: weekdays };
    expect(nextOpening(window, "Europe/Paris", at("2026-03-02T06:30:00Z"))).toBe(at("2026-03-02T08:00:00Z"));
  });

  it("skips to the next listed weekday after the close", () => {
    const window = { start: "09:00", end: "17:00", days: weekdays };
    // Friday evening: the next opening is Monday 09:00.
    expect(nextOpening(window, "UTC", at("2026-03-06T18:00:00Z"))).toBe(at("2026-03-09T09:00:00Z"));
  });

  it("follows a daylight-saving change in the batch timezone", () => {
    const window = { start: "09:00", end: "17:00", days: [1, 2, 3, 4, 5, 6, 7] };
    // Paris moves to UTC+2 on 2026-03-29: 09:00 local is then 07:00 UTC.
    expect(nextOpening(window, "Europe/Paris", at("2026-03-28T18:00:00Z"))).toBe(at("2026-03-29T07:00:00Z"));
  });
});
