// The secret list and the provider-key list, read alike. 5 item 6: "The list endpoints for secrets and provider
// keys are readable by everyone and return only a name and a masked tail"; 4.1 shows neither list's path or
// shape, and 2.1 names neither among the paged lists ("the paged ones named here are the ones above"). So each
// is read as a page (2.1, followed page by page), a bare array, or an object holding one array (the whole list
// under a key of the server's choosing).
import { expect } from "vitest";
import { type ApiResponse, explain, type Who } from "../../runner/client/http-client.ts";
import { expectStatus } from "../../runner/framework/response.ts";
import { rowsOfAnswer } from "../../spec/list-rows.ts";
import { callOp } from "./profile.ts";

export type MaskedList = "secret.list" | "byok.list";

type Row = Record<string, unknown>;

/**
 * Every row of a secret or provider-key list as `as` reads it, and every answer read. The first read sends no
 * query (a list that is not paged need not take limit or offset); a page with more is followed at offsets.
 */
export async function maskedRows(
  list: MaskedList,
  as: Who = "admin",
): Promise<{ responses: ApiResponse[]; rows: Row[] }> {
  const responses: ApiResponse[] = [];
  const rows: Row[] = [];
  for (let reads = 0; reads < 500; reads++) {
    const query = reads === 0 ? undefined : { limit: 200, offset: rows.length };
    const response = await callOp(list, {}, { as, query });
    responses.push(response);
    expectStatus(response, 200, `the ${list} read as ${String(as)}`);
    const answer = rowsOfAnswer(response.json);
    expect(
      answer,
      `the ${list} read as ${String(as)} holds its rows (a page, an array, or an object holding one array): ${explain(response)}`,
    ).toBeDefined();
    rows.push(...answer!.rows);
    if (!answer!.more) return { responses, rows };
    if (answer!.rows.length === 0) throw new Error(`${list} said has_more with an empty page`);
  }
  throw new Error(`${list} still had more rows after 500 pages`);
}
