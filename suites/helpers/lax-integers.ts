// An integer field sent a value of another type (7: 422 is a request that "does not match the operation schema").
// A lax-mode schema (pydantic's, which the `{detail}` envelope suggests; variant `lax-scalars`) matches a numeric
// string or a boolean there and reads it as the integer it spells, so such a value may be refused or read; one
// that spells no integer (a fraction, a word) is refused either way.
import { expect } from "vitest";
import { type ApiResponse, explain } from "../../runner/client/http-client.ts";
import { namesField } from "../../runner/framework/problem-lines.ts";
import { expectStatus } from "../../runner/framework/response.ts";

/** The integer a lax parser reads `value` as: `true` 1, `"12"` 12; undefined when it spells none. */
export function spelledInteger(value: unknown): number | undefined {
  if (typeof value === "boolean") return value ? 1 : 0;
  if (typeof value !== "string" || !/^\s*[+-]?\d+(\.0*)?\s*$/.test(value)) return undefined;
  return Number(value);
}

/**
 * `response` answered a request whose integer field `field` held `value`: a 422 with a line whose path is the
 * field or ends in it (`agent_team.members.0.agent_version`, its index written `.0` or `[0]`: namesField), or,
 * where `value` spells an integer, the answer that integer gets (`asInteger` sends the same request with it).
 */
export async function expectIntegerRefusedOrRead(
  response: ApiResponse,
  field: string,
  value: unknown,
  asInteger: (integer: number) => Promise<ApiResponse>,
): Promise<void> {
  const what = `${JSON.stringify(value)} for an integer`;
  const spelled = spelledInteger(value);
  if (spelled === undefined || response.status === 422) {
    expectStatus(response, 422, what);
    expect(namesField(response, field, "ending"), `a line naming ${field} in ${explain(response)}`).toBe(true);
    return;
  }
  const read = await asInteger(spelled);
  expect(
    response.status,
    `${what}, read as ${spelled}: the answer ${spelled} gets (${explain(read)}), or a 422; got ${explain(response)}`,
  ).toBe(read.status);
}
