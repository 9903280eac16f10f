import { expect, test } from "vitest";
import { DISTANT_ROUND_TRIP_MS, sharedWorkers } from "../../../runner/orchestration/shared-workers.ts";

test("a near target gets 4 suite files at once, a distant one 6", () => {
  expect(sharedWorkers(0.4)).toBe(4);
  expect(sharedWorkers(DISTANT_ROUND_TRIP_MS - 0.1)).toBe(4);
  expect(sharedWorkers(DISTANT_ROUND_TRIP_MS)).toBe(6);
  expect(sharedWorkers(180)).toBe(6);
});
