// The sink's fast path (shared/fast-path.ts): a delivery to /hooks/{name} with a body of known length,
// the request a platform under load sends most. A name with escapes, or one fastify's route would
// refuse, goes to the route, which answers it with the same code (delivery.ts) or the error envelope.
import type { IncomingMessage } from "node:http";
import type { FastPath } from "../shared/fast-path.ts";
import { answerDelivery } from "./delivery.ts";

/** A plain hook name (schemas.ts HookName, no escapes), any query. */
const HOOK_URL = /^\/hooks\/([A-Za-z0-9._~-]{1,100})(?:\?[^#]*)?$/;

function hookName(request: IncomingMessage): string | undefined {
  const name = HOOK_URL.exec(request.url ?? "")?.[1];
  return name === "." || name === ".." ? undefined : name;
}

export const deliveryFastPath: FastPath = {
  matches: (request) => hookName(request) !== undefined,
  answer: (request, response, body, primary, shutdown) =>
    answerDelivery(request, response, hookName(request)!, body, primary, shutdown),
};
