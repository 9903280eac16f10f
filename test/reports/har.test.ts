// `run --har FILE`: the failed and errored checks' exchanges as HAR 1.2, checked by har-validator (the HAR 1.2
// JSON Schema of har-schema), one page per check, secrets as the role's variable.
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { sampleReport } from "../../fixtures/sample-report.ts";
import { renderHar } from "../../reports/har.ts";
import { hostileReport } from "./hostile.ts";

// har-validator has no type declarations; its promise API answers the HAR or rejects with the schema's errors.
const { har: validateHar } = createRequire(import.meta.url)("har-validator") as {
  har: (data: unknown) => Promise<unknown>;
};

describe("renderHar", () => {
  it("is HAR 1.2 as har-validator reads it", async () => {
    const har = renderHar(sampleReport());
    await expect(validateHar(har)).resolves.toBe(har);
    // Text from a hostile server stays valid HAR once serialised.
    const hostile = JSON.parse(JSON.stringify(renderHar(hostileReport())));
    await expect(validateHar(hostile)).resolves.toBe(hostile);
    // The validator does refuse: an entry without its start time is not HAR.
    const broken = structuredClone(har) as { log: { entries: Array<Partial<{ startedDateTime: string }>> } };
    delete broken.log.entries[0]!.startedDateTime;
    await expect(validateHar(broken)).rejects.toThrow();
  });

  it("has a page per failed or errored check, named by its clauses, with that check's exchanges", () => {
    const report = sampleReport();
    const { log } = renderHar(report);
    const failing = new Map<string, number>();
    for (const row of [...report.clauses, ...(report.optional ?? [])]) {
      for (const check of row.checks) {
        if (check.status === "failed" || check.status === "errored")
          failing.set(check.name, check.failure?.exchanges.length ?? 0);
      }
    }
    expect(log.pages?.length).toBe(failing.size);
    expect(log.entries.length).toBe([...failing.values()].reduce((a, b) => a + b, 0));
    // The sample's limit=0 check verifies two clauses: one page naming both.
    const shared = log.pages?.filter((p) => p.title.includes("limit=0 answers 422"));
    expect(shared?.map((p) => p.title)).toEqual([
      "paging: limit=0 answers 422 with one error line per problem [errors.errors-always-array, paging.limit-range]",
    ]);
    for (const entry of log.entries) expect(log.pages?.map((p) => p.id)).toContain(entry.pageref);
  });

  it("puts the role's variable where the credential was, and keeps the recorded request and response", () => {
    const { log } = renderHar(sampleReport());
    const post = log.entries.find((e) => e.request.method === "POST" && e.request.url.endsWith("/v1/agents"))!;
    expect(post.request.headers).toContainEqual({
      name: "authorization",
      value: "Bearer $CAP_TOKEN_ADMIN",
      comment: "redacted: the target's credential, read from $CAP_TOKEN_ADMIN",
    });
    expect(post.request.postData?.text).toContain('"name":"cc-a1"');
    expect(post.startedDateTime).toBe("2025-01-10T09:00:01.000Z");
    const list = log.entries.find((e) => e.request.url.includes("limit=2"))!;
    expect(list.request.queryString).toEqual([
      { name: "limit", value: "2" },
      { name: "offset", value: "0" },
    ]);
    expect(list.response.content.text).toContain('"has_more":false');
    const unanswered = log.entries.find((e) => e.response.status === 0);
    expect(unanswered?.comment).toBe("no response");
  });
});
