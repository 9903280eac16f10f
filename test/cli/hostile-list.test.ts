// `cap-conformance hostile [--json]` lists every hostile behaviour `serve --hostile` offers, each meeting real
// clauses (the hostile matrix narrows its runs to them); an unknown behaviour or a body cap under 1 KiB is a
// usage error.
import { afterEach, expect, test, vi } from "vitest";
import { main } from "../../cli/main.ts";
import { HOSTILE } from "../../simulators/platform/hostile/index.ts";
import { CLAUSE_BY_ID } from "../../spec/clauses/index.ts";

afterEach(() => {
  vi.restoreAllMocks();
});

async function printed(argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  vi.spyOn(console, "log").mockImplementation((line: string) => out.push(line));
  vi.spyOn(console, "error").mockImplementation((line: string) => err.push(line));
  const code = await main(argv);
  return { code, out: out.join("\n"), err: err.join("\n") };
}

test("hostile --json lists every behaviour with its description and the clauses that meet it", async () => {
  const { code, out } = await printed(["hostile", "--json"]);
  expect(code).toBe(0);
  const rows = JSON.parse(out) as Array<{ name: string; description: string; clauses: string[] }>;
  expect(rows.map((r) => r.name).sort()).toEqual(Object.keys(HOSTILE).sort());
  for (const row of rows) {
    expect(row.description.length, row.name).toBeGreaterThan(20);
    expect(row.clauses.length, row.name).toBeGreaterThan(0);
    for (const id of row.clauses) expect(CLAUSE_BY_ID.has(id), `${row.name}: ${id}`).toBe(true);
  }
  expect((await printed(["hostile"])).out).toContain("huge-body");
});

// Loading `run` (vitest and the runner) takes seconds on a loaded machine.
test("an unknown hostile behaviour and a body cap under 1 KiB are usage errors (exit 2)", {
  timeout: 60_000,
}, async () => {
  const serve = await printed(["serve", "--hostile", "nope"]);
  expect(serve).toMatchObject({ code: 2, err: expect.stringContaining("unknown hostile behaviour nope") });
  const run = await printed(["run", "--max-body-bytes", "10"]);
  expect(run).toMatchObject({ code: 2, err: expect.stringContaining("--max-body-bytes must be an integer >= 1024") });
});
