// Agents and tools a run creates: valid bodies (provider/model pairs come from the target's own
// catalog, 2.8), create/delete, and the teardown sweep that deletes whatever carries the run
// prefix, so an interrupted iteration leaves nothing behind.
import { call, expectStatus, json, stringField } from "./api.ts";
import { path } from "./operations.ts";
import { suffix } from "./run.ts";
import { target } from "./target.ts";

export interface ModelPair {
  provider: string;
  model: string;
}

/** Provider/model pairs from the target's catalog: what a valid agent body names. */
export interface Models {
  llm: ModelPair;
  stt?: ModelPair;
  tts?: ModelPair;
  realtime?: ModelPair;
}

type Entry = ModelPair & { channel?: string[] };

/** Picks, per slot, the first catalog entry for the channel (or the first at all). */
export function catalogModels(channel = "text"): Models {
  const res = call("GET", path("catalog.get"), "catalog.get");
  if (!expectStatus(res, "catalog.get", 200)) {
    throw new Error(`GET /v1/catalog answered ${res.status}: cannot build an agent the target accepts`);
  }
  const catalog = json<Record<string, unknown>>(res) ?? {};
  const first = (slot: string): ModelPair | undefined => {
    const raw = catalog[slot];
    const entries = (Array.isArray(raw) ? raw : []).filter(
      (e: Entry) => typeof e?.provider === "string" && typeof e?.model === "string",
    ) as Entry[];
    const chosen = entries.find((e) => e.channel?.includes(channel)) ?? entries[0];
    return chosen && { provider: chosen.provider, model: chosen.model };
  };
  const llm = first("llm");
  if (!llm) throw new Error("the target's catalog lists no llm: cannot build a valid agent");
  return { llm, stt: first("stt"), tts: first("tts"), realtime: first("realtime") };
}

/**
 * A whole agent (2.9): PATCH replaces, so every update sends all of it. A voice agent uses a
 * realtime model when the catalog has one, else the stt/llm/tts cascade (never both, 2.9).
 */
export function agentBody(name: string, models: Models, revision = 0, channel = "text"): Record<string, unknown> {
  const body: Record<string, unknown> = {
    name,
    channel,
    prompt: `You are load-test agent ${name} (revision ${revision}). Answer in one short sentence.`,
    greeting: "Hello from the load test.",
    language: "en",
  };
  if (channel === "voice" && models.realtime) body.realtime = models.realtime;
  else {
    body.llm = models.llm;
    if (channel === "voice") Object.assign(body, { stt: models.stt, tts: models.tts });
  }
  return body;
}

/** An inline-tool body (2.10) whose operation points at a loopback simulator, never outside. */
export function toolBody(name: string): Record<string, unknown> {
  const url = `${target.simulators.website ?? "http://127.0.0.1:9"}/load-tool`;
  return {
    name,
    description: "Looks up an order (load test).",
    json_schema: { type: "object", properties: { order_id: { type: "string" } }, required: ["order_id"] },
    operations: [{ kind: "http", config: { url, timeout: 5 }, on_error: "abort" }],
  };
}

export function createAgent(prefix: string, models: Models, channel = "text"): string | undefined {
  const name = `${prefix}agent-${suffix()}`;
  const res = call("POST", path("agent.create"), "agent.create", agentBody(name, models, 0, channel));
  expectStatus(res, "agent.create", 200, 201);
  return stringField(json(res), "id", "agent_id");
}

export function createTool(prefix: string): string | undefined {
  const res = call("POST", path("tool.create"), "tool.create", toolBody(`${prefix}tool-${suffix()}`));
  expectStatus(res, "tool.create", 200, 201);
  return stringField(json(res), "id", "tool_id");
}

export function deleteAgent(id: string): void {
  const res = call("DELETE", path("agent.delete", { agent_id: id }), "agent.delete");
  expectStatus(res, "agent.delete", 200);
}

export function deleteTool(id: string): void {
  const res = call("DELETE", path("tool.delete", { tool_id: id }), "tool.delete");
  expectStatus(res, "tool.delete", 200);
}

/** Deletes every agent and tool whose name starts with the prefix; answers how many. */
export function sweep(prefix: string): number {
  let deleted = 0;
  for (const kind of ["agent", "tool"] as const) {
    const ids: string[] = [];
    // Collect first, then delete: deleting while paging would shift the offsets.
    for (let offset = 0, pages = 0; pages < 100; pages++) {
      const res = call("GET", path(`${kind}.list`), `${kind}.list`, undefined, {
        query: { limit: 200, offset },
        extraTags: { phase: "teardown" },
      });
      const page = json<{ items?: Array<{ id?: string; name?: string }>; has_more?: boolean }>(res);
      for (const item of page?.items ?? []) {
        if (item.id && item.name?.startsWith(prefix)) ids.push(item.id);
      }
      if (!page?.has_more) break;
      offset += page.items?.length ?? 200;
    }
    for (const id of ids) {
      const res = call("DELETE", path(`${kind}.delete`, { [`${kind}_id`]: id }), `${kind}.delete`, undefined, {
        expect: [200, 404],
        extraTags: { phase: "teardown" },
      });
      if (res.status === 200) deleted++;
    }
  }
  return deleted;
}
