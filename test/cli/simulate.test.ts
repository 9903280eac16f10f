// `cap-conformance simulate` in its own process: the target file it writes (owner-only, no regions, the
// simulators and the carrier account a vendor's server dials with), every simulator answering on
// loopback, and a SIGTERM that stops it cleanly in bounded time; with --workers 2, the carrier and the
// provider answering through their front workers, which the SIGTERM stops too.
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { request } from "undici";
import { afterAll, expect, test } from "vitest";
import { z } from "zod";
import { Target } from "../../spec/target.ts";
import { type Served, startWithTarget } from "../helpers/cli.ts";

/** What simulate writes: a target without regions or test control, plus the carrier account. */
const SimulateFile = Target.omit({ regions: true, test_control: true })
  .extend({
    simulators: z.strictObject({
      control_plane: z.url(),
      carrier: z.url(),
      provider: z.url(),
      website: z.url(),
      webhook_sink: z.url(),
    }),
    carrier_account: z.strictObject({ url: z.url(), accountSid: z.string().min(1), authToken: z.string().min(1) }),
  })
  .strict();

/** Generous for closing five local servers on a loaded machine; the helper's SIGKILL comes at 5 s. */
const STOP_WITHIN_MS = 4_000;

const dir = mkdtempSync(join(tmpdir(), "cap-simulate-"));
let served: Served | undefined;
afterAll(async () => {
  await served?.stop();
  rmSync(dir, { recursive: true, force: true });
});

test("simulate writes a 0600 target file without regions, every simulator answers, SIGTERM stops it", {
  timeout: 60_000,
}, async () => {
  served = await startWithTarget("simulate", [], dir);
  expect(statSync(served.targetFile).mode & 0o777, "the target file holds tokens: owner-only").toBe(0o600);
  const raw = JSON.parse(readFileSync(served.targetFile, "utf8")) as Record<string, unknown>;
  expect(Object.hasOwn(raw, "regions"), "no regions: the vendor's server gives the base URL").toBe(false);
  const file = SimulateFile.parse(raw);
  expect(file.wired).toBe(true);
  expect(file.carrier_account.url, "the account is the carrier simulator's").toBe(file.simulators.carrier);

  for (const [name, url] of Object.entries(file.simulators)) {
    expect(new URL(url).hostname, `${name} listens on loopback`).toBe("127.0.0.1");
    // Any HTTP answer (a 404 for the root included) shows the simulator is listening.
    const response = await request(url, { headersTimeout: 5_000, bodyTimeout: 5_000 });
    await response.body.dump();
    expect(response.statusCode, `${name} at ${url}`).toBeGreaterThanOrEqual(200);
    expect(response.statusCode, `${name} at ${url}`).toBeLessThan(500);
  }

  const stopped = await served.stop();
  served = undefined;
  expect(stopped, "SIGTERM ends simulate with exit 0, not by the signal").toMatchObject({ code: 0, signal: null });
  expect(stopped.ms, "time from SIGTERM to exit").toBeLessThan(STOP_WITHIN_MS);
});

test("simulate --workers 2 serves the carrier and the provider through its workers; SIGTERM stops them all", {
  timeout: 60_000,
}, async () => {
  const workersDir = mkdtempSync(join(tmpdir(), "cap-simulate-workers-"));
  let fronted: Served | undefined = await startWithTarget("simulate", ["--workers", "2"], workersDir);
  try {
    const file = SimulateFile.parse(JSON.parse(readFileSync(fronted.targetFile, "utf8")));
    const bounded = { headersTimeout: 5_000, bodyTimeout: 5_000 };
    const { accountSid, authToken } = file.carrier_account;
    const dial = await request(`${file.simulators.carrier}/2010-04-01/Accounts/${accountSid}/Calls.json`, {
      method: "POST",
      headers: {
        authorization: `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString("base64")}`,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: "To=%2B15550920000&From=%2B14155550100&Url=http%3A%2F%2F127.0.0.1%3A9%2Ft",
      ...bounded,
    });
    expect(dial.statusCode, await dial.body.text()).toBe(201);
    const keys = await request(`${file.simulators.provider}/_admin/keys`, bounded);
    const { default_key: key } = (await keys.body.json()) as { default_key: string };
    const chat = await request(`${file.simulators.provider}/v1/chat/completions`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify({ model: "sim-chat-1", messages: [{ role: "user", content: "hi" }] }),
      ...bounded,
    });
    expect(chat.statusCode, await chat.body.text()).toBe(200);

    const stopped = await fronted.stop();
    fronted = undefined;
    expect(stopped).toMatchObject({ code: 0, signal: null });
    expect(stopped.ms, "time from SIGTERM to exit, the workers' included").toBeLessThan(STOP_WITHIN_MS);
    // A worker left behind would still hold the port.
    for (const url of [file.simulators.carrier, file.simulators.provider])
      await expect(request(url, bounded), `${url} after the stop`).rejects.toThrow();
  } finally {
    await fronted?.stop();
    rmSync(workersDir, { recursive: true, force: true });
  }
});
