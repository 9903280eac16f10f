// Section 2.1 and 8: the page envelope, has_more from the limit+1 row, limits, offsets, ordering.
import fc from "fast-check";
import { beforeAll, expect } from "vitest";
import { type ApiResponse, call, explain } from "../runner/client/http-client.ts";
import { isTargetError, TargetError } from "../runner/client/target-error.ts";
import { CheckSkipped, check, skipCheck } from "../runner/framework/check.ts";
import { checkGroup, runningGroups } from "../runner/framework/check-group.ts";
import { exclusive } from "../runner/framework/exclusive.ts";
import { namesField } from "../runner/framework/problem-lines.ts";
import { property } from "../runner/framework/property.ts";
import { expectStatus } from "../runner/framework/response.ts";
import { AnyPage, COUNT_KEY } from "../spec/common.ts";
import { createAgent, minimalAgent } from "./helpers/agents.ts";
import { concatenates, offsetsOf, type Page } from "./helpers/concatenation.ts";
import { PAGED_ENDPOINTS } from "./helpers/paged-endpoints.ts";
import { independentGroups, type PagedEndpoint, readAll, rowKey, setUpLists, setUpOf } from "./helpers/pages.ts";
import { callOp, profile } from "./helpers/profile.ts";
import { onStillList, onStillListAcrossRuns, type PagesAhead, pagesWhileStill } from "./helpers/still-list.ts";

exclusive(
  "reads whole workspace lists and holds them to their exact rows and order, while other checks add rows to them",
);

const ROWS = 7;

/** Rows the rows-added check adds, one between each of its first pages (each shifts the rows after it). */
const ADDED_BETWEEN_PAGES = 3;

/** Reads the list and adds rows until it holds ROWS; a list that cannot be prepared errors the checks over it. */
async function prepareList(endpoint: PagedEndpoint): Promise<string> {
  try {
    await setUpOf(endpoint);
    const path = await endpoint.path();
    if (endpoint.mayBeWhole !== undefined) await skipUnlessPaged(endpoint, path, endpoint.mayBeWhole);
    const existing = await readAll(path, endpoint.ceiling);
    const missing = Array.from({ length: Math.max(0, ROWS - existing.length) }, () => endpoint.addRow);
    if (endpoint.rowsOneAtATime) for (const addRow of missing) await addRow();
    else await Promise.all(missing.map((addRow) => addRow()));
    return path;
  } catch (error) {
    if (isTargetError(error) || error instanceof CheckSkipped) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new TargetError(`the ${endpoint.name} list could not be prepared, so it could not be judged: ${reason}`);
  }
}

/** A list 2.1 does not name as paged, answered whole (an array, or an object without `items`), has no pages to judge. */
async function skipUnlessPaged(endpoint: PagedEndpoint, path: string, why: string): Promise<void> {
  const answer = await call(path);
  if (answer.status !== 200) return;
  const page = answer.json as { items?: unknown } | undefined;
  if (Array.isArray(answer.json) || !Array.isArray(page?.items)) {
    skipCheck(`the ${endpoint.name} list is answered whole, not as a page: ${why}`);
  }
}

// Lists that add no rows to one another are checked at once, each list's checks one after another.
const GROUPS = new Map(independentGroups(PAGED_ENDPOINTS).map((lists) => [lists.map((l) => l.name).join(", "), lists]));
for (const [name, lists] of GROUPS) {
  checkGroup(name, () => {
    for (const endpoint of lists) listChecks(endpoint);
  });
}

// What a list's set-up makes adds rows to other lists: made for every list this run checks, before any is.
// biome-ignore lint/correctness/noEmptyPattern: vitest reads the parameter list
beforeAll(async ({}, file) => {
  const running = runningGroups(file);
  await setUpLists([...GROUPS].filter(([name]) => running.has(name)).flatMap(([, lists]) => lists));
});

function listChecks(endpoint: PagedEndpoint): void {
  // The list is prepared by the first of its checks that runs, not in a file-wide hook: a list the target
  // cannot prepare (an endpoint missing or shaped otherwise) errors its own checks, never the other lists'.
  let prepared: Promise<string> | undefined;
  const listPath = () => {
    prepared ??= prepareList(endpoint);
    return prepared;
  };

  // The runs' pages are asked for side by side while the list holds still (pagesWhileStill); a run whose
  // page was not (a shrink, or a list that moved) reads its own, judged on a list that held still meanwhile.
  const onEnvelopeList = onStillListAcrossRuns();
  let envelopeAhead: PagesAhead | undefined;
  property(
    `${endpoint.name}: any limit and offset give the envelope, the rows and has_more of the limit+1 read`,
    ["paging.envelope-fields", "paging.no-total-no-cursor", "paging.has-more-extra-row", "paging.limit-offset-echoed"],
    [fc.integer({ min: 1, max: ROWS + 2 }), fc.integer({ min: 0, max: ROWS + 2 })],
    async (limit, offset) => {
      const path = await listPath();
      const answered = envelopeAhead?.page(limit, offset);
      if (envelopeAhead !== undefined && answered !== undefined) {
        return judgeEnvelope(envelopeAhead.whole, answered, limit, offset);
      }
      return onEnvelopeList(path, endpoint.ceiling, async (whole) =>
        judgeEnvelope(whole, await call(path, { query: { limit, offset } }), limit, offset),
      );
    },
    {
      needs: endpoint.needs,
      numRuns: 30,
      ahead: async (runs) => {
        const path = await listPath();
        envelopeAhead = await pagesWhileStill(path, endpoint.ceiling, () =>
          runs.map(([limit, offset]) => ({ limit, offset })),
        );
      },
    },
  );

  // 8: "1..200; default 200 on most endpoints", naming the lists it applies to; the two lists whose ceiling is
  // 500 have no default shown, so there only a page size in effect within the ceiling is asked.
  check(
    endpoint.ceiling === 200
      ? `${endpoint.name}: without limit the page size is 200`
      : `${endpoint.name}: without limit the page size in effect is within the ceiling of ${endpoint.ceiling}`,
    ["paging.default-limit"],
    async () => {
      const response = await call(await listPath());
      expectStatus(response, 200);
      const page = response.json as { limit?: unknown; items?: unknown[] };
      if (endpoint.ceiling === 200) {
        expect(page.limit, explain(response)).toBe(200);
        return;
      }
      expect(Number.isInteger(page.limit), explain(response)).toBe(true);
      expect(page.limit as number, explain(response)).toBeGreaterThanOrEqual(1);
      expect(page.limit as number, explain(response)).toBeLessThanOrEqual(endpoint.ceiling);
      expect(page.items?.length ?? 0, `rows of ${explain(response)}`).toBeLessThanOrEqual(page.limit as number);
    },
    { needs: endpoint.needs },
  );

  for (const [query, clauses, field] of [
    [{ limit: 0 }, ["paging.limit-range"], "limit"],
    [{ limit: endpoint.ceiling + 1 }, ["paging.limit-above-ceiling-422", "paging.limit-range"], "limit"],
    [{ limit: 1000 }, ["paging.limit-above-ceiling-422"], "limit"],
    [{ offset: -1 }, ["paging.offset-non-negative"], "offset"],
    [{ limit: "2.5" }, ["paging.limit-integer"], "limit"],
    [{ limit: "ten" }, ["paging.limit-integer"], "limit"],
  ] as const) {
    check(
      `${endpoint.name}: ${new URLSearchParams(query as Record<string, string>).toString()} is a 422 naming ${field}, never a clamp`,
      [...clauses],
      async () => {
        const response = await call(await listPath(), { query });
        expectStatus(response, 422);
        expect(namesField(response, field), `a line "${field}: …" in ${explain(response)}`).toBe(true);
      },
      { needs: endpoint.needs },
    );
  }

  const onPagedList = onStillListAcrossRuns();
  let pagesAhead: PagesAhead | undefined;
  property(
    `${endpoint.name}: consecutive pages concatenate to the whole list, no gaps, no duplicates`,
    ["paging.pages-concatenate"],
    [fc.integer({ min: 1, max: ROWS + 1 })],
    async (limit) => {
      const path = await listPath();
      const read = async (offset: number) => (await call(path, { query: { limit, offset } })).json as Page;
      const ahead = pagesAhead;
      if (ahead?.page(limit, 0) !== undefined) {
        return concatenates(ahead.whole, limit, async (offset) => {
          const answered = ahead.page(limit, offset);
          return answered === undefined ? read(offset) : (answered.json as Page);
        });
      }
      return onPagedList(path, endpoint.ceiling, async (whole) => {
        // The list holds still, so the pages it should take are asked for side by side (the run's bound on
        // requests in flight applies).
        const asked = offsetsOf(limit, whole.length).map(async (offset) => [offset, await read(offset)] as const);
        const pages = new Map(await Promise.all(asked));
        return concatenates(whole, limit, async (offset) => pages.get(offset) ?? read(offset));
      });
    },
    {
      needs: endpoint.needs,
      numRuns: 8,
      ahead: async (runs) => {
        const path = await listPath();
        pagesAhead = await pagesWhileStill(path, endpoint.ceiling, (whole) =>
          runs.flatMap(([limit]) => offsetsOf(limit, whole.length).map((offset) => ({ limit, offset }))),
        );
      },
    },
  );

  check(
    `${endpoint.name}: rows added between pages leave no gap (offset paging may repeat a shifted row)`,
    ["paging.pages-concatenate"],
    async () => {
      const path = await listPath();
      return onStillList(
        path,
        endpoint.ceiling,
        async (whole) => {
          const seen: string[] = [];
          let added = 0;
          for (let offset = 0; ; ) {
            // Rows are added between the first pages only, then the rest is read at the ceiling: a row added
            // per page would make the walk (and the rows this check leaves, in lists nothing deletes, like
            // conversations) grow with the list, half of it again on every run against a long-lived target.
            const adding = added < ADDED_BETWEEN_PAGES;
            const limit = adding ? 3 : endpoint.ceiling;
            const page = (await call(path, { query: { limit, offset } })).json as Page;
            seen.push(...page.items.map(rowKey));
            if (!page.has_more) break;
            offset += limit;
            if (adding) {
              await endpoint.addRow();
              added += 1;
            }
            expect(offset, "pages never end").toBeLessThan(whole.length + 3 * added + limit);
          }
          const missing = whole.filter((key) => !seen.includes(key));
          expect(missing, "rows present before paging began and never returned").toEqual([]);
          const duplicates = seen.length - new Set(seen).size;
          expect(duplicates, `repeats beyond the ${added} rows inserted ahead of the cursor`).toBeLessThanOrEqual(
            added,
          );
        },
        true,
      );
    },
    { needs: endpoint.needs },
  );
}

check(
  "agents list newest first by last edit: a PATCH moves an agent to the front",
  ["paging.newest-first"],
  async () => {
    const older = await createAgent();
    const newer = await createAgent();
    const order = async () => (await readAll(profile().operations["agent.list"]!.path, 200)).map(rowKey);
    const before = await order();
    expect(before.indexOf(newer.id), `${newer.name} was created after ${older.name}`).toBeLessThan(
      before.indexOf(older.id),
    );
    const patched = await callOp(
      "agent.patch",
      { agent_id: older.id },
      { body: { ...minimalAgent(older.name), prompt: "edited" } },
    );
    expectStatus(patched, "2xx");
    const after = await order();
    expect(after.indexOf(older.id), `${older.name} was edited last`).toBeLessThan(after.indexOf(newer.id));
  },
);

check(
  "the catalog and the unpaged lists carry no count field (total_count is the galleries' alone)",
  ["paging.total-count-only-count"],
  async () => {
    // 2.1: "a nullable total_count (the only count in the API)".
    for (const operation of ["catalog.get", "email-sender.list", "observability.list"] as const) {
      const response = await callOp(operation);
      expectStatus(response, 200);
      const body = response.json;
      const keys = typeof body === "object" && body !== null && !Array.isArray(body) ? Object.keys(body) : [];
      expect(
        keys.filter((key) => COUNT_KEY.test(key)),
        `count fields of ${explain(response)}`,
      ).toEqual([]);
    }
  },
);

/**
 * Judges one page of a still list of `whole` rows (2.1): the four fields present, no key naming a count or a
 * cursor (other keys are not excluded: variant `page-envelope-open`), the rows and has_more.
 */
function judgeEnvelope(whole: string[], response: ApiResponse, limit: number, offset: number): void {
  expectStatus(response, 200);
  const parsed = AnyPage.safeParse(response.json);
  expect(parsed.error?.issues ?? [], `the envelope of ${explain(response)}`).toEqual([]);
  const page = parsed.data!;
  expect(page.limit, "limit in effect").toBe(limit);
  expect(page.offset, "offset in effect").toBe(offset);
  const items = page.items;
  expect(items.map(rowKey), `rows ${offset}..${offset + limit} of ${whole.length}`).toEqual(
    whole.slice(offset, offset + limit),
  );
  expect(page.has_more, `has_more with ${whole.length} rows, limit ${limit}, offset ${offset}`).toBe(
    offset + limit < whole.length,
  );
}
