// Malformed credentials for the imitated APIs: the carrier's HTTP Basic AccountSid:AuthToken and the
// provider's Bearer key. Each must be a 401 in the API's own error body, never a 5xx.
import type { Probe } from "../../helpers/robustness/probe.ts";

const b64 = (text: string) => Buffer.from(text, "utf8").toString("base64");

function probes(path: string, values: readonly string[]): Probe[] {
  return values.map((authorization) => ({
    kind: `credential ${authorization.slice(0, 40)}`,
    method: "GET",
    path,
    headers: { authorization },
    mustRefuse: true,
  }));
}

/** Basic credentials that name no account or not its token. */
export function basicProbes(path: string, accountSid: string): Probe[] {
  return probes(path, [
    "Basic",
    "Basic !!!not-base64!!!",
    `Basic ${b64("no-colon")}`,
    `Basic ${b64(":")}`,
    `Basic ${b64(`${accountSid}:wrong`)}`,
    `Basic ${b64(`${accountSid}:`)}`,
    `Basic ${b64("\u0000:\u0000")}`,
    `Basic ${"A".repeat(8_000)}`,
    "Bearer sk-not-basic",
    "",
  ]);
}

/** Bearer keys the provider does not hold. */
export function bearerProbes(path: string): Probe[] {
  return probes(path, [
    "Bearer",
    "Bearer ",
    "Bearer a b",
    "Bearer short",
    `Bearer sk-${"x".repeat(8_000)}`,
    "Basic c2stc2ltOmtleQ==",
    "",
  ]);
}
