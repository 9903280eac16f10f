// Which of the target's credentials a request carries. Reports keep the credential headers redacted; this name
// is what lets a replay of the exchange (a curl line, a HAR entry) put the role's variable back in their place.
import type { ExchangeCredential } from "../../spec/report.ts";
import { runConfig } from "./run-config.ts";

export function credentialUsed(headers: Record<string, string>): ExchangeCredential | undefined {
  const { credentials } = runConfig().target;
  const header = (name: string) => Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];
  const authorization = header("authorization");
  for (const role of ["admin", "editor", "viewer"] as const) {
    if (authorization === `Bearer ${credentials[role]}`) return role;
  }
  // Section 5, item 3: the `service_session` cookie authenticates like a token.
  const cookie = header("cookie");
  const session = credentials.session_cookie;
  if (session !== undefined && cookie === `service_session=${session}`) return "session_cookie";
  return undefined;
}
