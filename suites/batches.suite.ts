// Call batches (2.12) judged by what the carrier saw: attempts, retry spacing, no re-dial after a
// reach, concurrency, the calling window and start_at; plus the credit pause (7), batch.completed
// (6.1) and calls by batch_id (4). Callees are carrier pattern numbers whose outcomes are scripted.
import fc from "fast-check";
import { expect } from "vitest";
import {
  answered,
  BATCHES,
  byRecipient,
  dialLog,
  dialsFrom,
  peakConcurrency,
  startBatch,
  waitForBatch,
} from "./harness/batches.ts";
import { realBudget } from "./harness/calls.ts";
import { patternNumber, unusedPatternNumbers, type WitnessDial } from "./harness/carrier.ts";
import { check } from "./harness/check.ts";
import { serverNow } from "./harness/credits.ts";
import { call, describe } from "./harness/http.ts";
import { property } from "./harness/property.ts";

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
      const response = await call(BATCHES, { method: "POST", body });
      expect(response.status, describe(response)).toBe(422);
      const errors = (response.json as { detail: { errors: string[] } }).detail.errors;
      expect(
        errors.some((line) => line.startsWith(`${field}: `)),
        `a line "${field}: …" in ${describe(response)}`,
      ).toBe(true);
    }
  },
);

check(
  "a 2.12 body (recipients with userdata, agent, timezone, window, scheduling fields, start_at, vars) is accepted and runs",
  ["batches.create-accepted"],
  async () => {
    const nowIso = new Date(await serverNowOrLocal()).toISOString();
    const started = await startBatch({
      recipients: [
        { to: patternNumber(0, 0), userdata: { first_name: "Ada" } },
        { to: patternNumber(0, 0), userdata: { first_name: "Alan" } },
      ],
      timezone: "Europe/Paris",
      calling_window: { start: "00:00", end: "00:00", days: [1, 2, 3, 4, 5, 6, 7] },
      max_attempts: 2,
      max_concurrency: 2,
      retry_after_minutes: 1,
      start_at: nowIso,
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
    expect(byRecipient(dials).get(recipients.busy)?.length, "an always-busy callee is retried to the limit").toBe(
      MIXED.maxAttempts,
    );
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
    const { dials } = await mixedBatch();
    RULES.concurrency!(dials, MIXED);
  },
  { needs: ["wiring"] },
);

/** A zone where the server's now is about 08:00, so a short window never spans midnight. */
function morningZone(nowMs: number): { zone: string; offsetHours: number } {
  let offset = 8 - new Date(nowMs).getUTCHours();
  if (offset < -12) offset += 24;
  if (offset > 14) offset -= 24;
  return { zone: offset === 0 ? "UTC" : `Etc/GMT${offset > 0 ? "-" : "+"}${Math.abs(offset)}`, offsetHours: offset };
}

function localClock(ms: number, offsetHours: number): { hhmm: string; weekday: number } {
  const shifted = new Date(ms + offsetHours * 3_600_000);
  const hhmm = `${String(shifted.getUTCHours()).padStart(2, "0")}:${String(shifted.getUTCMinutes()).padStart(2, "0")}`;
  return { hhmm, weekday: shifted.getUTCDay() === 0 ? 7 : shifted.getUTCDay() };
}

async function serverNowOrLocal(): Promise<number> {
  try {
    return await serverNow();
  } catch {
    return Date.now();
  }
}

check(
  "a batch dials only inside its calling window (in the batch timezone) and never before start_at",
  ["batches.calling-window", "batches.start-at"],
  async () => {
    const now = await serverNow();
    const { zone, offsetHours } = morningZone(now);
    const opens = Math.ceil((now + 3 * MINUTE) / MINUTE) * MINUTE;
    const closes = opens + 20 * MINUTE;
    const window = {
      start: localClock(opens, offsetHours).hhmm,
      end: localClock(closes, offsetHours).hhmm,
      days: [localClock(opens, offsetHours).weekday],
    };
    // Busy callees retried every 12 minutes: attempts at the opening and 12 minutes in; a third would be after the close.
    const windowed = await startBatch({
      recipients: [{ to: patternNumber(1, 0) }, { to: patternNumber(1, 0) }, { to: patternNumber(0, 0) }],
      timezone: zone,
      calling_window: window,
      max_attempts: 3,
      retry_after_minutes: 12,
      max_concurrency: 3,
    });
    const startAt = now + 8 * MINUTE;
    const delayed = await startBatch({
      recipients: [{ to: patternNumber(0, 0) }],
      start_at: new Date(startAt).toISOString(),
    });
    const until = closes + 8 * MINUTE;
    while ((await serverNow()) < until) await new Promise((resolve) => setTimeout(resolve, 50));
    const dials = await dialsFrom(windowed.from.e164);
    expect(dials.length, `dials of the windowed batch: ${dialLog(dials)}`).toBeGreaterThan(0);
    for (const dial of dials) {
      expect(
        dial.sim_ms,
        `dial to ${dial.to} at ${new Date(dial.sim_ms).toISOString()}, window ${JSON.stringify(window)} ${zone}`,
      ).toBeGreaterThanOrEqual(opens);
      expect(
        dial.sim_ms,
        `dial to ${dial.to} at ${new Date(dial.sim_ms).toISOString()}, window ${JSON.stringify(window)} ${zone}`,
      ).toBeLessThan(closes);
    }
    const early = (await dialsFrom(delayed.from.e164)).filter((dial) => dial.sim_ms < startAt);
    expect(early, `dials before start_at ${new Date(startAt).toISOString()}`).toEqual([]);
    expect((await dialsFrom(delayed.from.e164)).length, "the delayed batch dialled once start_at passed").toBe(1);
  },
  { needs: ["test-control", "wiring"] },
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
