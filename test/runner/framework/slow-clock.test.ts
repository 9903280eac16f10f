// A target whose clock is too slow for a check (runner/framework/slow-clock.ts, the `beyond` budget of
// runner/client/stalled-waits.ts): a wait that allows the server longer than its whole check, running out, is a
// skip that is not counted against the server; a wait that fits still fails; a shared wait outlasting its check
// skips it; and a check whose wait is further away than it may take is skipped before it waits.
import { expect, test } from "vitest";
import { ClockTooSlow } from "../../../runner/client/clock-too-slow.ts";
import { waitBudget, waitOnServer } from "../../../runner/client/stalled-waits.ts";
import { CheckSkipped } from "../../../runner/framework/check.ts";
import { awaitShared, skipIfLongerThanCheck } from "../../../runner/framework/slow-clock.ts";
import { inCheck } from "../../helpers/in-check.ts";

const never = {
  look: async () => undefined,
  pace: () => new Promise((resolve) => setTimeout(resolve, 20)),
  late: () => new Error("the server did not do it"),
};

test("a wait allowed longer than its whole check, running out, is a skip naming the clock", async () => {
  const thrown = await inCheck(1_500, () => waitOnServer("batch", 600_000, never));
  expect(thrown).toBeInstanceOf(ClockTooSlow);
  expect((thrown as Error).message).toMatch(
    /of the 600000 ms this wait allows it, and the whole check may take only 1500 ms/,
  );
});

test("a wait that fits its check still fails when the server does not act", async () => {
  const thrown = await inCheck(5_000, () => waitOnServer("batch", 300, never));
  expect(thrown).not.toBeInstanceOf(ClockTooSlow);
  expect((thrown as Error).message).toBe("the server did not do it");
});

test("a wait that fits is budgeted without the clock's reason; one that does not names it", async () => {
  await inCheck(5_000, async () => {
    expect(waitBudget("reply", 1_000).beyond).toBeUndefined();
    expect(waitBudget("reply", 60_000).beyond).toContain("says nothing against the server");
  });
});

test("a shared wait that outlasts its check skips it when it was allowed longer than the check", async () => {
  const pending = new Promise<string>(() => undefined);
  const skipped = await inCheck(1_500, () => awaitShared(pending, 600_000, "a text window's idle close"));
  expect(skipped).toBeInstanceOf(ClockTooSlow);
  expect((skipped as Error).message).toMatch(/^a text window's idle close is up to 600000 ms away/);
  // One that ends in time is answered.
  let answered: unknown;
  await inCheck(1_500, async () => {
    answered = await awaitShared(Promise.resolve("events"), 600_000, "x");
  });
  expect(answered).toBe("events");
});

test("a wait further away than the whole check is skipped before waiting; a near one is not", async () => {
  expect(await inCheck(2_000, async () => skipIfLongerThanCheck(60_000, "the window's close"))).toBeInstanceOf(
    CheckSkipped,
  );
  expect(await inCheck(2_000, async () => skipIfLongerThanCheck(1_000, "the window's close"))).toBeUndefined();
});
