// The universal rules (runner/client/universal-rules.ts) on single responses: "Bodies are JSON" (4) holds the type and
// the body itself, so a JSON-typed body that does not parse, or whose bytes are not UTF-8 (RFC 8259, 8.1), breaks
// it with a message saying which; an empty body and an event stream are not judged by it.
import { expect, test } from "vitest";
import { type CheckRecord, recording } from "../../../runner/client/recorder.ts";
import { applyUniversalRules, type SeenResponse } from "../../../runner/client/universal-rules.ts";

/** What the rules observed of the responses `see` hands them, in a check's record of its own. */
async function observed(see: () => void): Promise<CheckRecord> {
  const { record, done } = recording([], async () => see());
  await done;
  return record;
}

const OK: SeenResponse = {
  method: "GET",
  url: "http://127.0.0.1:1/v1/catalog",
  status: 200,
  contentType: "application/json; charset=utf-8",
  text: '{"llm":[]}',
  utf8: true,
};

test("a JSON body with the JSON type keeps the rule", async () => {
  const record = await observed(() => {
    applyUniversalRules(OK);
  });
  expect(record.universal.json).toEqual({ seen: 1, violations: [] });
});

test("a JSON-typed body cut in half breaks it, saying it is not JSON and why", async () => {
  const record = await observed(() => {
    applyUniversalRules({ ...OK, text: '{"llm":[' });
  });
  expect(record.universal.json?.violations).toEqual([
    expect.stringMatching(/^GET \S+\/v1\/catalog → 200: the body is not JSON \(.+\)$/),
  ]);
});

test("a JSON-typed body whose bytes are not UTF-8 breaks it, saying so", async () => {
  const record = await observed(() => {
    applyUniversalRules({ ...OK, text: '{"name":"\uFFFD\uFFFDx"}', utf8: false });
  });
  expect(record.universal.json?.violations).toEqual([expect.stringContaining("the body is not UTF-8")]);
});

test("another Content-Type breaks it; an empty body and an event stream are not judged", async () => {
  const record = await observed(() => {
    applyUniversalRules({ ...OK, contentType: "text/plain" });
    applyUniversalRules({ ...OK, text: "" });
    applyUniversalRules({ ...OK, contentType: "text/event-stream", text: "data: x" });
  });
  expect(record.universal.json).toEqual({
    seen: 1,
    violations: [expect.stringContaining("Content-Type is text/plain")],
  });
});

test("an error body that is not JSON breaks the envelope rule as before", async () => {
  const record = await observed(() => {
    applyUniversalRules({ ...OK, status: 500, text: "<html>" });
  });
  expect(record.universal.envelope?.violations).toEqual([expect.stringContaining("body is not {detail")]);
  expect(record.universal.json?.violations).toEqual([expect.stringContaining("the body is not JSON")]);
});
