// Secrets the harness sends or receives in a JSON body are registered before the exchange is recorded, so no
// helper has to remember to: a webhook secret in a create answer, a carrier auth token in an account create,
// a member's token and session cookie from the control plane. The byok key field and secret values are named
// by the profile, so profile.ts registers those (this module must not read the profile: http.ts uses it).
import { registerSecret } from "./redact.ts";

/** Field names whose string value is a secret wherever they appear in a body. */
const SECRET_FIELDS = new Set([
  "secret",
  "api_key",
  "auth_token",
  "token",
  "session_cookie",
  "password",
  "client_secret",
  "access_token",
  "refresh_token",
]);
const MAX_DEPTH = 8;

export function learnSecrets(body: unknown, depth = 0): void {
  if (depth > MAX_DEPTH || body === null || typeof body !== "object") return;
  if (Array.isArray(body)) {
    for (const item of body) learnSecrets(item, depth + 1);
    return;
  }
  for (const [key, value] of Object.entries(body)) {
    if (typeof value === "string") {
      if (SECRET_FIELDS.has(key)) registerSecret(value);
    } else learnSecrets(value, depth + 1);
  }
}
