// What a failure keeps of a check's exchanges: the one its assertion is about, whatever the cap, marked; then the
// first and the last ones around it, in the order made.
import { describe, expect, it } from "vitest";
import { LIMITS } from "../../../runner/client/limits.ts";
import {
  exchangeLine,
  keptExchanges,
  linkExchange,
  noteNamed,
  recordExchange,
  recording,
} from "../../../runner/client/recorder.ts";
import type { Exchange } from "../../../spec/report.ts";

function exchange(n: number, body = `{"n":${n}}`): Exchange {
  return {
    method: n === 3 ? "POST" : "GET",
    url: `http://127.0.0.1:9/v1/things/${n}`,
    status: n === 3 ? 500 : 200,
    request_headers: {},
    request_body: null,
    response_headers: {},
    response_body: body,
    duration_ms: 1,
  };
}

describe("keptExchanges", () => {
  async function recorded(work: (made: Exchange[]) => void) {
    const made = Array.from({ length: 30 }, (_, i) => exchange(i + 1));
    const { record, done } = recording(["x.y"], async () => {
      for (const x of made) recordExchange(x);
      work(made);
    });
    await done;
    return { record, made };
  }

  it("keep the exchange the message names though 27 came after it, marked, the first and last around it", async () => {
    const { record, made } = await recorded((made) => noteNamed(made[2]));
    const kept = keptExchanges(record, `the create: expected status 201, got ${exchangeLine(made[2]!)} {"detail":{}}`);
    const seqs = kept.map((x) => x.seq);
    expect(seqs).toEqual([
      1,
      2,
      3,
      ...Array.from({ length: LIMITS.exchangesKept }, (_, i) => 31 - LIMITS.exchangesKept + i),
    ]);
    expect(kept.filter((x) => x.subject).map((x) => x.seq)).toEqual([3]);
    expect(record.made).toBe(30);
  });

  it("mark nothing when the message names no exchange, and keep the first and the last", async () => {
    const { record } = await recorded(() => undefined);
    const kept = keptExchanges(record, "expected 3 to be 2");
    expect(kept.some((x) => x.subject)).toBe(false);
    expect(kept.length).toBe(LIMITS.firstExchangesKept + LIMITS.exchangesKept);
  });

  it("find the answer an assertion read its value from when the message names none", async () => {
    const { record } = await recorded((made) => {
      made[4]!.response_body = '{"channel":"text"}';
      const answer = linkExchange({ text: made[4]!.response_body, json: { channel: "text" } }, made[4]!);
      expect((answer.json as { channel: string }).channel).toBe("text");
    });
    const kept = keptExchanges(record, "field channel: expected 'text' to deeply equal 'voice'", "text");
    expect(kept.find((x) => x.subject)?.seq).toBe(5);
    // A value too common to tell which answer held it marks nothing.
    expect(keptExchanges(record, "expected 3 to be 2", 3).some((x) => x.subject)).toBe(false);
  });
});
