// Which paged lists the paging checks may check at once (suites/helpers/pages.ts, independentGroups).
import { describe, expect, it } from "vitest";
import { PAGED_ENDPOINTS } from "../../../suites/helpers/paged-endpoints.ts";
import { independentGroups, type PagedEndpoint } from "../../../suites/helpers/pages.ts";

const list = (name: string, alsoMoves?: string[]): PagedEndpoint => ({
  name,
  path: async () => `/${name}`,
  ceiling: 200,
  order: "newest-first",
  addRow: async () => undefined,
  ...(alsoMoves === undefined ? {} : { alsoMoves }),
});
const names = (groups: PagedEndpoint[][]) => groups.map((group) => group.map((l) => l.name));

describe("independentGroups", () => {
  it("joins lists that move one another, either way and through a third, in the lists' own order", () => {
    const lists = [list("a"), list("b"), list("c", ["e"]), list("d"), list("e", ["a"]), list("f", ["nowhere"])];
    expect(names(independentGroups(lists))).toEqual([["a", "c", "e"], ["b"], ["d"], ["f"]]);
  });

  it("keeps every paged list of the suites exactly once, and each list with those it moves", () => {
    const groups = independentGroups(PAGED_ENDPOINTS);
    expect(
      groups
        .flat()
        .map((l) => l.name)
        .sort(),
    ).toEqual(PAGED_ENDPOINTS.map((l) => l.name).sort());
    const groupOf = (name: string) => groups.findIndex((group) => group.some((l) => l.name === name));
    for (const endpoint of PAGED_ENDPOINTS) {
      for (const moved of endpoint.alsoMoves ?? [])
        expect(groupOf(moved), `${endpoint.name} → ${moved}`).toBe(groupOf(endpoint.name));
    }
    expect(groups.length).toBeGreaterThan(1);
  });
});
