// The bench's floors (bench/sse-fanout-server.ts, bench/auth-floor-server.ts) must do the work they stand
// for: a fan-out that reaches only some streams, or an answer given without the control-plane exchange,
// would make a floor too low and every ratio against it too kind.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { request } from "undici";
import { expect, test } from "vitest";
import { startBaseline } from "../../bench/processes.ts";
import { measureFanOutFloor } from "../../bench/sse-capacity.ts";

test("the bare fan-out server delivers a first delta and the reply's end to every stream, on every post", async () => {
  // measureFanOutFloor throws unless every one of the streams got each post's delta and end.
  const floor = await measureFanOutFloor(50, 3);
  expect(floor.firstDeltaP99).toBeGreaterThanOrEqual(floor.firstDeltaP50);
  expect(floor.firstDeltaP50).toBeGreaterThan(0);
});

test("the exchange floor answers the page's bytes once its control plane's verdict lets it", async () => {
  const file = join(mkdtempSync(join(tmpdir(), "floor-")), "page.json");
  writeFileSync(file, '{"items":[],"has_more":false}');
  const { child, url } = await startBaseline(file, [], "bench/auth-floor-server.ts");
  try {
    const response = await request(`${url}/`, { headers: { authorization: "Bearer t" } });
    expect(response.statusCode).toBe(200);
    expect(await response.body.text()).toBe('{"items":[],"has_more":false}');
    const refused = await request(`${url}/`, { headers: { authorization: "Bearer revoked" } });
    expect(refused.statusCode).toBe(401);
    expect(await refused.body.json()).toEqual({ detail: { message: "token revoked" } });
  } finally {
    await child.stop();
  }
});
