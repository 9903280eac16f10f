// Running a tool an agent references (2.10) when live traffic reaches it: the version the reference names
// (an inline tool, or a tool_id with its published tool_version, 9), never the tool's draft. Operations run
// in order; an http operation is a JSON POST of config.body (a GET without one) with its headers and query.
// `on_error: abort` stops the remaining operations; background operations are not waited for.
import type { AgentConfig, InlineTool } from "../../../spec/agent.ts";
import type { PlatformContext } from "../context.ts";
import { sendOutbound } from "../outbound/send.ts";
import { liveTool } from "./live.ts";

type Reference = NonNullable<AgentConfig["tools"]>[number];
type Operation = NonNullable<InlineTool["operations"]>[number];

/** The longest an operation may take, whatever its config.timeout asks for. */
const MAX_OPERATION_MS = 30_000;

function toolOf(ctx: PlatformContext, workspaceId: string, ref: Reference): InlineTool | undefined {
  if (ref.tool !== undefined) return ref.tool;
  if (ref.tool_id === undefined || ref.tool_version === undefined) return undefined;
  return liveTool(ctx, workspaceId, ref.tool_id, ref.tool_version);
}

function withQuery(url: string, query: Record<string, unknown> | undefined): string {
  if (query === undefined) return url;
  try {
    const parsed = new URL(url);
    for (const [key, value] of Object.entries(query)) parsed.searchParams.set(key, String(value));
    return parsed.toString();
  } catch {
    return url;
  }
}

async function runOperation(ctx: PlatformContext, operation: Operation, signal: AbortSignal): Promise<boolean> {
  const config = operation.config ?? {};
  if (operation.kind !== "http" || config.url === undefined) return false;
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(config.headers ?? {})) headers[name.toLowerCase()] = String(value);
  const hasBody = config.body !== undefined;
  if (hasBody) headers["content-type"] ??= "application/json";
  const timeoutMs = Math.min(
    MAX_OPERATION_MS,
    config.timeout === undefined ? ctx.upstreamTimeoutMs : config.timeout * 1000,
  );
  const result = await sendOutbound(ctx, {
    method: hasBody ? "POST" : "GET",
    url: withQuery(config.url, config.query),
    headers,
    body: hasBody ? JSON.stringify(config.body) : undefined,
    timeoutMs,
    signal,
  });
  return result.ok;
}

/** Runs the tool a reference names; answers whether every awaited operation succeeded. */
export async function runToolReference(
  ctx: PlatformContext,
  workspaceId: string,
  ref: Reference | undefined,
  signal: AbortSignal,
): Promise<boolean> {
  if (ref === undefined) return true;
  const tool = toolOf(ctx, workspaceId, ref);
  if (tool === undefined) return false;
  for (const operation of tool.operations ?? []) {
    if (operation.background_execution === true) {
      void runOperation(ctx, operation, signal);
      continue;
    }
    const ok = await runOperation(ctx, operation, signal);
    if (!ok && operation.on_error === "abort") return false;
  }
  return true;
}
