// The still-list rule that keeps the paging checks honest under a server that edits rows on its own.
import { describe, expect, it } from "vitest";
import { sameOrder } from "../../../suites/helpers/still-list.ts";

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
