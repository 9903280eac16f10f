// What the suites' sources may not do. They call every operation by its row (spec/operations.ts, through callOp
// and opPath in suites/helpers/profile.ts), so a path is written once: a string that starts with the API's prefix
// in suites/ is a path written a second time (check titles and comments naming an endpoint in words are not
// paths). And they read the target and the simulators only through the bounded clients of runner/ (http-client,
// sse-client, simulator-client), never with a bare fetch or undici of their own.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { expect, test } from "vitest";
import { PATH_PREFIX } from "../../spec/operations.ts";

const ROOT = join(import.meta.dirname, "..", "..");

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourcesUnder(path);
    return entry.name.endsWith(".ts") ? [path] : [];
  });
}

/** A string or template literal that begins with the prefix (and not with a longer word such as `/v12`). */
const LITERAL = new RegExp(`["'\`]${PATH_PREFIX.replace("/", "\\/")}(?![\\w-])`);

/** A request made without the bounded clients. */
const UNBOUNDED = /\bfetch\(|from "undici"/;

/** Lines of code (not comments) in suites/ matching `rule`. */
function linesMatching(rule: RegExp): string[] {
  return sourcesUnder(join(ROOT, "suites")).flatMap((file) =>
    readFileSync(file, "utf8")
      .split("\n")
      .map((line, index) => ({ line, number: index + 1 }))
      .filter(({ line }) => !/^\s*(\/\/|\*|\/\*)/.test(line) && rule.test(line))
      .map(({ line, number }) => `${relative(ROOT, file)}:${number}: ${line.trim()}`),
  );
}

test("no suite or suite helper writes an API path: each is called by its row", () => {
  const found = linesMatching(LITERAL);
  expect(found, "call the operation with callOp(name) or opPath(name), adding a row to spec/operations.ts").toEqual([]);
});

test("no suite or suite helper reads the target or a simulator around the bounded clients", () => {
  expect(linesMatching(UNBOUNDED), "use runner/client/http-client.ts, sse-client.ts or simulator-client.ts").toEqual(
    [],
  );
});

test("the rules see what they forbid", () => {
  expect(UNBOUNDED.test("await fetch(url)")).toBe(true);
  expect(UNBOUNDED.test('import { request } from "undici";')).toBe(true);
  expect(LITERAL.test('call("/v1/agents")')).toBe(true);
  expect(LITERAL.test("call(`/v1/agents/` + id)")).toBe(true);
  expect(LITERAL.test('check("GET /v1/agents lists", ...)')).toBe(false);
  expect(LITERAL.test('call("/v12")')).toBe(false);
});
