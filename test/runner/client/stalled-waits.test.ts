// The stalled-waits breaker (runner/client/stalled-waits.ts): waits of one kind that run out their budget in a row
// cut the later ones of that kind, a wait that sees the server act resets its kind, and other kinds are untouched.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { ClockTooSlow } from "../../../runner/client/clock-too-slow.ts";
import {
  CUT_WAIT_MS,
  noteWaitEnded,
  STALLED_LIMIT,
  stalledNote,
  waitBudget,
  waitOnServer,
  waitTopic,
} from "../../../runner/client/stalled-waits.ts";
import { type RunSettings, SETTING_DEFAULTS, writeSettings } from "../../../runner/contract.ts";
import { awaitShared } from "../../../runner/framework/slow-clock.ts";
import { inCheck } from "../../helpers/in-check.ts";

const dir = mkdtempSync(join(tmpdir(), "cap-stalled-"));
const base = join(dir, "stalled-waits-0");
const SETTINGS_ENV = "CAP_RUN_SETTINGS";
const before = process.env[SETTINGS_ENV];

beforeAll(() => {
  const settings: RunSettings = {
    targetFile: join(dir, "target.json"),
    seed: 1,
    ...SETTING_DEFAULTS,
    prefix: "capct-",
    replayBase: "npx cap-conformance run",
    shrink: false,
    stalledWaitsFile: base,
  };
  writeSettings(settings);
});

afterAll(() => {
  if (before === undefined) delete process.env[SETTINGS_ENV];
  else process.env[SETTINGS_ENV] = before;
  rmSync(dir, { recursive: true, force: true });
});

test("waits of one kind that run out in a row cut the later ones; a wait that is met resets the count", async () => {
  for (let i = 0; i < STALLED_LIMIT; i++) {
    expect(waitBudget("call", 60_000)).toEqual({ ms: 60_000 });
    noteWaitEnded("call", false);
  }
  const cut = waitBudget("call", 60_000);
  expect(cut.ms).toBe(CUT_WAIT_MS);
  expect(cut.cut).toContain(`${STALLED_LIMIT} waits for a call session in a row ran out their budget`);
  // Another kind keeps its own budget.
  expect(waitBudget("reply", 60_000)).toEqual({ ms: 60_000 });
  // A cut wait still fails when nothing happens, and says why it waited less.
  const failed = waitOnServer("call", 60_000, {
    look: async () => undefined,
    pace: () => new Promise((resolve) => setTimeout(resolve, 50)),
    late: (budget) => new Error(`late after ${budget.ms}: ${budget.cut}`),
  });
  await expect(failed).rejects.toThrow(/late after 2000: cut from 60000 ms/);
  // A wait that sees the server act resets the kind.
  await expect(
    waitOnServer("call", 60_000, { look: async () => "done", pace: async () => undefined, late: () => new Error() }),
  ).resolves.toBe("done");
  expect(waitBudget("call", 60_000)).toEqual({ ms: 60_000 });
  // The closing note still says the breaker tripped.
  expect(stalledNote(base)).toContain("waits for a call session in a row ran out their budget");
});

test("waits are counted by what they wait for, ids left out: another thing arriving does not reset the count", async () => {
  const completed = (id: string) => `session.completed of ${id}`;
  for (let i = 0; i < STALLED_LIMIT; i++) {
    expect(waitBudget("delivery", 60_000, completed(`5c1e${i}a2b-0000-4000-8000-00000000000${i}`)).ms).toBe(60_000);
    noteWaitEnded("delivery", false, completed(`5c1e${i}a2b-0000-4000-8000-00000000000${i}`));
    // A session.queued that does arrive between them is another topic: it resets only its own count.
    noteWaitEnded("delivery", true, "session.queued of 5c1e9a2b");
  }
  expect(waitBudget("delivery", 60_000, completed("another-id-7")).ms).toBe(CUT_WAIT_MS);
  expect(waitBudget("delivery", 60_000, "session.queued of 5c1e9a2b").ms).toBe(60_000);
  expect(waitTopic("session.completed of 0b0e-77 in conversation c4")).toBe(
    "session.completed of <id> in conversation <id>",
  );
});

test("a wait for several things counts against each it did not see, and is cut when any of them tripped", async () => {
  const outbound = ["session.queued", "session.started", "session.in_progress", "session.completed"];
  for (let i = 0; i < STALLED_LIMIT; i++) {
    expect(waitBudget("delivery", 60_000, outbound).ms).toBe(60_000);
    // session.queued arrived, the rest never did.
    noteWaitEnded("delivery", false, outbound, outbound.slice(1));
  }
  // A wait worded otherwise that needs a session.completed shares its count.
  const webCall = waitBudget("delivery", 60_000, ["session.started", "session.completed"]);
  expect(webCall.ms).toBe(CUT_WAIT_MS);
  expect(webCall.cut).toContain("(session.started)");
  // What arrived was not counted.
  expect(waitBudget("delivery", 60_000, ["session.queued"]).ms).toBe(60_000);
  // A wait that sees all it needs resets each of its things.
  await expect(
    waitOnServer(
      "delivery",
      60_000,
      { look: async () => "all", pace: async () => undefined, late: () => new Error() },
      ["session.started", "session.in_progress", "session.completed"],
    ),
  ).resolves.toBe("all");
  expect(waitBudget("delivery", 60_000, ["session.completed"]).ms).toBe(60_000);
});

test("a wait that would outlast its check, for a thing the breaker cut, is skipped after the cut wait, not at its deadline", async () => {
  const textWindow = ["session.started", "recording.ready"];
  for (let i = 0; i < STALLED_LIMIT; i++) noteWaitEnded("delivery", false, textWindow, ["recording.ready"]);
  const never = {
    look: async () => undefined,
    pace: () => new Promise((resolve) => setTimeout(resolve, 20)),
    late: () => new Error("the server did not do it"),
  };
  const started = Date.now();
  const own = await inCheck(30_000, () => waitOnServer("delivery", 600_000, never, ["recording.ready"]));
  expect(own).toBeInstanceOf(ClockTooSlow);
  expect((own as Error).message).toMatch(/whole check may take only .*; skipped early \(cut from/);
  // A shared wait begun before the check, for that thing, too.
  const shared = await inCheck(30_000, () =>
    awaitShared(new Promise(() => undefined), 600_000, "a text window's idle close", {
      kind: "delivery",
      about: textWindow,
    }),
  );
  expect(shared).toBeInstanceOf(ClockTooSlow);
  expect((shared as Error).message).toMatch(/^a text window's idle close is up to 600000 ms away.*skipped early/);
  expect(Date.now() - started, "both skipped after the cut wait, well before the checks' 30 s").toBeLessThan(20_000);
});
