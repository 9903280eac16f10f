// `cap-conformance cleanup --target FILE --prefix P`: sweeps what crashed runs left behind. Every
// resource a run creates is named with its run prefix (`capct-<hex>-`), so the prefix finds them.
import { parseArgs } from "node:util";
import { request } from "undici";
import { DEFAULT_PROFILE, fillPath, type OperationName } from "../spec/profile.ts";
import type { Target } from "../spec/target.ts";
import { explicitTarget } from "./resolve-target.ts";
import { UsageError } from "./usage-error.ts";

/** Named resources: the list operation, the delete operation, and its path parameter. */
const SWEEPABLE: Array<{ list: OperationName; remove: OperationName; param: string; key: "id" | "name" }> = [
  { list: "agent.list", remove: "agent.delete", param: "agent_id", key: "id" },
  { list: "tool.list", remove: "tool.delete", param: "tool_id", key: "id" },
  { list: "task.list", remove: "task.delete", param: "task_id", key: "id" },
  { list: "secret.list", remove: "secret.delete", param: "name", key: "name" },
];

async function json(target: Target, method: string, path: string): Promise<{ status: number; body: unknown }> {
  const response = await request(`${target.regions[0]!.base_url.replace(/\/$/, "")}${path}`, {
    method: method as "GET",
    headers: { authorization: `Bearer ${target.credentials.admin}` },
    headersTimeout: 10_000,
    bodyTimeout: 10_000,
    signal: AbortSignal.timeout(10_000),
  });
  const text = await response.body.text();
  return { status: response.statusCode, body: text ? JSON.parse(text) : undefined };
}

export async function cleanupCommand(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      target: { type: "string" },
      prefix: { type: "string" },
      "base-url": { type: "string" },
      "token-admin": { type: "string" },
    },
    strict: true,
  });
  if (!values.prefix || values.prefix.length < 4)
    throw new UsageError("--prefix is required (at least 4 characters, e.g. capct-1a2b3c-)");
  const target = explicitTarget({ ...values, "token-editor": "-", "token-viewer": "-" });
  if (target === undefined) throw new UsageError("give --target FILE (or --base-url and --token-admin)");
  let deleted = 0;
  const failed: string[] = [];
  for (const region of target.regions) {
    const inRegion = { ...target, regions: [region] };
    for (const kind of SWEEPABLE) {
      const list = DEFAULT_PROFILE.operations[kind.list];
      const remove = DEFAULT_PROFILE.operations[kind.remove];
      if (list === undefined || remove === undefined) continue;
      const page = await json(inRegion, "GET", `${list.path}?limit=200`).catch(() => undefined);
      const items = (page?.body as { items?: Array<Record<string, unknown>> } | undefined)?.items ?? [];
      for (const item of items.filter((i) => String(i.name ?? "").startsWith(values.prefix!))) {
        const path = fillPath(remove.path, { [kind.param]: String(item[kind.key]) });
        const result = await json(inRegion, remove.method, path).catch(() => ({ status: 0, body: undefined }));
        if (result.status === 200) deleted += 1;
        else failed.push(`${region.name} ${remove.method} ${path} → ${result.status}`);
      }
    }
  }
  console.log(`Deleted ${deleted} resource(s) named ${values.prefix}*`);
  for (const line of failed) console.error(`could not delete: ${line}`);
  return failed.length > 0 ? 1 : 0;
}
