// One region's sweep for `cleanup`: each kind of resource the suites create, listed page by page (limit and
// offset until has_more is false) and deleted when its name, label or URL carries the run prefix (a name in
// either form, spec/tool-names.ts). Kinds are deleted in an order that frees references first (numbers before
// accounts, tasks before agents, agents before tools). Every request is bounded; a list or delete that fails
// is reported, never skipped in silence.
import { request } from "undici";
import { rowsOfAnswer } from "../../spec/list-rows.ts";
import { OPERATIONS, type OperationName } from "../../spec/operations.ts";
import { fillPath, operationIn, type Profile, placeholders, shapeMaps } from "../../spec/profile.ts";
import { shapeResponse } from "../../spec/reshape.ts";
import { identifierForm } from "../../spec/tool-names.ts";
import { readCapped } from "../client/capped-body.ts";
import { decodingGlobal } from "../client/content-coding.ts";
import { LIMITS } from "../client/limits.ts";

interface Kind {
  label: string;
  /** The list and the delete, by row (at the profile's path where it moves them). */
  list: OperationName;
  remove: OperationName;
  /** The row field that fills the delete's one path parameter. */
  key: "id" | "name";
  /** Where a row carries the run prefix. */
  marks: Array<"name" | "label" | "url">;
}

const KINDS: Kind[] = [
  // Imported numbers take the carrier number's name, which the suites give the run prefix.
  { label: "phone number", list: "phone.list", remove: "phone.delete", key: "id", marks: ["label"] },
  { label: "task", list: "task.list", remove: "task.delete", key: "id", marks: ["name"] },
  // A webhook has no name: its URL ends in a path named with the prefix.
  { label: "webhook", list: "webhook.list", remove: "webhook.delete", key: "id", marks: ["url"] },
  { label: "agent", list: "agent.list", remove: "agent.delete", key: "id", marks: ["name"] },
  { label: "tool", list: "tool.list", remove: "tool.delete", key: "id", marks: ["name"] },
  { label: "secret", list: "secret.list", remove: "secret.delete", key: "name", marks: ["name"] },
  {
    label: "telephony account",
    list: "telephony.account.list",
    remove: "telephony.account.delete",
    key: "id",
    marks: ["label"],
  },
];

/** The spec has no list of knowledge bases, so leftovers of that kind cannot be found by their prefix. */
const UNLISTABLE_NOTE =
  "knowledge bases cannot be swept: the spec has no list of them (a run reports the ones it could not delete, by id, in report.json)";

const PAGE = 200;
/** A list that never says has_more=false is cut off here (and reported). */
const MAX_PAGES = 500;

export interface SweepFailure {
  verb: "list" | "delete";
  what: string;
  reason: string;
}

export interface SweepResult {
  deleted: string[];
  failures: SweepFailure[];
  notes: string[];
}

interface Options {
  baseUrl: string;
  token: string;
  profile: Profile;
  prefix: string;
  timeoutMs: number;
}

type Row = Record<string, unknown>;

async function send(options: Options, method: string, path: string): Promise<{ status: number; body: unknown }> {
  const response = await request(`${options.baseUrl.replace(/\/$/, "")}${path}`, {
    method: method as "GET",
    headers: { authorization: `Bearer ${options.token}`, accept: "application/json" },
    dispatcher: decodingGlobal(),
    headersTimeout: options.timeoutMs,
    bodyTimeout: options.timeoutMs,
    signal: AbortSignal.timeout(options.timeoutMs),
  });
  // A list page may be long, but never more than a check would read (the default body cap).
  const text = new TextDecoder().decode(await readCapped(response.body, LIMITS.bodyBytes));
  let body: unknown;
  try {
    body = text === "" ? undefined : JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: response.statusCode, body };
}

/** Why a request failed, without its URL's host or any header (the token stays out of every message). */
function why(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  return error.name === "Error" ? error.message : `${error.name}: ${error.message}`;
}

/** Every row of a list, reading pages until has_more is false; a list answered whole (list-rows.ts) is one
 * page. Each page is read through the list's shapes, so a row's id and name are found where the profile
 * says the server writes them. */
async function listAll(options: Options, list: OperationName, path: string): Promise<Row[]> {
  const rows: Row[] = [];
  const maps = shapeMaps(options.profile);
  for (let page = 0; page < MAX_PAGES; page++) {
    const separator = path.includes("?") ? "&" : "?";
    const { status, body } = await send(options, "GET", `${path}${separator}limit=${PAGE}&offset=${rows.length}`);
    if (status !== 200) throw new Error(`GET ${path} answered ${status}`);
    const page = rowsOfAnswer(shapeResponse(maps, OPERATIONS[list], body, "read"));
    if (page === undefined) throw new Error(`GET ${path} answered no items array`);
    rows.push(...page.rows);
    if (!page.more) return rows;
    if (page.rows.length === 0) throw new Error(`GET ${path} said has_more with an empty page`);
  }
  throw new Error(`GET ${path} still had more rows after ${MAX_PAGES} pages`);
}

/**
 * A name or label starts with the prefix as written or in its identifier form (`capct_1a2b3c_`: a run whose
 * profile reads tool names as identifiers, `readings.tool_names`); a URL holds it.
 */
function marked(row: Row, kind: Kind, prefix: string): boolean {
  const forms = [prefix, identifierForm(prefix)];
  return kind.marks.some((field) => {
    const value = row[field];
    if (typeof value !== "string") return false;
    return field === "url" ? value.includes(prefix) : forms.some((form) => value.startsWith(form));
  });
}

export async function sweepRegion(options: Options): Promise<SweepResult> {
  const result: SweepResult = { deleted: [], failures: [], notes: [UNLISTABLE_NOTE] };
  for (const kind of KINDS) {
    const { path } = operationIn(options.profile, kind.list);
    const remove = operationIn(options.profile, kind.remove);
    let rows: Row[];
    try {
      rows = await listAll(options, kind.list, path);
    } catch (error) {
      result.failures.push({ verb: "list", what: `${kind.label}s`, reason: why(error) });
      continue;
    }
    for (const row of rows.filter((r) => marked(r, kind, options.prefix))) {
      const id = String(row[kind.key]);
      const name = String(row.name ?? row.label ?? row.url ?? "");
      const what = `${kind.label} ${id}${name === id ? "" : ` (${name})`}`;
      const target = fillPath(remove.path, { [placeholders(remove.path)[0]!]: id });
      try {
        const { status } = await send(options, remove.method, target);
        // 404: gone already (another sweep, or the server cascaded it).
        if ((status >= 200 && status < 300) || status === 404) result.deleted.push(what);
        else result.failures.push({ verb: "delete", what, reason: `${remove.method} ${target} answered ${status}` });
      } catch (error) {
        result.failures.push({ verb: "delete", what, reason: why(error) });
      }
    }
  }
  return result;
}
