// The JSON body decoder every server shares (simulators/shared/json-body.ts): the nesting limit counts
// only brackets outside strings, a body at the limit is parsed and one past it refused, and bytes that
// are not UTF-8 are refused rather than replaced.
import fc from "fast-check";
import { expect, test } from "vitest";
import { ApiError } from "../../../simulators/shared/api-error.ts";
import {
  MAX_JSON_DEPTH,
  NOT_JSON,
  NOT_UTF8,
  nestsDeeperThan,
  parseJsonBody,
  TOO_DEEP,
} from "../../../simulators/shared/json-body.ts";

const arrays = (depth: number) => "[".repeat(depth) + "]".repeat(depth);

function refusal(bytes: Buffer): { status: number; message: string } {
  try {
    parseJsonBody(bytes);
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return { status: (error as ApiError).status, message: (error as ApiError).message };
  }
  throw new Error("the body was accepted");
}

test("a body nested exactly to the limit is parsed; one level more is a 400 saying so", () => {
  expect(parseJsonBody(Buffer.from(arrays(MAX_JSON_DEPTH)))).toBeInstanceOf(Array);
  expect(refusal(Buffer.from(arrays(MAX_JSON_DEPTH + 1)))).toEqual({ status: 400, message: TOO_DEEP });
  const objects = `${'{"a":'.repeat(MAX_JSON_DEPTH + 1)}1${"}".repeat(MAX_JSON_DEPTH + 1)}`;
  expect(refusal(Buffer.from(objects))).toEqual({ status: 400, message: TOO_DEEP });
});

test("brackets inside strings, escaped quotes included, do not count", () => {
  const text = JSON.stringify({ a: `"${"[{".repeat(500)}\\"` });
  expect(nestsDeeperThan(text, 1)).toBe(false);
  expect(parseJsonBody(Buffer.from(text))).toEqual(JSON.parse(text));
});

test("the depth found is the depth JSON.parse builds, for any generated value", () => {
  const depthOf = (value: unknown): number =>
    typeof value === "object" && value !== null ? 1 + Math.max(0, ...Object.values(value).map(depthOf)) : 0;
  fc.assert(
    fc.property(fc.jsonValue({ maxDepth: 6 }), fc.nat(7), (value, limit) => {
      expect(nestsDeeperThan(JSON.stringify(value), limit)).toBe(depthOf(value) > limit);
    }),
    { seed: 4242, numRuns: 300 },
  );
});

test("bytes that are not UTF-8 are a 400, wherever they are", () => {
  for (const bad of [[0xc3, 0x28], [0x80], [0xe2, 0x82], [0xed, 0xa0, 0x80], [0xff], [0xc0, 0xaf]]) {
    const body = Buffer.concat([Buffer.from('{"name":"'), Buffer.from(bad), Buffer.from('"}')]);
    expect(refusal(body), JSON.stringify(bad)).toEqual({ status: 400, message: NOT_UTF8 });
  }
  expect(parseJsonBody(Buffer.from(JSON.stringify({ name: "café ☕ 𝄞" })))).toEqual({ name: "café ☕ 𝄞" });
});

test("an empty body is absent, text that is not JSON a 400", () => {
  expect(parseJsonBody(Buffer.from("  \n"))).toBeUndefined();
  expect(refusal(Buffer.from("{not json"))).toEqual({ status: 400, message: NOT_JSON });
});
