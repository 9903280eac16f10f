// Call batches (2.12) judged by what the carrier saw: attempts, retry spacing, no re-dial after a
// reach, concurrency (nothing left live at the carrier once complete), the calling window (generated
// windows and zones) and start_at. The credit pause is in credits, batch.completed in events, calls by
// batch_id in calls. Callees are carrier pattern numbers whose outcomes are scripted.
import fc from "fast-check";
import { expect } from "vitest";
import { explain } from "../runner/client/http-client.ts";
import { check } from "../runner/framework/check.ts";
import { namesField } from "../runner/framework/problem-lines.ts";
import { property } from "../runner/framework/property.ts";
import { expectStatus } from "../runner/framework/response.ts";
import {
  answered,
  byRecipient,
  dialLog,
  dialsFrom,
  peakConcurrency,
  startBatch,
  waitForBatch,
} from "./helpers/batches.ts";
import {
  clockAt,
  dialInside,
  sentWindow,
  spansMidnight,
  weekdayPlus,
  windowClock,
  windowOn,
  zoneAt,
} from "./helpers/calling-window.ts";
import { realBudget } from "./helpers/calls.ts";
import { expectCarrierIdle, patternNumber, unusedPatternNumbers, type WitnessDial } from "./helpers/carrier.ts";
import { minuteMs, serverNow } from "./helpers/credits.ts";
import { callOp } from "./helpers/profile.ts";
import { untilServerTime } from "./helpers/server-clock.ts";

const MINUTE = 60_000;
const completed = (batch: { status: string }) => batch.status === "completed";

interface Rules {
  maxAttempts: number;
  retryAfterMinutes: number;
  maxConcurrency: number;
}

const RULES: Record<string, (dials: WitnessDial[], rules: Rules) => void> = {
  attempts: (dials, { maxAttempts }) => {
    for (const [to, rows] of byRecipient(dials)) {
      expect(rows.length, `dials to ${to} with max_attempts ${maxAttempts}: ${dialLog(dials)}`).toBeLessThanOrEqual(
        maxAttempts,
      );
    }
  },
  spacing: (dials, { retryAfterMinutes }) => {
    for (const [to, rows] of byRecipient(dials)) {
      for (let i = 1; i < rows.length; i++) {
        const gap = rows[i]!.sim_ms - rows[i - 1]!.sim_ms;
        expect(
          gap,
          `attempt ${i + 1} to ${to}, retry_after_minutes ${retryAfterMinutes}: ${dialLog(dials)}`,
        ).toBeGreaterThanOrEqual(retryAfterMinutes * MINUTE);
      }
    }
  },
  reached: (dials) => {
    for (const [to, rows] of byRecipient(dials)) {
      const first = rows.findIndex(answered);
      if (first >= 0) expect(rows.length - 1 - first, `dials to ${to} after it answered: ${dialLog(dials)}`).toBe(0);
    }
  },
  concurrency: (dials, { maxConcurrency }) => {
    expect(
      peakConcurrency(dials),
      `calls at once with max_concurrency ${maxConcurrency}: ${dialLog(dials)}`,
    ).toBeLessThanOrEqual(maxConcurrency);
  },
};

/** One batch of every outcome, run once and judged by several checks. */
const MIXED: Rules = { maxAttempts: 3, retryAfterMinutes: 2, maxConcurrency: 2 };
async function runMixedBatch() {
  const unused = await unusedPatternNumbers();
  const recipients = {
    answers: unused(0, 0),
    talksLong: unused(0, 2),
    busy: unused(1, 0),
    noAnswer: unused(2, 0),
    failed: unused(3, 0),
    answersSecond: unused(5, 1),
    answersAfterBusy: unused(6, 1),
    voicemail: unused(4, 0),
  };
  const started = await startBatch({
    recipients: Object.values(recipients).map((to, i) => ({ to, userdata: { row: i } })),
    max_attempts: MIXED.maxAttempts,
    retry_after_minutes: MIXED.retryAfterMinutes,
    max_concurrency: MIXED.maxConcurrency,
  });
  await waitForBatch(started.batch.id, completed, realBudget(30 * MINUTE), "completed");
  return { started, dials: await dialsFrom(started.from.e164), recipients };
}

let mixedRun: ReturnType<typeof runMixedBatch> | undefined;
const mixedBatch = () => {
  mixedRun ??= runMixedBatch();
  return mixedRun;
};

check(
  "POST /v1/calls/batches with a 2.12 body is a 422 when a field has the wrong type",
  ["batches.schema-422"],
  async () => {
    const base = {
      from_phone_number_id: "00000000-0000-4000-8000-000000000000",
      agent_id: "00000000-0000-4000-8000-000000000001",
      recipients: [{ to: "+15550000001" }],
    };
    for (const [field, body] of [
      ["recipients", { ...base, recipients: "+15550000001" }],
      ["calling_window.days.0", { ...base, calling_window: { start: "09:00", end: "17:00", days: [8] } }],
      ["calling_window.days.0", { ...base, calling_window: { start: "09:00", end: "17:00", days: [0] } }],
      ["max_attempts", { ...base, max_attempts: 1.5 }],
      ["max_concurrency", { ...base, max_concurrency: "four" }],
    ] as const) {
      const response = await callOp("batch.create", {}, { body });
      expectStatus(response, 422);
      expect(namesField(response, field), `a line "${field}: …" in ${explain(response)}`).toBe(true);
    }
  },
);

check(
  "a 2.12 body (recipients with userdata, agent, timezone, window, scheduling fields, start_at, vars) is accepted and runs",
  ["batches.create-accepted"],
  async () => {
    const now = await serverNowOrLocal();
    // A window open from half an hour ago to three hours on, every day, in a zone where it is midday now: what
    // 00:00 to 00:00 means is not shown (2.12, 8), and this window is open under any reading of its fields.
    const zone = zoneAt(now, 12);
    const window = windowOn(now - 30 * MINUTE, now + 180 * MINUTE, windowClock(zone).reads, [1, 2, 3, 4, 5, 6, 7]);
    const started = await startBatch({
      recipients: [
        { to: patternNumber(0, 0), userdata: { first_name: "Ada" } },
        { to: patternNumber(0, 0), userdata: { first_name: "Alan" } },
      ],
      timezone: zone.name,
      calling_window: sentWindow(window),
      max_attempts: 2,
      max_concurrency: 2,
      retry_after_minutes: 1,
      start_at: new Date(now).toISOString(),
      vars: { campaign: "spring" },
    });
    await waitForBatch(started.batch.id, completed, realBudget(10 * MINUTE), "completed");
    const dials = await dialsFrom(started.from.e164);
    expect(dials.length, `dials of the batch: ${dialLog(dials)}`).toBe(2);
  },
  { needs: ["wiring"] },
);

check(
  "a recipient that is not reached is dialled at most max_attempts times",
  ["batches.max-attempts"],
  async () => {
    const { dials, recipients } = await mixedBatch();
    RULES.attempts!(dials, MIXED);
    // What each scripted callee makes of three attempts: never reached uses them all; reached stops them.
    const expected: Record<keyof typeof recipients, number> = {
      answers: 1,
      talksLong: 1,
      voicemail: 1,
      busy: MIXED.maxAttempts,
      noAnswer: MIXED.maxAttempts,
      failed: MIXED.maxAttempts,
      answersSecond: 2,
      answersAfterBusy: 2,
    };
    const seen = byRecipient(dials);
    for (const [label, count] of Object.entries(expected)) {
      const to = recipients[label as keyof typeof recipients];
      expect(seen.get(to)?.length ?? 0, `dials to the ${label} callee ${to}: ${dialLog(dials)}`).toBe(count);
    }
  },
  { needs: ["wiring"] },
);

check(
  "a batch re-dials an unreached recipient no sooner than retry_after_minutes after the previous attempt",
  ["batches.retry-after"],
  async () => {
    const { dials } = await mixedBatch();
    RULES.spacing!(dials, MIXED);
  },
  { needs: ["wiring"] },
);

check(
  "a batch does not re-dial a recipient it reached",
  ["batches.no-redial-reached"],
  async () => {
    const { dials, recipients } = await mixedBatch();
    RULES.reached!(dials, MIXED);
    expect(byRecipient(dials).get(recipients.answersSecond)?.length, "answered on the second attempt").toBe(2);
  },
  { needs: ["wiring"] },
);

check(
  "a batch never has more than max_concurrency calls in progress",
  ["batches.max-concurrency"],
  async () => {
    const { dials, started } = await mixedBatch();
    RULES.concurrency!(dials, MIXED);
    // A completed batch has nothing in progress: no call of its own is still live at the carrier.
    await expectCarrierIdle({ from: [started.from.e164] }, realBudget(MINUTE));
  },
  { needs: ["wiring"] },
);

async function serverNowOrLocal(): Promise<number> {
  try {
    return await serverNow();
  } catch {
    return Date.now();
  }
}

check(
  "a batch places no call before start_at, and dials once it has passed",
  ["batches.start-at"],
  async () => {
    // start_at is set once the batch's set-up is done, far enough ahead that a slow create still precedes it.
    let startAt = 0;
    const delayed = await startBatch(async () => {
      startAt = (await serverNow()) + 30 * MINUTE;
      return { recipients: [{ to: patternNumber(0, 0) }], start_at: new Date(startAt).toISOString() };
    });
    await waitForBatch(delayed.batch.id, completed, realBudget(45 * MINUTE), "completed");
    const dials = await dialsFrom(delayed.from.e164);
    const early = dials.filter((dial) => dial.sim_ms < startAt);
    expect(early, `dials before start_at ${new Date(startAt).toISOString()}: ${dialLog(dials)}`).toEqual([]);
    expect(dials.length, `the delayed batch dialled once start_at passed: ${dialLog(dials)}`).toBe(1);
    await expectCarrierIdle({ from: [delayed.from.e164] }, realBudget(MINUTE));
  },
  { needs: ["test-control", "wiring"] },
);

/**
 * One generated window, three batches over it, on the clock the profile reads windows on (the batch timezone's
 * by default): `today` lists that clock's weekday (recipients are due, so it must dial, and only inside);
 * `otherDay` lists only the day before or after (no dial at all while watched); `otherClock` writes the same
 * instants on the other clock (UTC, or the zone's), every day listed, so read on the right one it is hours away
 * (no dial while watched). A window read on the wrong clock, or weekdays off by one, is caught every run.
 */
const windowCase = fc.record({
  localHour: fc.integer({ min: 2, max: 20 }),
  opensIn: fc.integer({ min: -10, max: 5 }),
  openFor: fc.integer({ min: 25, max: 40 }),
  retryAfter: fc.integer({ min: 3, max: 12 }),
  dayShift: fc.constantFrom(-1, 1),
  outcomes: fc.array(fc.constantFrom<[number, number]>([0, 0], [1, 0], [2, 0], [3, 0], [5, 1], [6, 1]), {
    minLength: 1,
    maxLength: 3,
  }),
});
type WindowCase = typeof windowCase extends fc.Arbitrary<infer T> ? T : never;

async function judgeWindowCase(c: WindowCase): Promise<void> {
  const now = await serverNow();
  const zone = zoneAt(now, c.localHour);
  const clock = windowClock(zone);
  const opens = Math.ceil((now + c.opensIn * MINUTE) / MINUTE) * MINUTE;
  const closes = opens + c.openFor * MINUTE;
  const weekday = clockAt(opens, clock.reads).weekday;
  const windows = {
    today: { window: windowOn(opens, closes, clock.reads, [weekday]), zone },
    otherDay: { window: windowOn(opens, closes, clock.reads, [weekdayPlus(weekday, c.dayShift)]), zone },
    otherClock: { window: windowOn(opens, closes, clock.other, [1, 2, 3, 4, 5, 6, 7]), zone },
  };
  // A window may cross midnight on a clock; that batch is left out then (the day is not shown).
  const cases = Object.entries(windows).filter(([, w]) => !spansMidnight(w.window));
  const batches = await Promise.all(
    cases.map(async ([label, { window }]) => {
      const started = await startBatch({
        recipients: c.outcomes.map(([o, p]) => ({ to: patternNumber(o, p) })),
        timezone: zone.name,
        calling_window: sentWindow(window),
        max_attempts: 3,
        retry_after_minutes: c.retryAfter,
        max_concurrency: 3,
      });
      return { label, window, started };
    }),
  );
  // A dial decided just before the close reaches the carrier a little later: a quarter second of grace. The
  // watch goes on past it, so a dial after the close and its grace is seen.
  const grace = Math.max(MINUTE, (250 / minuteMs()) * MINUTE);
  await untilServerTime(closes + grace + 4 * MINUTE, "the window's close");
  for (const { started } of batches) await callOp("batch.cancel", { batch_id: started.batch.id });
  const seen = await Promise.all(batches.map(async (b) => ({ ...b, dials: await dialsFrom(b.started.from.e164) })));
  const where = (label: string, window: object) =>
    `${label} window ${JSON.stringify(window)} (ISO days) in ${zone.name}, read on UTC+${clock.reads}`;
  for (const { label, window, dials } of seen) {
    for (const dial of dials) {
      const at = `${new Date(dial.sim_ms).toISOString()} (${clockAt(dial.sim_ms, clock.reads).hhmm} on the window's clock)`;
      expect(
        dialInside(window, clock.reads, dial.sim_ms, grace),
        `dial to ${dial.to} at ${at}, ${where(label, window)}`,
      ).toBe(true);
    }
  }
  // Liveness: a window left open for ten minutes after the batch was created must have let it dial (judged
  // where the batch says when it was created).
  const open = seen.find((b) => b.label === "today");
  if (open !== undefined && Date.parse(open.started.batch.created_at ?? "") <= closes - 10 * MINUTE) {
    expect(open.dials.length, `dials of the batch while its ${where("today", open.window)} was open`).toBeGreaterThan(
      0,
    );
  }
}

property(
  "generated windows and zones: a batch dials inside its calling window, in the batch timezone, and only there",
  ["batches.calling-window"],
  [windowCase],
  judgeWindowCase,
  {
    needs: ["test-control", "wiring"],
    numRuns: 5,
    timeoutMs: 60_000,
    // Always tried: a window that opens after the batch is made (it must wake and dial then), and one that
    // closes between a busy callee's second and third attempts (the third must wait for another day).
    examples: [
      [{ localHour: 12, opensIn: 3, openFor: 30, retryAfter: 5, dayShift: 1, outcomes: [[0, 0]] }],
      [{ localHour: 12, opensIn: -10, openFor: 25, retryAfter: 11, dayShift: -1, outcomes: [[1, 0]] }],
    ],
  },
);

const OUTCOMES: Array<[number, number]> = [
  [0, 0],
  [1, 0],
  [2, 0],
  [3, 0],
  [4, 0],
  [5, 1],
  [6, 1],
  [7, 2],
];

const generated = {
  outcomes: fc.array(fc.constantFrom(...OUTCOMES), { minLength: 2, maxLength: 5 }),
  rules: fc.record({
    maxAttempts: fc.integer({ min: 1, max: 3 }),
    retryAfterMinutes: fc.integer({ min: 1, max: 3 }),
    maxConcurrency: fc.integer({ min: 1, max: 3 }),
  }),
};

/** Runs a generated batch to its end and answers what the carrier saw. */
async function runGenerated(outcomes: Array<[number, number]>, rules: Rules): Promise<WitnessDial[]> {
  const started = await startBatch({
    recipients: outcomes.map(([o, p]) => ({ to: patternNumber(o, p) })),
    max_attempts: rules.maxAttempts,
    retry_after_minutes: rules.retryAfterMinutes,
    max_concurrency: rules.maxConcurrency,
  });
  const budget = realBudget((outcomes.length * rules.maxAttempts * (rules.retryAfterMinutes + 1) + 5) * MINUTE);
  await waitForBatch(started.batch.id, completed, budget, "completed");
  await expectCarrierIdle({ from: [started.from.e164] }, realBudget(MINUTE));
  return dialsFrom(started.from.e164);
}

for (const [rule, clause] of [
  ["attempts", "batches.max-attempts"],
  ["spacing", "batches.retry-after"],
  ["reached", "batches.no-redial-reached"],
  ["concurrency", "batches.max-concurrency"],
] as const) {
  property(
    `generated recipients and outcomes: the ${rule} rule holds for every batch`,
    [clause],
    [generated.outcomes, generated.rules],
    async (outcomes, rules) => RULES[rule]!(await runGenerated(outcomes, rules), rules),
    { needs: ["wiring"], numRuns: 2, timeoutMs: 60_000 },
  );
}
