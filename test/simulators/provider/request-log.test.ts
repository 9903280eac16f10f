// The provider's request log (simulators/provider/requests.ts) keeps the newest 10,000 rows, oldest first,
// however many requests a long load run makes.
import { expect, test } from "vitest";
import { type RecordedRequest, RequestLog } from "../../../simulators/provider/requests.ts";

const row = (n: number): RecordedRequest => ({
  method: "POST",
  path: `/v1/chat/completions/${n}`,
  model: null,
  time: new Date(n).toISOString(),
  key_hint: null,
  stream: false,
  session: null,
  conversation: null,
  status: null,
  fault: null,
});

test("past 10,000 rows the oldest go first and the order stays oldest first", () => {
  const log = new RequestLog();
  for (let n = 0; n < 25_003; n++) log.add(row(n));
  const paths = log.list().map((r) => r.path);
  expect(paths).toHaveLength(10_000);
  expect(paths[0]).toBe("/v1/chat/completions/15003");
  expect(paths.at(-1)).toBe("/v1/chat/completions/25002");
  expect(paths.every((path, i) => path === `/v1/chat/completions/${15_003 + i}`)).toBe(true);
});

test("a row added is the row kept (its status is filled in later), and clear starts over", () => {
  const log = new RequestLog();
  for (let n = 0; n < 10_001; n++) log.add(row(n));
  const last = log.add(row(99_999));
  last.status = 200;
  expect(log.list().at(-1)).toMatchObject({ path: "/v1/chat/completions/99999", status: 200 });
  log.clear();
  expect(log.list()).toEqual([]);
  log.add(row(1));
  expect(log.list().map((r) => r.path)).toEqual(["/v1/chat/completions/1"]);
});
