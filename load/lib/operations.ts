// Paths the scenarios call. The agent and tool create/list/get/delete and tool publish paths are
// profile assumptions (spec/profile.ts DEFAULT_OPERATIONS; test/load/operations.test.ts keeps the
// two equal); PATCH, validate, publish, calls and conversations are shown by the spec (4).
// Kept free of zod so the k6 bundle stays small.

export const PATHS = {
  "agent.create": "/v1/agents",
  "agent.list": "/v1/agents",
  "agent.get": "/v1/agents/{agent_id}",
  "agent.update": "/v1/agents/{agent_id}",
  "agent.delete": "/v1/agents/{agent_id}",
  "agent.validate": "/v1/agents/{agent_id}/validate",
  "agent.publish": "/v1/agents/{agent_id}/publish",
  "tool.create": "/v1/tools",
  "tool.list": "/v1/tools",
  "tool.get": "/v1/tools/{tool_id}",
  "tool.update": "/v1/tools/{tool_id}",
  "tool.delete": "/v1/tools/{tool_id}",
  "tool.validate": "/v1/tools/{tool_id}/validate",
  "tool.publish": "/v1/tools/{tool_id}/publish",
  "catalog.get": "/v1/catalog",
  "phone.list": "/v1/telephony/phone-numbers",
  "phone.delete": "/v1/telephony/phone-numbers/{phone_number_id}",
  "phone.import": "/v1/telephony/accounts/{account_id}/import",
  "telephony.account.list": "/v1/telephony/accounts",
  "telephony.remote-numbers": "/v1/telephony/accounts/{account_id}/remote-numbers",
  "call.outbound": "/v1/calls/outbound",
  "call.batch": "/v1/calls/batches",
  "batch.get": "/v1/calls/batches/{batch_id}",
  "call.get": "/v1/calls/{session_id}",
  "webhook.create": "/v1/webhooks",
  "webhook.delete": "/v1/webhooks/{webhook_id}",
  "message.post": "/v1/conversations/messages",
  "conversation.events": "/v1/conversations/{conversation_id}/events",
} as const;
export type PathName = keyof typeof PATHS;

/** Fills `{name}` placeholders, URL-encoding each value. */
export function path(name: PathName, params: Record<string, string> = {}): string {
  return PATHS[name].replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`path parameter ${key} missing for ${name}`);
    return encodeURIComponent(value);
  });
}
