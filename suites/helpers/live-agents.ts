// Agents that live traffic can run. 2.9: "Writes land on a draft; live traffic runs the published version until
// a new publish"; 3.3: "Publish makes the draft the live version"; 9 says the same. No sentence lets a stored
// agent never published take a web call, so a server may refuse one: the checks that mint a token for a stored
// agent publish it first, and where this target cannot publish it they are skipped, saying why.
import { explain } from "../../runner/client/http-client.ts";
import { runConfig } from "../../runner/client/run-config.ts";
import { TargetError } from "../../runner/client/target-error.ts";
import { skipCheck } from "../../runner/framework/check.ts";
import type { AgentRecordRead } from "../../spec/agent.ts";
import { createAgent } from "./agents.ts";
import { ensureProviderKeys } from "./byok.ts";
import { firstPair } from "./catalog.ts";
import { callOp } from "./profile.ts";

/**
 * Publishes the stored agent `agentId`. On a wired target the providers' keys are stored first (1: "strictly
 * bring-your-own-key"; 4: an agent needing a deleted key "cannot be published"). A publish refused with a 400 (an
 * unwired target whose server will not publish without a provider key the harness cannot store there) skips the
 * check with that reason; any other refusal is a set-up error, never a failure of the clause under test.
 */
export async function makeLive(agentId: string): Promise<void> {
  if (runConfig().target.wired) await ensureProviderKeys();
  const published = await callOp("agent.publish", { agent_id: agentId });
  if (published.status >= 200 && published.status < 300) return;
  const why = `live traffic runs the published version (2.9, 3.3, 9), and publishing the agent the check runs was refused: ${explain(published)}`;
  if (published.status === 400) skipCheck(why);
  throw new TargetError(`could not be prepared: ${why}`);
}

/** A complete text agent on the catalog's first llm (`config` over it), published so live traffic can run it. */
export async function liveAgent(config: Record<string, unknown> = {}): Promise<AgentRecordRead> {
  const agent = await createAgent({
    channel: "text",
    prompt: "You answer briefly.",
    greeting: "Hello, how can I help?",
    llm: await firstPair("llm"),
    ...config,
  });
  await makeLive(agent.id);
  return agent;
}
