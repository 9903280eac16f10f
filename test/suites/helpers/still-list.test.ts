// The still-list rule that keeps the paging checks honest under a server that edits rows on its own.
import { mkdtempSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SETTING_DEFAULTS, writeSettings } from "../../../runner/contract.ts";
import { onStillListAcrossRuns, pagesWhileStill, sameOrder } from "../../../suites/helpers/still-list.ts";

describe("sameOrder", () => {
  it("holds when only rows the judge added appear", () => {
    expect(sameOrder(["a", "b", "c"], ["x", "a", "b", "y", "c"])).toBe(true);
  });
  it("breaks when a row the server edited moved", () => {
    expect(sameOrder(["a", "b", "c"], ["c", "a", "b"])).toBe(false);
  });
  it("breaks when a row vanished", () => {
    expect(sameOrder(["a", "b", "c"], ["a", "c"])).toBe(false);
  });
});

describe("the still list's reads", () => {
  // A list server whose rows the test edits between judges; it counts the whole reads (limit 200).
  let rows = ["a", "b", "c"];
  let wholeReads = 0;
  /** Called on each request, after it was counted: lets a test move the list under a read. */
  let onRequest = () => {};
  let server: Server;

  beforeAll(async () => {
    server = createServer((req, res) => {
      const url = new URL(req.url ?? "/", "http://x");
      const limit = Number(url.searchParams.get("limit") ?? 200);
      const offset = Number(url.searchParams.get("offset") ?? 0);
      if (limit === 200) wholeReads += 1;
      const items = rows.slice(offset, offset + limit).map((id) => ({ id }));
      onRequest();
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ items, has_more: offset + limit < rows.length, limit, offset }));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    const file = join(mkdtempSync(join(tmpdir(), "still-list-")), "target.json");
    const credentials = { admin: "admin-token", editor: "editor-token", viewer: "viewer-token" };
    writeFileSync(
      file,
      JSON.stringify({ regions: [{ name: "r1", base_url: `http://127.0.0.1:${port}` }], credentials }),
    );
    writeSettings({ targetFile: file, seed: 1, ...SETTING_DEFAULTS, prefix: "capct-test-", shrink: false });
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("reads the whole list once per judge after the first, and judges again a list that moved in between", async () => {
    const onList = onStillListAcrossRuns();
    const seen: string[][] = [];
    const judge = async (whole: string[]) => {
      seen.push(whole);
    };
    await onList("/v1/list", 200, judge);
    await onList("/v1/list", 200, judge);
    expect(wholeReads).toBe(3);
    // The server edits a row between two judges: the next judge sees the old list, its read after does not
    // match, so it is judged again on the list as it is now.
    rows = ["c", "a", "b"];
    await onList("/v1/list", 200, judge);
    expect(seen).toEqual([
      ["a", "b", "c"],
      ["a", "b", "c"],
      ["a", "b", "c"],
      ["c", "a", "b"],
    ]);
    expect(wholeReads).toBe(5);
  });

  it("pagesWhileStill answers the pages asked, between two whole reads, on a list that held still", async () => {
    rows = ["a", "b", "c", "d", "e"];
    const reads = wholeReads;
    const ahead = await pagesWhileStill("/v1/list", 200, (whole) => [
      { limit: 2, offset: 0 },
      { limit: 2, offset: whole.length - 1 },
      { limit: 2, offset: 0 },
    ]);
    expect(wholeReads - reads).toBe(2);
    expect(ahead?.whole).toEqual(rows);
    expect(ahead?.page(2, 0)?.json).toMatchObject({ items: [{ id: "a" }, { id: "b" }], has_more: true });
    expect(ahead?.page(2, 4)?.json).toMatchObject({ items: [{ id: "e" }], has_more: false });
    expect(ahead?.page(3, 0), "a page not asked").toBeUndefined();
  });

  it("pagesWhileStill gives nothing when the list moved while its pages were asked", async () => {
    rows = ["a", "b", "c"];
    onRequest = () => {
      rows = ["b", "a", "c"];
    };
    try {
      expect(await pagesWhileStill("/v1/list", 200, () => [{ limit: 1, offset: 0 }])).toBeUndefined();
    } finally {
      onRequest = () => {};
    }
  });
});
