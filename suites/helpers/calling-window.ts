// Calling windows (2.12) for generated batches: a fixed-offset zone (Etc/GMT±N, no daylight saving) where
// the server's now falls at a chosen local hour, the window's start/end/days on the clock the profile reads it
// on, and the judge of whether a dial was inside. Windows built here never span midnight: what day such a
// window belongs to is not shown, so it is never asked. Days are ISO weekdays here, written in the profile's
// numbering only when sent (`sentWindow`).
import type { CallingWindow } from "../../spec/calls.ts";
import { profile } from "./profile.ts";

const HOUR = 3_600_000;
const MINUTE = 60_000;
const DAY = 24 * HOUR;

export interface Zone {
  /** IANA name, e.g. Etc/GMT-3 (three hours ahead of UTC). */
  name: string;
  /** Hours ahead of UTC; never 0, so a window read on the UTC clock is read wrong. */
  offsetHours: number;
}

/** A zone where `nowMs` falls in local hour `localHour` (or the next, if that would be UTC itself). */
export function zoneAt(nowMs: number, localHour: number): Zone {
  const utcHour = new Date(nowMs).getUTCHours();
  let offset = (((localHour - utcHour) % 24) + 24) % 24;
  if (offset === 0) offset = 1;
  // Etc/GMT zones run from 12 hours behind to 14 ahead; the POSIX sign is inverted in the name.
  if (offset > 14) offset -= 24;
  return { name: `Etc/GMT${offset > 0 ? "-" : "+"}${Math.abs(offset)}`, offsetHours: offset };
}

export interface LocalClock {
  hhmm: string;
  minuteOfDay: number;
  /** ISO weekday: 1 Monday .. 7 Sunday. */
  weekday: number;
}

export function clockAt(ms: number, offsetHours: number): LocalClock {
  const shifted = new Date(ms + offsetHours * HOUR);
  const hours = shifted.getUTCHours();
  const minutes = shifted.getUTCMinutes();
  return {
    hhmm: `${String(hours).padStart(2, "0")}:${String(minutes).padStart(2, "0")}`,
    minuteOfDay: hours * 60 + minutes,
    weekday: shifted.getUTCDay() === 0 ? 7 : shifted.getUTCDay(),
  };
}

/**
 * Hours ahead of UTC of the clock the profile reads a window on (`readings.calling_window_clock`): the batch
 * timezone's, or UTC's; and of the other one, the clock a server reading it the other way would use.
 */
export function windowClock(zone: Zone): { reads: number; other: number } {
  return profile().readings.calling_window_clock === "utc"
    ? { reads: 0, other: zone.offsetHours }
    : { reads: zone.offsetHours, other: 0 };
}

/** A window as the profile's server takes it: its ISO weekdays in the profile's numbering (1 is Sunday or Monday). */
export function sentWindow(window: CallingWindow): CallingWindow {
  if (profile().readings.weekday_numbering === "iso") return window;
  return { ...window, days: window.days.map((day) => (day % 7) + 1) };
}

/** The ISO weekday `shift` days from `weekday`. */
export const weekdayPlus = (weekday: number, shift: number) => ((((weekday - 1 + shift) % 7) + 7) % 7) + 1;

/** A window from `opensMs` to `closesMs` (whole minutes) on the clock `offsetHours` ahead of UTC. */
export function windowOn(opensMs: number, closesMs: number, offsetHours: number, days: number[]): CallingWindow {
  return { start: clockAt(opensMs, offsetHours).hhmm, end: clockAt(closesMs, offsetHours).hhmm, days };
}

/** Whether the window spans midnight on its clock (such windows are not generated). */
export function spansMidnight(window: CallingWindow): boolean {
  return window.end <= window.start;
}

/**
 * Whether a dial at `ms` is inside the window read on the clock `offsetHours` ahead of UTC. The end gets
 * `graceMs`: a dial decided just before the close reaches the carrier a moment later.
 */
export function dialInside(window: CallingWindow, offsetHours: number, ms: number, graceMs: number): boolean {
  const msOfDay = (((ms + offsetHours * HOUR) % DAY) + DAY) % DAY;
  const clock = (hhmm: string) => (Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5))) * MINUTE;
  const sinceStart = msOfDay - clock(window.start);
  return (
    window.days.includes(clockAt(ms, offsetHours).weekday) &&
    sinceStart >= 0 &&
    sinceStart < clock(window.end) - clock(window.start) + graceMs
  );
}
