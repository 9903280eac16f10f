// Secrets never reach a report, log or error message: every string leaving a check goes through here. What one
// worker registers is shared with the others and with `run` through the registry file (secret-registry.ts).
import { DECOY_PREFIX } from "../../spec/report.ts";
import { settingsIfAny } from "../contract.ts";
import { appendSecret, SecretFileReader } from "./secret-registry.ts";

const secrets = new Set<string>();
let reader: { file: string; reader: SecretFileReader } | undefined;

let chosen: string | undefined;

/** Names the registry in the main process (`run`, before any worker starts) or in a unit test. */
export function useSecretRegistry(file: string | undefined): void {
  chosen = file;
}

/** The registry file of this run, if there is one: the one chosen here, else the run settings' (workers). */
function registryFile(): string | undefined {
  return chosen ?? settingsIfAny()?.secretsFile;
}

/** Takes in what other workers registered since the last look. */
function syncShared(): void {
  const file = registryFile();
  if (file === undefined) return;
  if (reader?.file !== file) reader = { file, reader: new SecretFileReader(file) };
  for (const value of reader.reader.readNew()) secrets.add(value);
}

/** Registers a value to be masked wherever it appears (tokens, cookies, webhook secrets, provider keys). */
export function registerSecret(value: string | undefined): void {
  if (value === undefined || value.length < 6) return;
  syncShared();
  if (secrets.has(value)) return;
  secrets.add(value);
  const file = registryFile();
  if (file !== undefined) appendSecret(file, value);
}

/** A value made up to be refused, random after DECOY_PREFIX (spec/report.ts): no secret, never masked. */
export function decoy(random: string): string {
  return `${DECOY_PREFIX}${random}`;
}

/** Every registered secret value and every whsec_ secret (base64, base64url or hex) masked, and nothing else. */
export function maskSecrets(text: string): string {
  syncShared();
  let out = text;
  for (const secret of secrets) {
    if (out.includes(secret)) out = out.split(secret).join(`[REDACTED…${secret.slice(-2)}]`);
  }
  return out.replace(/whsec_[A-Za-z0-9+/=_-]{8,}/g, "whsec_[REDACTED]");
}

/** maskSecrets, and bearer values we were never told about (what a server writes may carry one). */
export function redact(text: string): string {
  return maskSecrets(text).replace(/(Bearer\s+)([^\s",]+)/gi, (whole, scheme: string, value: string) =>
    looksLikeCredential(value) ? `${scheme}[REDACTED]` : whole,
  );
}

/** Every string inside a JSON value redacted (a whole report, before it is written). */
export function redactJson<T>(value: T): T {
  if (typeof value === "string") return redact(value) as T;
  if (Array.isArray(value)) return value.map(redactJson) as T;
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, redactJson(v)])) as T;
  }
  return value;
}

/**
 * The headers a check sent, with the secrets in them masked and nothing else: every secret the harness sends is
 * registered before it is sent (the target's credentials, and what secret-fields.ts learns: members' tokens and
 * cookies), so a cookie that carries no secret, or a token made up to be refused (DECOY_PREFIX), stays as sent
 * and replays; only the secret inside a header goes (`theme=dark; service_session=[REDACTED…9z]`).
 */
export function redactSentHeaders(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, redact(value)]));
}

/** The headers a server answered with: a cookie it sets is a session of its own, masked whole. */
export function redactReceivedHeaders(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [
      name,
      name.toLowerCase() === "set-cookie" ? "[REDACTED]" : redact(value),
    ]),
  );
}

/**
 * Whether the word after "Bearer" is a credential rather than prose ("the Bearer scheme with no token", the
 * spec's placeholder `Bearer <token>` in a clause's statement): a token has a digit or punctuation in it, or
 * is long. Registered secrets are masked whatever they look like.
 */
function looksLikeCredential(value: string): boolean {
  if (value.startsWith("[REDACTED") || value.startsWith(DECOY_PREFIX) || /^<[A-Za-z_]+>/.test(value)) return false;
  return /[^A-Za-z]/.test(value) || value.length >= 20;
}
