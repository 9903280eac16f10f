// Following a list's pages (suites/helpers/concatenation.ts): every page of a short list, the two ends of a
// long one, and a gap or an endless list found either way.
import { describe, expect, it } from "vitest";
import { concatenates, END_ROWS, offsetsOf, type Page } from "../../../suites/helpers/concatenation.ts";

const rowsOf = (count: number) => Array.from({ length: count }, (_, i) => `r${i}`);

/** A server's pages over `rows`, counting what it was asked; `drop` rows are missing from every page. */
function server(rows: string[], drop: string[] = []) {
  const served = rows.filter((row) => !drop.includes(row));
  const asked: number[] = [];
  const page = async (limit: number, offset: number): Promise<Page> => {
    asked.push(offset);
    const window = served.slice(offset, offset + limit + 1);
    return { items: window.slice(0, limit).map((id) => ({ id })), has_more: window.length > limit };
  };
  return { asked, page };
}

describe("concatenates", () => {
  it("reads every page of a list of up to twice END_ROWS rows", async () => {
    const whole = rowsOf(2 * END_ROWS);
    const { asked, page } = server(whole);
    await concatenates(whole, 7, (offset) => page(7, offset));
    expect(asked).toEqual(offsetsOf(7, whole.length));
    expect(asked.length).toBe(Math.floor(whole.length / 7) + 1);
  });

  it("reads a long list's first and last END_ROWS rows only, and passes a list that concatenates", async () => {
    const whole = rowsOf(5_000);
    const { asked, page } = server(whole);
    await concatenates(whole, 1, (offset) => page(1, offset));
    expect(asked.length).toBe(2 * END_ROWS);
    expect(asked.slice(0, 2)).toEqual([0, 1]);
    expect(asked.slice(END_ROWS - 1, END_ROWS + 1)).toEqual([END_ROWS - 1, 5_000 - END_ROWS]);
    expect(asked.at(-1)).toBe(4_999);
  });

  it.each([
    ["the first page boundary", "r3"],
    ["the last rows", "r4990"],
  ])("fails a long list with a row missing at %s", async (_, missing) => {
    const whole = rowsOf(5_000);
    const { page } = server(whole, [missing]);
    await expect(concatenates(whole, 3, (offset) => page(3, offset))).rejects.toThrow(/pages of 3/);
  });

  it("fails a list whose pages end early and one whose has_more never ends", async () => {
    const whole = rowsOf(50);
    await expect(
      concatenates(whole, 4, async (offset) => ({ items: whole.slice(offset, offset + 4), has_more: offset < 20 })),
    ).rejects.toThrow(/pages of 4/);
    await expect(
      concatenates(whole, 4, async (offset) => ({ items: whole.slice(offset, offset + 4), has_more: true })),
    ).rejects.toThrow(/pages never end/);
  });
});
