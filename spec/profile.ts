// The profile: every assumption the harness makes where the spec says "not shown", written once,
// each with the section it fills. `--profile FILE` overrides any of it (a JSON file of the same shape).
import { z } from "zod";

export const Operation = z.object({
  method: z.enum(["GET", "POST", "PUT", "PATCH", "DELETE"]),
  /** Path template under the base URL, `{name}` for path parameters. */
  path: z.string().startsWith("/"),
  /** The spec section this assumption fills. */
  section: z.string(),
});
export type Operation = z.infer<typeof Operation>;

const op = (method: Operation["method"], path: string, section: string): Operation => ({ method, path, section });

/** Operations the spec names without a path, or does not name but needs for a test (create before read). */
export const DEFAULT_OPERATIONS = {
  "agent.create": op("POST", "/v1/agents", "4"),
  "agent.list": op("GET", "/v1/agents", "2.1"),
  "agent.get": op("GET", "/v1/agents/{agent_id}", "4"),
  "agent.delete": op("DELETE", "/v1/agents/{agent_id}", "2.7"),
  // Given by the spec (section 4); listed so every suite calls operations one way.
  "agent.patch": op("PATCH", "/v1/agents/{agent_id}", "4"),
  "agent.validate": op("POST", "/v1/agents/{agent_id}/validate", "4"),
  "agent.publish": op("POST", "/v1/agents/{agent_id}/publish", "4"),
  "tool.patch": op("PATCH", "/v1/tools/{tool_id}", "4"),
  "tool.validate": op("POST", "/v1/tools/{tool_id}/validate", "4"),
  "tool.create": op("POST", "/v1/tools", "4"),
  "tool.list": op("GET", "/v1/tools", "2.1"),
  "tool.get": op("GET", "/v1/tools/{tool_id}", "4"),
  "tool.delete": op("DELETE", "/v1/tools/{tool_id}", "2.7"),
  "tool.publish": op("POST", "/v1/tools/{tool_id}/publish", "3.3"),
  "task.create": op("POST", "/v1/tasks", "4"),
  "task.list": op("GET", "/v1/tasks", "4"),
  "task.get": op("GET", "/v1/tasks/{task_id}", "4"),
  "task.delete": op("DELETE", "/v1/tasks/{task_id}", "4"),
  "task.update": op("PATCH", "/v1/tasks/{task_id}", "4"),
  // 4: a deleted task's run history survives; where it is read is not shown.
  "task.runs": op("GET", "/v1/task-runs", "4"),
  "conversation.list": op("GET", "/v1/conversations", "2.1"),
  "kb.get": op("GET", "/v1/knowledge/{kb_id}", "4.1"),
  "kb.build": op("POST", "/v1/knowledge/{kb_id}/build", "4.1"),
  // Not named by the spec at all: used only to clean up after a run (a server without it leaves leftovers).
  "kb.delete": op("DELETE", "/v1/knowledge/{kb_id}", "4.1"),
  "phone.import": op("POST", "/v1/telephony/accounts/{account_id}/import", "4.1"),
  "phone.get": op("GET", "/v1/telephony/phone-numbers/{phone_number_id}", "4.1"),
  "phone.update": op("PATCH", "/v1/telephony/phone-numbers/{phone_number_id}", "4.1"),
  "phone.delete": op("DELETE", "/v1/telephony/phone-numbers/{phone_number_id}", "4.1"),
  "telephony.account.list": op("GET", "/v1/telephony/accounts", "4.1"),
  "telephony.account.create": op("POST", "/v1/telephony/accounts", "4.1"),
  "telephony.account.delete": op("DELETE", "/v1/telephony/accounts/{account_id}", "4.1"),
  "batch.get": op("GET", "/v1/calls/batches/{batch_id}", "2.13"),
  "batch.cancel": op("POST", "/v1/calls/batches/{batch_id}/cancel", "3.3"),
  "webhook.create": op("POST", "/v1/webhooks", "4.1"),
  "webhook.get": op("GET", "/v1/webhooks/{webhook_id}", "4.1"),
  "webhook.update": op("PATCH", "/v1/webhooks/{webhook_id}", "4.1"),
  "webhook.delete": op("DELETE", "/v1/webhooks/{webhook_id}", "4.1"),
  "webhook.rotate-secret": op("POST", "/v1/webhooks/{webhook_id}/rotate-secret", "4.1"),
  "webhook.test": op("POST", "/v1/webhooks/{webhook_id}/test", "4.1"),
  "secret.list": op("GET", "/v1/secrets", "4.1"),
  "secret.put": op("PUT", "/v1/secrets/{name}", "4.1"),
  "secret.delete": op("DELETE", "/v1/secrets/{name}", "4.1"),
  "byok.list": op("GET", "/v1/byok", "4.1"),
} as const satisfies Record<string, Operation>;
export type OperationName = keyof typeof DEFAULT_OPERATIONS;

export const Profile = z.object({
  name: z.string(),
  operations: z.record(z.string(), Operation),
  /** 6.1: names of the three signature headers and the recipe are not shown; Standard Webhooks is assumed. */
  webhook_signature: z.object({
    scheme: z.literal("standard-webhooks"),
    id_header: z.string(),
    timestamp_header: z.string(),
    signature_header: z.string(),
  }),
  /** 4.1: body of the provider-key write. */
  byok_body_field: z.string(),
  /** 4: name of the optional carrier-account filter of GET /v1/telephony/phone-numbers. */
  phone_numbers_account_filter: z.string(),
});
export type Profile = z.infer<typeof Profile>;

export const DEFAULT_PROFILE: Profile = {
  name: "default",
  operations: DEFAULT_OPERATIONS,
  webhook_signature: {
    scheme: "standard-webhooks",
    id_header: "webhook-id",
    timestamp_header: "webhook-timestamp",
    signature_header: "webhook-signature",
  },
  byok_body_field: "api_key",
  phone_numbers_account_filter: "account_id",
};

/** Fills `{name}` placeholders of an operation path, URL-encoding each value. */
export function fillPath(template: string, params: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`path parameter ${name} missing for ${template}`);
    return encodeURIComponent(value);
  });
}
