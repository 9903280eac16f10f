// "Looks like a setup problem": said when every failing check failed on a refusal its credential's role must not
// get, or on a missing route; never when one failure is the server's own, or a check provoked the refusal.
import { describe, expect, it } from "vitest";
import { sampleReport } from "../../../fixtures/sample-report.ts";
import { setupHint } from "../../../runner/orchestration/setup-hint.ts";
import type { Exchange, Report } from "../../../spec/report.ts";

const R1 = sampleReport().target.regions[0]!.base_url.replace(/\/$/, "");

function exchange(method: string, path: string, status: number, credential?: Exchange["credential"]): Exchange {
  return {
    method,
    url: `${R1}${path}`,
    status,
    request_headers: {},
    request_body: null,
    response_headers: {},
    response_body: "{}",
    duration_ms: 1,
    ...(credential === undefined ? {} : { credential }),
  };
}

/** The sample report with its failing checks failing on these exchanges and messages, in turn. */
function failingOn(cases: Array<{ exchange: Exchange; message?: string }>): Report {
  const report = sampleReport();
  let i = 0;
  for (const clause of report.clauses) {
    for (const check of clause.checks) {
      if (check.status !== "failed" || check.failure === null) continue;
      const c = cases[Math.min(i++, cases.length - 1)]!;
      check.failure = {
        ...check.failure,
        message: c.message ?? "the read",
        exchanges: [{ ...c.exchange, subject: true }],
      };
    }
  }
  for (const row of report.optional ?? []) row.status = row.status === "failed" ? "skipped" : row.status;
  return report;
}

describe("setupHint", () => {
  it("names the refusals when every failure is a 401 to a target credential or a 403 its role must pass", () => {
    const hint = setupHint(
      failingOn([
        { exchange: exchange("GET", "/v1/agents", 401, "admin"), message: "expected status 200, got GET ..." },
        { exchange: exchange("POST", "/v1/calls/token", 403, "editor") },
      ]),
    );
    expect(hint).toMatch(/GET \/v1\/agents → 401 to the admin credential/);
    expect(hint).toContain("cap-conformance doctor");
  });

  it("takes a 404 on a path with no id as a missing route, and one with an id as the server's answer", () => {
    expect(setupHint(failingOn([{ exchange: exchange("GET", "/v1/agents", 404, "admin") }]))).toMatch(
      /the route itself/,
    );
    expect(setupHint(failingOn([{ exchange: exchange("GET", "/v1/agents/abc", 404, "admin") }]))).toBeUndefined();
  });

  it("says nothing when one failure is the server's own, or a check wanted the refusal", () => {
    expect(
      setupHint(
        failingOn([
          { exchange: exchange("GET", "/v1/agents", 401, "admin") },
          { exchange: exchange("GET", "/v1/agents", 500, "admin") },
        ]),
      ),
    ).toBeUndefined();
    // A VIEWER refused where the spec requires EDITOR is the rule working, not a setup mistake.
    expect(setupHint(failingOn([{ exchange: exchange("POST", "/v1/calls/token", 403, "viewer") }]))).toBeUndefined();
    // The outage check wanted a 503 and got a 401: the server's answer, however it looks.
    expect(
      setupHint(
        failingOn([
          { exchange: exchange("GET", "/v1/agents", 401, "admin"), message: "expected status 503, got GET ... → 401" },
        ]),
      ),
    ).toBeUndefined();
  });
});
