// The SSE row's baseline (bench/sse-fanout-server.ts) must fan a reply out to every stream it holds, or the
// bench's "floor" would be the time to reach only some of them.
import { expect, test } from "vitest";
import { measureFanOutFloor } from "../../bench/sse-capacity.ts";

test("the bare fan-out server delivers a first delta and the reply's end to every stream, on every post", async () => {
  const floor = await measureFanOutFloor(50, 3);
  expect(floor.firstDeltaP50).toBeGreaterThan(0);
  expect(floor.firstDeltaP99).toBeGreaterThanOrEqual(floor.firstDeltaP50);
  expect(Number.isFinite(floor.firstDeltaP99)).toBe(true);
});
