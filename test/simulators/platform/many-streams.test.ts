// The reference platform keeps serving the API while thousands of SSE streams are open (issue: "it keeps
// serving with thousands of open SSE streams"). Capacity and delays are measured by `npm run bench`; this
// only requires that every stream got its snapshot and that ordinary requests are still answered.
import { setMaxListeners } from "node:events";
import { request } from "undici";
import { afterAll, beforeAll, expect, test } from "vitest";
import { post, type Subscriber, subscribe, until } from "../../../bench/sse-capacity.ts";
import { type Stack, startStack } from "../../../simulators/stack.ts";

const STREAMS = 1_500;
let stack: Stack;

beforeAll(async () => {
  stack = await startStack({ minuteMs: 50 });
});

afterAll(async () => {
  await stack.close();
});

test(`with ${STREAMS} streams open, each has its snapshot and the API still answers`, {
  timeout: 120_000,
}, async () => {
  const { target } = stack;
  const base = target.regions[0]!.base_url;
  const { conversation_id } = await post(target, { text: "open the conversation" });
  const controller = new AbortController();
  // One signal ends every stream; it is listened to once per stream by design.
  setMaxListeners(0, controller.signal);
  try {
    const subscribers: Subscriber[] = [];
    for (let i = 0; i < STREAMS; i += 100) {
      const batch = Array.from({ length: 100 }, () =>
        subscribe(`${base}/v1/conversations/${conversation_id}/events`, target.credentials.admin, controller.signal),
      );
      subscribers.push(...(await Promise.all(batch)));
    }
    await until(() => subscribers.every((s) => s.snapshot), 60_000, "every stream got its snapshot");
    for (let i = 0; i < 20; i++) {
      const response = await request(`${base}/v1/agents?limit=20`, {
        headers: { authorization: `Bearer ${target.credentials.admin}` },
        headersTimeout: 5_000,
        bodyTimeout: 5_000,
      });
      expect(response.statusCode, await response.body.text()).toBe(200);
    }
    expect(
      subscribers.filter((s) => s.closed),
      "streams the server closed",
    ).toEqual([]);
  } finally {
    controller.abort();
  }
});
