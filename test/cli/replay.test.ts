// A failed run's exchanges replay outside the harness: `serve --fault` in its own process, `run --target ... --har`,
// then the curl line summary.md gives for the failing request, run by a shell with the credentials in the
// environment, gets the answer the check recorded; the HAR file is HAR 1.2 as har-validator reads it; and no
// token of the target is in any of them.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Har } from "har-format";
import { afterAll, expect, test } from "vitest";
import { Report } from "../../spec/report.ts";
import { Target } from "../../spec/target.ts";
import { runCli, serve } from "../helpers/cli.ts";
import { scanMarkdown } from "../reports/markdown-scan.ts";

const { har: validateHar } = createRequire(import.meta.url)("har-validator") as {
  har: (data: unknown) => Promise<unknown>;
};

const dir = mkdtempSync(join(tmpdir(), "cap-replay-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test("a planted fault's failing request replays with its curl line, and --har writes valid HAR", {
  timeout: 240_000,
}, async () => {
  const served = await serve(["--fault", "limit-clamped"], dir, 60_000);
  try {
    const reportDir = join(dir, "report");
    const harFile = join(dir, "failed.har");
    const run = await runCli(
      ["run", "--target", served.targetFile, "--suite", "paging", "--seed", "7", "--quiet"].concat([
        "--report-dir",
        reportDir,
        "--har",
        harFile,
      ]),
      { timeoutMs: 200_000 },
    );
    expect(run.code, run.stdout + run.stderr).toBe(1);
    // The console's Reports line names every file written, the HAR with them.
    expect(run.stdout).toMatch(new RegExp(`^Reports: .*summary\\.md, ${harFile.replace(/[.]/g, "\\.")}$`, "m"));
    const target = Target.parse(JSON.parse(readFileSync(served.targetFile, "utf8")));
    const report = Report.parse(JSON.parse(readFileSync(join(reportDir, "report.json"), "utf8")));
    const failed = report.clauses.find((c) => c.status === "failed" && c.id === "paging.limit-range")!;
    // The exchange the failed assertion is about: kept, marked, and the one its message names.
    const failure = failed.checks.find((c) => c.failure !== null)!.failure!;
    const recorded = failure.exchanges.find((x) => x.subject)!;
    expect(failure.message).toContain(`${recorded.method} ${recorded.url} → ${recorded.status}`);
    expect(recorded.credential).toBe("admin");

    // summary.md's curl line for that request, run by a shell with the token in the environment.
    const summary = readFileSync(join(reportDir, "summary.md"), "utf8");
    const curls = scanMarkdown(summary).fences.filter((f) => f.includes("curl -i"));
    expect(curls.length).toBeGreaterThan(0);
    const line = curls[0]!.split("\n\n").find((block) => block.includes("(the exchange this failure is about)"))!;
    expect(line).toContain(`. ${recorded.method} ${recorded.url} (the exchange this failure is about)`);
    const answer = execFileSync("sh", ["-c", line], {
      env: { PATH: process.env.PATH, CAP_TOKEN_ADMIN: target.credentials.admin },
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(answer.split("\r\n")[0]).toMatch(new RegExp(`^HTTP/1\\.1 ${recorded.status} `));

    // The HAR: valid, one page per failed check, the failing request among its entries.
    const har = JSON.parse(readFileSync(harFile, "utf8")) as Har;
    await expect(validateHar(har)).resolves.toBe(har);
    expect(har.log.pages?.some((p) => p.title.includes("paging.limit-range"))).toBe(true);
    const entry = har.log.entries.find((e) => e.request.url === recorded.url)!;
    expect(entry.request.headers).toContainEqual(expect.objectContaining({ value: "Bearer $CAP_TOKEN_ADMIN" }));
    expect(entry.response.status).toBe(recorded.status);

    // No secret of the target anywhere a person reads.
    const secrets = [...Object.values(target.credentials), target.carrier_account?.authToken ?? ""].filter(Boolean);
    for (const file of [harFile, join(reportDir, "summary.md"), join(reportDir, "report.html")]) {
      const text = readFileSync(file, "utf8");
      for (const secret of secrets) expect(text.includes(secret), `a secret in ${file}`).toBe(false);
    }
  } finally {
    await served.stop();
  }
});
