// The batch calling window (2.12): start..end on the listed ISO weekdays (1 Monday .. 7 Sunday), read
// in the batch timezone. An end before the start spans midnight; start equal to end is the whole day.
import type { CallingWindow } from "../../../spec/calls.ts";

interface LocalTime {
  weekday: number;
  minuteOfDay: number;
}

export type Weekdays = Readonly<Record<string, number>>;
/** ISO numbering, what 2.12's days 1..7 mean here. */
export const ISO_WEEKDAYS: Weekdays = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };
/** US numbering: the planted `calling-window-sunday-first` fault's. */
export const SUNDAY_FIRST: Weekdays = { Sun: 1, Mon: 2, Tue: 3, Wed: 4, Thu: 5, Fri: 6, Sat: 7 };
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (format === undefined) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      weekday: "short",
      hour: "2-digit",
      minute: "2-digit",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    });
    formatters.set(timeZone, format);
  }
  return format;
}

function parts(ms: number, timeZone: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of formatter(timeZone).formatToParts(new Date(ms))) out[part.type] = part.value;
  return out;
}

export function localTime(ms: number, timeZone: string, weekdays: Weekdays = ISO_WEEKDAYS): LocalTime {
  const p = parts(ms, timeZone);
  return { weekday: weekdays[p.weekday!] ?? 1, minuteOfDay: Number(p.hour) * 60 + Number(p.minute) };
}

const minutesOf = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

export function inWindow(
  window: CallingWindow | null,
  timeZone: string,
  ms: number,
  weekdays: Weekdays = ISO_WEEKDAYS,
): boolean {
  if (window === null) return true;
  const { weekday, minuteOfDay } = localTime(ms, timeZone, weekdays);
  const start = minutesOf(window.start);
  const end = minutesOf(window.end);
  const dayOk = window.days.includes(weekday);
  if (start === end) return dayOk;
  if (start < end) return dayOk && minuteOfDay >= start && minuteOfDay < end;
  // Spans midnight: the evening part belongs to today, the early-morning part to yesterday's window.
  if (minuteOfDay >= start) return dayOk;
  const yesterday = weekday === 1 ? 7 : weekday - 1;
  return minuteOfDay < end && window.days.includes(yesterday);
}

const MINUTE = 60_000;

/** The next moment (simulated ms, after `ms`) the window is open; undefined when it never opens. */
export function nextOpening(
  window: CallingWindow,
  timeZone: string,
  ms: number,
  weekdays: Weekdays = ISO_WEEKDAYS,
): number | undefined {
  const start = minutesOf(window.start);
  for (let day = 0; day <= 8; day++) {
    const probe = ms + day * 24 * 60 * MINUTE;
    const { minuteOfDay } = localTime(probe, timeZone);
    // Local midnight of the probe's day, then the window's start (whole minutes; DST moves it by an hour at most).
    const opening = probe - (probe % MINUTE) - minuteOfDay * MINUTE + start * MINUTE;
    for (const candidate of [opening, opening - 60 * MINUTE, opening + 60 * MINUTE]) {
      if (candidate > ms && inWindow(window, timeZone, candidate, weekdays)) return candidate;
    }
  }
  return undefined;
}
