// Issue 31: the suites call every operation by its row (spec/operations.ts, through callOp and opPath in
// suites/helpers/profile.ts), so a path is written once. A string that starts with the API's prefix in suites/
// is a path written a second time; check titles and comments that name an endpoint in words are not paths.
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

/** Lines of code (not comments) holding such a literal. */
function pathLiterals(file: string): string[] {
  return readFileSync(file, "utf8")
    .split("\n")
    .map((line, index) => ({ line, number: index + 1 }))
    .filter(({ line }) => !/^\s*(\/\/|\*|\/\*)/.test(line) && LITERAL.test(line))
    .map(({ line, number }) => `${relative(ROOT, file)}:${number}: ${line.trim()}`);
}

test("no suite or suite helper writes an API path: each is called by its row", () => {
  const found = sourcesUnder(join(ROOT, "suites")).flatMap(pathLiterals);
  expect(found, "call the operation with callOp(name) or opPath(name), adding a row to spec/operations.ts").toEqual([]);
});

test("the rule sees a path literal when there is one", () => {
  expect(LITERAL.test('call("/v1/agents")')).toBe(true);
  expect(LITERAL.test("call(`/v1/agents/${id}`)")).toBe(true);
  expect(LITERAL.test('check("GET /v1/agents lists", ...)')).toBe(false);
  expect(LITERAL.test('call("/v12")')).toBe(false);
});
