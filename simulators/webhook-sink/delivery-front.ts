// The sink's fast path (shared/fast-path.ts): a delivery to /hooks/{name} with a body of known length,
// the request a platform under load sends most. A name with escapes, or one the route's schema refuses,
// goes to the route, which answers it with the same code (delivery.ts) or the error envelope.
import type { IncomingMessage } from "node:http";
import type { FastPath } from "../shared/fast-path.ts";
import { answerDelivery } from "./delivery.ts";
import { HookName } from "./schemas.ts";

/** The path's one segment, unescaped (no `%`), any query. */
const HOOK_URL = /^\/hooks\/([^/?#%]+)(?:\?[^#]*)?$/;

/** The hook a plain URL names, when the route's own schema (HookName) takes it as is. */
function hookName(request: IncomingMessage): string | undefined {
  const name = HOOK_URL.exec(request.url ?? "")?.[1];
  return name !== undefined && HookName.safeParse(name).success ? name : undefined;
}

export const deliveryFastPath: FastPath = {
  matches: (request) => hookName(request) !== undefined,
  // matches() already held the name to the schema.
  answer: (request, response, body, primary, shutdown) =>
    answerDelivery(request, response, HOOK_URL.exec(request.url ?? "")![1]!, body, primary, shutdown),
};
