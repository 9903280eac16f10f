// Secrets never reach a report, log or error message: every string leaving a check goes through here.
const secrets = new Set<string>();

/** Registers a value to be masked wherever it appears (tokens, cookies, webhook secrets, provider keys). */
export function registerSecret(value: string | undefined): void {
  if (value !== undefined && value.length >= 6) secrets.add(value);
}

export function redact(text: string): string {
  let out = text;
  for (const secret of secrets) {
    if (out.includes(secret)) out = out.split(secret).join(`[REDACTED…${secret.slice(-2)}]`);
  }
  // Standard Webhooks secrets and bearer values we were never told about.
  out = out.replace(/whsec_[A-Za-z0-9+/=]{8,}/g, "whsec_[REDACTED]");
  out = out.replace(/(Bearer\s+)[^\s",]+/gi, "$1[REDACTED]");
  return out;
}

const SECRET_HEADERS = new Set(["authorization", "cookie", "set-cookie", "x-twilio-signature"]);

export function redactHeaders(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    out[name] = SECRET_HEADERS.has(name.toLowerCase()) ? "[REDACTED]" : redact(value);
  }
  return out;
}
