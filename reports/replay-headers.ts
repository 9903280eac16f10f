// The request headers a replay of a recorded exchange sends (reports/curl.ts, reports/har.ts). Secrets are
// redacted in every report; a replay names a variable in their place: the role's for a target credential
// (`$CAP_TOKEN_ADMIN`, the variable `run` reads it from), an explicit one for any other redacted value.
import type { Exchange, ExchangeCredential } from "../spec/report.ts";

/** The variable each target credential is read from (README, "run flags"; the session cookie has no flag). */
export const CREDENTIAL_VARIABLE: Record<ExchangeCredential, string> = {
  admin: "CAP_TOKEN_ADMIN",
  editor: "CAP_TOKEN_EDITOR",
  viewer: "CAP_TOKEN_VIEWER",
  session_cookie: "CAP_SESSION_COOKIE",
};

/**
 * What runner/client/redact.ts writes in place of a secret: `[REDACTED…ab]` for a registered value (its last two
 * characters), `[REDACTED]` for one it only recognised. Reports written before it masked secrets alone hold a whole
 * credential header as `[REDACTED]`.
 */
const MASK = /\[REDACTED(?:…[\s\S]{2})?\]/g;
const WHOLE = "[REDACTED]";

export interface ReplayHeader {
  name: string;
  /** The value as the report shows it, with `$VARIABLE` standing for each secret in it. */
  value: string;
  /** The variable standing for the secret, when the value held one. */
  secret?: {
    variable: string;
    /** Not one of the target's credentials: the report cannot say what was sent. */
    unknown: boolean;
  };
}

function credentialPrefix(credential: ExchangeCredential): string {
  // Section 5: a token is sent as a bearer credential; item 3, the session is the `service_session` cookie.
  return credential === "session_cookie" ? "service_session=" : "Bearer ";
}

const CREDENTIAL_HEADER: Record<ExchangeCredential, string> = {
  admin: "authorization",
  editor: "authorization",
  viewer: "authorization",
  session_cookie: "cookie",
};

export function replayHeaders(exchange: Exchange): ReplayHeader[] {
  return Object.entries(exchange.request_headers).map(([name, value]) => {
    if (!new RegExp(MASK.source).test(value)) return { name, value };
    const credential = exchange.credential;
    const known = credential !== undefined && CREDENTIAL_HEADER[credential] === name.toLowerCase();
    const secret = known
      ? { variable: CREDENTIAL_VARIABLE[credential], unknown: false }
      : { variable: `CAP_REDACTED_${name.toUpperCase().replace(/[^A-Z0-9]/g, "_")}`, unknown: true };
    // An old report masked a credential header whole, its scheme or cookie name with it.
    const shown = value === WHOLE && known ? `${credentialPrefix(credential)}${WHOLE}` : value;
    return { name, value: shown.replace(MASK, `$${secret.variable}`), secret };
  });
}
