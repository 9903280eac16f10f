// Post-call analysis (6.1 `analysis`: what a model inferred, never merged into userdata). When the
// agent enables it and the workspace stores a key for the analysis model's provider, the provider's
// chat completion writes a summary; otherwise analysis stays null.
import { request } from "undici";
import type { AgentConfig } from "../../../spec/agent.ts";
import { storedKey } from "../byok-keys.ts";
import type { PlatformContext } from "../context.ts";
import type { SessionRecord } from "./session-record.ts";

export async function analyseSession(ctx: PlatformContext, record: SessionRecord, config: AgentConfig): Promise<void> {
  if (config.analysis?.enabled !== true || record.started_at === null) return;
  const slot = config.analysis.model ?? config.llm;
  if (slot === undefined || ctx.wiring.providerUrl === undefined) return;
  const key = storedKey(ctx, record.workspaceId, slot.provider);
  if (key === undefined) return;
  const transcript = record.transcript.map((row) => `${row.role}: ${row.text}`).join("\n");
  try {
    const response = await request(`${ctx.wiring.providerUrl}/v1/chat/completions`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify({
        model: slot.model,
        // Names the session it analyses (README's wiring contract), so a check can tell its request apart.
        ...(ctx.variants.has("provider-requests-name-no-run") ? {} : { metadata: { session_id: record.session_id } }),
        messages: [
          { role: "system", content: config.analysis.outcome?.prompt ?? "Summarise this call in one sentence." },
          { role: "user", content: transcript },
        ],
      }),
      headersTimeout: ctx.upstreamTimeoutMs,
      bodyTimeout: ctx.upstreamTimeoutMs,
      signal: AbortSignal.timeout(ctx.upstreamTimeoutMs),
    });
    const body = (await response.body.json().catch(() => undefined)) as
      | { choices?: Array<{ message?: { content?: string } }> }
      | undefined;
    const summary = body?.choices?.[0]?.message?.content;
    record.analysis =
      response.statusCode === 200 && typeof summary === "string"
        ? { summary, model: { provider: slot.provider, model: slot.model }, fields: {} }
        : { error: `the model provider answered ${response.statusCode}` };
    // The planted bug copies the summary into userdata too, where the CRM export reads fields from.
    if (ctx.faults.has("analysis-merged-into-userdata") && typeof summary === "string") {
      record.userdata = { ...record.userdata, summary };
    }
  } catch {
    record.analysis = { error: "the model provider did not answer" };
  }
}
