// A run whose every failure looks like a setup mistake rather than the server's: each failing check's exchange is
// a 401 to one of the target's own credentials (5 item 8: the credential is missing, malformed, revoked or no
// member), a 403 to a credential whose role the operation's row says must get through (5 item 6), or a 404 on a
// path with no id in it (the route itself is missing: the base URL, 1). Every format says so first
// (report.json `setup.hint`), naming an example, since the setup check before the run cannot catch everything
// (a token revoked mid-run, a proxy that routes some paths elsewhere). Schemathesis's `missing_auth` warns on
// 401/403 per operation; this holds each failure to the role its credential has.
import { type OperationRow, operationRows } from "../../spec/operations.ts";
import type { CheckResult, Exchange, ExchangeCredential, Report } from "../../spec/report.ts";

const ROLE_OF: Record<ExchangeCredential, "ADMIN" | "EDITOR" | "VIEWER" | undefined> = {
  admin: "ADMIN",
  editor: "EDITOR",
  viewer: "VIEWER",
  // The session cookie's member may have any role.
  session_cookie: undefined,
};

/** Whether a credential of this role must get through an operation of that row's role. */
function mustReach(row: OperationRow, role: "ADMIN" | "EDITOR" | "VIEWER" | undefined): boolean {
  if (row.role === "none" || row.role === "any") return true;
  if (role === undefined) return false;
  // ADMIN is the highest role (5 item 5): where the spec shows no role, it is the one credential that must reach.
  if (row.role === "not shown" || row.role === "ADMIN") return role === "ADMIN";
  return role === "ADMIN" || role === "EDITOR";
}

/** The row an exchange's method and path are, under one of the target's base URLs. */
function rowOf(exchange: Exchange, bases: string[]): OperationRow | undefined {
  const base = bases.find((b) => exchange.url.startsWith(b));
  if (base === undefined) return undefined;
  const path = new URL(exchange.url).pathname.slice(new URL(base).pathname.replace(/\/$/, "").length);
  return operationRows().find(
    (row) => row.method === exchange.method && new RegExp(`^${row.path.replace(/\{[^}]+\}/g, "[^/]+")}$`).test(path),
  );
}

/** Why this exchange looks like a setup mistake, or undefined when it does not. */
function setupLike(exchange: Exchange, bases: string[]): string | undefined {
  const line = `${exchange.method} ${new URL(exchange.url).pathname} → ${exchange.status}`;
  const credential = exchange.credential;
  if (exchange.status === 401 && credential !== undefined) return `${line} to the ${credential} credential`;
  const row = rowOf(exchange, bases);
  if (exchange.status === 403 && credential !== undefined && row !== undefined && mustReach(row, ROLE_OF[credential]))
    return `${line} to the ${credential} credential, whose role must get through (${row.role})`;
  if (exchange.status === 404 && (row === undefined || !row.path.includes("{"))) return `${line}: the route itself`;
  return undefined;
}

/** The exchange a failed check is about (marked by the recorder), else its last one. */
function exchangeOf(check: CheckResult): Exchange | undefined {
  const exchanges = check.failure?.exchanges ?? [];
  return exchanges.find((x) => x.subject) ?? exchanges.at(-1);
}

/**
 * Whether the failed assertion wanted a success: a check that provoked the refusal on purpose (expecting a 503 for
 * an outage, a 404 for a control-host path) fails on the server's answer, not on the setup.
 */
function wantedSuccess(message: string): boolean {
  const wanted = /expected status ((?:\d{3}|2xx)(?: or \d{3})*)/.exec(message)?.[1];
  return wanted === undefined || wanted === "2xx" || /\b2\d\d\b/.test(wanted);
}

/** The hint, when every failing check of the report looks like a setup mistake; undefined otherwise. */
export function setupHint(report: Report): string | undefined {
  const failing = [...report.clauses, ...(report.optional ?? [])]
    .filter((c) => c.status === "failed" && !("expected" in c && c.expected !== undefined))
    .flatMap((c) => c.checks.filter((k) => k.status === "failed"));
  if (failing.length === 0) return undefined;
  const bases = report.target.regions.map((r) => r.base_url.replace(/\/$/, ""));
  const reasons: string[] = [];
  for (const check of failing) {
    const exchange = exchangeOf(check);
    const why =
      exchange === undefined || !wantedSuccess(check.failure?.message ?? "") ? undefined : setupLike(exchange, bases);
    if (why === undefined) return undefined;
    reasons.push(why);
  }
  const distinct = [...new Set(reasons)];
  return `every one of the ${failing.length} failing checks failed on a refusal or a missing route that a credential of its role must not get (${distinct.slice(0, 3).join("; ")}${distinct.length > 3 ? "; ..." : ""}). Check the credentials and the base URL with cap-conformance doctor before reading these as the server's failures.`;
}

/** The report with its hint, when it has one. */
export function withSetupHint(report: Report): Report {
  const hint = setupHint(report);
  return hint === undefined ? report : { ...report, setup: { ...report.setup, hint } };
}
