// A messaging channel wired to an agent (2.3): an integration whose outbound messages go to a webhook-sink
// hook, a trigger binding its inbound messages to the agent, and inbound messages on a thread of it (whether a
// thread's messages continue one conversation is not shown). Integrations and inbound messages go through test
// control.
import { expect } from "vitest";
import { uniqueName } from "../../runner/client/resources.ts";
import { expectStatus } from "../../runner/framework/response.ts";
import type { AgentRecordRead } from "../../spec/agent.ts";
import { createAgent } from "./agents.ts";
import { ensureLlmKey } from "./byok.ts";
import { firstPair, type Pair } from "./catalog.ts";
import { postInbound, seedIntegration, seedTrigger } from "./integrations.ts";
import { callOp } from "./profile.ts";

/** A text agent on `llm` (the catalog's first by default), published: live traffic has a version to run. */
export async function publishedTextAgent(llm?: Pair): Promise<AgentRecordRead> {
  await ensureLlmKey();
  const agent = await createAgent({
    channel: "text",
    prompt: "Answer briefly.",
    greeting: "Hi",
    llm: llm ?? (await firstPair("llm")),
  });
  const published = await callOp("agent.publish", { agent_id: agent.id });
  expectStatus(published, "2xx", "agent publish");
  return agent;
}

export interface Channel {
  integrationId: string;
  triggerId: string;
  /** One thread of the channel (whether its messages feed one conversation is the server's). */
  thread: string;
}

/** An integration whose channel sends to `channelUrl`, with one trigger bound to `agentId`. */
export async function channelFor(agentId: string, channelUrl: string): Promise<Channel> {
  const integrationId = await seedIntegration([], { channel_url: channelUrl });
  const trigger = await seedTrigger(integrationId, { agent_id: agentId });
  return { integrationId, triggerId: trigger.id, thread: uniqueName("thread") };
}

/** An inbound message on the channel's thread: the conversation the trigger fed and the user item it became. */
export async function inbound(channel: Channel, text: string): Promise<{ conversationId: string; itemId: string }> {
  const accepted = await postInbound(channel.integrationId, { thread: channel.thread, text });
  const fed = accepted.conversations.find((row) => row.trigger_id === channel.triggerId);
  expect(fed, `the trigger fed a conversation: ${JSON.stringify(accepted)}`).toBeDefined();
  return { conversationId: fed!.conversation_id, itemId: fed!.item_id };
}
