// Every operation of section 4 (with the profile's paths for what 4.1 leaves open), with sample
// path parameters: the auth checks send each one without, or with a bad, credential.
import { randomUUID } from "node:crypto";
import { fillPath, type OperationName } from "../../spec/profile.ts";
import { profile } from "./profile.ts";

export interface Endpoint {
  method: string;
  path: string;
}

const id = () => randomUUID();

/** The spec's own paths (section 4 table and 6.2), filled with fresh ids. */
function specEndpoints(): Endpoint[] {
  return [
    ["POST", "/v1/knowledge"],
    ["GET", `/v1/knowledge/${id()}/pages`],
    ["GET", `/v1/knowledge/${id()}/events`],
    ["GET", `/v1/integrations/${id()}/triggers`],
    ["GET", `/v1/integrations/${id()}/mcp-tools`],
    ["GET", `/v1/telephony/accounts/${id()}/remote-numbers`],
    ["GET", "/v1/telephony/phone-numbers"],
    ["DELETE", "/v1/byok/simai"],
    ["PUT", "/v1/byok/simai"],
    ["DELETE", `/v1/tasks/${id()}`],
    ["GET", "/v1/catalog"],
    ["GET", "/v1/catalog/voices"],
    ["GET", "/v1/catalog/avatars"],
    ["POST", "/v1/calls/batches"],
    ["POST", "/v1/calls/token"],
    ["POST", "/v1/calls/outbound"],
    ["GET", "/v1/calls"],
    ["GET", `/v1/calls/${id()}`],
    ["POST", "/v1/conversations/messages"],
    ["GET", `/v1/conversations/${id()}/items`],
    ["GET", `/v1/conversations/${id()}/events`],
    ["PATCH", `/v1/agents/${id()}`],
    ["PATCH", `/v1/tools/${id()}`],
    ["POST", `/v1/agents/${id()}/validate`],
    ["POST", `/v1/tools/${id()}/validate`],
    ["POST", `/v1/agents/${id()}/publish`],
    ["GET", "/v1/webhooks"],
    ["GET", "/v1/webhooks/event-types"],
    ["GET", `/v1/webhooks/${id()}/deliveries`],
    ["GET", "/v1/email/senders"],
    ["GET", "/v1/observability"],
  ].map(([method, path]) => ({ method: method!, path: path! }));
}

export function allEndpoints(): Endpoint[] {
  const params = new Proxy({} as Record<string, string>, { get: () => id() });
  const fromProfile = Object.entries(profile().operations).map(([, op]) => ({
    method: op.method,
    path: fillPath(op.path, params),
  }));
  const seen = new Set<string>();
  return [...specEndpoints(), ...fromProfile].filter((e) => {
    const key = `${e.method} ${e.path.replace(/[0-9a-f-]{36}/g, "{id}")}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export type { OperationName };
