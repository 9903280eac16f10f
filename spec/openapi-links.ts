// OpenAPI links between the operations of the table (spec/operations.ts), so a stateful tool can chain
// create → get → patch → delete with the ids the API hands out (ARCHITECTURE.md, "The OpenAPI document").
// Most are derived: an operation answering a record with an `id` links to every operation on that record's
// path. The rest, where the id has another name or place, are listed.
import type { z } from "zod";
import type { OperationName, OperationRow } from "./operations.ts";

type Row = OperationRow & { name: OperationName };

/** Runtime expressions (OpenAPI 3.x "Link Object") by target parameter, qualified as `query.x` off the path. */
export type LinkParameters = Record<string, string>;
export type OperationLinks = Map<OperationName, Map<OperationName, LinkParameters>>;

/** Links the derivation cannot see: the id is named otherwise, sits in a list, or travels in the query. */
const LISTED: Array<[OperationName, OperationName[], LinkParameters]> = [
  ["call.outbound", ["call.get"], { session_id: "$response.body#/session_id" }],
  ["call.token", ["call.get"], { session_id: "$response.body#/session_id" }],
  [
    "message.send",
    ["conversation.items", "conversation.events"],
    { conversation_id: "$response.body#/conversation_id" },
  ],
  ["phone.import", ["phone.get", "phone.update", "phone.delete"], { phone_number_id: "$response.body#/items/0/id" }],
  ["secret.put", ["secret.delete"], { name: "$request.path.name" }],
  ["byok.put", ["byok.delete"], { provider: "$request.path.provider" }],
  ["batch.create", ["call.list"], { "query.batch_id": "$response.body#/id" }],
  ["task.create", ["task.runs"], { "query.task_id": "$response.body#/id" }],
  ["telephony.account.create", ["phone.list"], { "query.account_id": "$response.body#/id" }],
];

/**
 * Operations no link leads to: a request whose path parameter came from a link and whose body names another
 * resource that does not exist is a 404 (7), which a tool following the link reads as "the resource just
 * created is gone". phone.import names an inbound agent in its body.
 */
const NOT_LINKED: ReadonlySet<OperationName> = new Set(["phone.import"]);

/** The path of the record `row` answers with, e.g. /v1/agents/{agent_id} for POST /v1/agents. */
function recordPath(row: Row, rows: readonly Row[]): string | undefined {
  const last = row.path.lastIndexOf("}");
  if (last >= 0) return row.path.slice(0, last + 1);
  if (row.method !== "POST") return undefined;
  const below = rows.map((r) => new RegExp(`^${row.path}/\\{\\w+\\}`).exec(r.path)?.[0]);
  return below.find((path) => path !== undefined);
}

function answersRecordWithId(row: Row): boolean {
  const shape = (row.response as z.ZodObject | undefined)?.shape;
  return shape !== undefined && "id" in shape && row.stream !== true;
}

export function operationLinks(rows: readonly Row[]): OperationLinks {
  const links: OperationLinks = new Map();
  const add = (from: OperationName, to: OperationName, parameters: LinkParameters) => {
    if (NOT_LINKED.has(to) || from === to) return;
    const out = links.get(from) ?? new Map<OperationName, LinkParameters>();
    out.set(to, parameters);
    links.set(from, out);
  };
  for (const row of rows) {
    if (!answersRecordWithId(row)) continue;
    const path = recordPath(row, rows);
    const param = path === undefined ? undefined : /\{(\w+)\}$/.exec(path)?.[1];
    if (path === undefined || param === undefined) continue;
    for (const target of rows) {
      if (target.path === path || target.path.startsWith(`${path}/`)) {
        add(row.name, target.name, { [param]: "$response.body#/id" });
      }
    }
  }
  for (const [from, targets, parameters] of LISTED) for (const to of targets) add(from, to, parameters);
  return links;
}
