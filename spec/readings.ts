// Readings: where the spec gives a field but not how to read it, the profile names one of a few readings a
// server may have chosen (`readings.weekday_numbering: "sunday-first"`); the checks read through it.
import { z } from "zod";

export interface Reading {
  readonly title: string;
  readonly section: string;
  /** The choices, each with what it means (for the assumption row). */
  readonly choices: Readonly<Record<string, string>>;
  /** Today's reference answer, what the default profile says. */
  readonly default: string;
}

export const READINGS = {
  weekday_numbering: {
    title: "calling window weekday numbering",
    section: "2.12",
    choices: {
      iso: "`days` are ISO weekdays: 1 is Monday, 7 is Sunday",
      "sunday-first": "`days` count from Sunday: 1 is Sunday, 7 is Saturday",
    },
    default: "iso",
  },
  calling_window_clock: {
    title: "calling window clock",
    section: "2.12",
    choices: {
      "batch-timezone": "`start` and `end` are `HH:MM` on the clock of the batch's `timezone`",
      utc: "`start` and `end` are `HH:MM` on the UTC clock, whatever the batch's `timezone`",
    },
    default: "batch-timezone",
  },
  web_call_token: {
    title: "web call token",
    section: "4.1, 8",
    choices: {
      opaque: "an opaque string a browser hands back: never parsed",
      jwt: "a signed JWT (never `alg: none`) whose `exp` is the answer's expiry",
    },
    default: "opaque",
  },
  kb_build_frames: {
    title: "knowledge-base build frames",
    section: "6.2",
    choices: {
      "each-state":
        "a build that runs (transcribing or generating) sends progress frames, and a status frame comes for each state get_kb shows it in",
      advisory:
        "the stream is advisory and best effort (6.2 rule 2): no frame is required; the status frames that come name states the build reached",
    },
    default: "each-state",
  },
  tool_names: {
    title: "tool names",
    section: "2.10, 4",
    choices: {
      any: "a tool's name may hold any characters: the harness sends `<run prefix><label>-<n>-<hex>`, lower-case letters, digits and `-` (`capct-1a2b3c-round-trip-4-9f8e7d`)",
      identifier:
        "a tool's name is an identifier (a letter, then letters, digits and `_`, at most 64 characters: a model API's function name): the harness sends its tool names with `_` for every `-` (`capct_1a2b3c_round_trip_4_9f8e7d`)",
    },
    default: "any",
  },
} as const satisfies Record<string, Reading>;

export type ReadingName = keyof typeof READINGS;
export const READING_NAMES = Object.keys(READINGS) as ReadingName[];
export type Choice<R extends ReadingName> = keyof (typeof READINGS)[R]["choices"] & string;

/** The choices of one reading as a zod enum. */
export function choiceEnum<R extends ReadingName>(name: R) {
  return z.enum(Object.keys(READINGS[name].choices) as [Choice<R>, ...Choice<R>[]]);
}

type ReadingShape = { [R in ReadingName]: ReturnType<typeof choiceEnum<R>> };

/** The readings of a profile: one choice each. */
export const Readings = z.strictObject(
  Object.fromEntries(READING_NAMES.map((name) => [name, choiceEnum(name)])) as unknown as ReadingShape,
);
export type Readings = z.infer<typeof Readings>;

/** Today's reference answers. */
export const DEFAULT_READINGS = Object.fromEntries(
  READING_NAMES.map((name) => [name, READINGS[name].default]),
) as Readings;
