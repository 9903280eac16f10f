// The path parameters of the operations table (spec/operations.ts), by name, as the reference platform checks
// them: the OpenAPI document states these, and the platform's routes parse with them, so the two agree.
import { z } from "zod";
import { Uuid } from "./common.ts";

/** A provider as PUT/DELETE /v1/byok/{provider} takes it; which names exist is the catalog's (2.8). */
export const ProviderName = z.string().regex(/^[a-z0-9_-]{1,64}$/, "a provider name from the catalog");

/** A workspace secret's name (profile: secret.put, secret.delete). */
export const SecretName = z.string().regex(/^[A-Za-z0-9_.-]{1,128}$/, "letters, digits, _ . - only");

export const PATH_PARAMS = {
  agent_id: Uuid,
  tool_id: Uuid,
  task_id: Uuid,
  kb_id: Uuid,
  integration_id: Uuid,
  account_id: Uuid,
  phone_number_id: Uuid,
  session_id: Uuid,
  batch_id: Uuid,
  conversation_id: Uuid,
  webhook_id: Uuid,
  provider: ProviderName,
  name: SecretName,
} as const;
export type PathParamName = keyof typeof PATH_PARAMS;

/** The object a route parses its path parameters with. */
export function pathParams<K extends PathParamName>(...names: K[]) {
  return z.object(
    Object.fromEntries(names.map((name) => [name, PATH_PARAMS[name]])) as { [N in K]: (typeof PATH_PARAMS)[N] },
  );
}
