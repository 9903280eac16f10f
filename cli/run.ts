// `cap-conformance run`: check a server (or the embedded reference platform) and write the reports.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { verdictLines } from "../reports/console.ts";
import { shellWord } from "../reports/shell-word.ts";
import { trafficLines } from "../reports/traffic.ts";
import { writeOutputFile, writeReports } from "../reports/write.ts";
import { buildReport } from "../runner/build-report.ts";
import { Collector } from "../runner/collector.ts";
import { availableSuites, runSuites } from "../runner/launch.ts";
import { stoppedNote } from "../runner/liveness.ts";
import { specSha256, TOOL_VERSION } from "../runner/package-info.ts";
import { randomSeed, SETTING_DEFAULTS } from "../runner/protocol.ts";
import { redact, redactJson, registerSecret, useSecretRegistry } from "../runner/redact.ts";
import { readSecrets } from "../runner/secret-registry.ts";
import { sharedWorkers } from "../runner/shared-workers.ts";
import { MAX_LATENCY_MS } from "../simulators/proxy/latency.ts";
import { CLAUSE_BY_ID, CLAUSES } from "../spec/clauses/index.ts";
import { OPTIONAL_BY_CHECK_ID } from "../spec/optional-behaviours.ts";
import { loadProfile } from "../spec/profile.ts";
import type { Leftover, Report } from "../spec/report.ts";
import { targetSecrets } from "../spec/target.ts";
import { exitCodeOf } from "../spec/verdict.ts";
import { type Acquired, acquireTarget, EMBEDDED } from "./acquire-target.ts";
import { behindAddedLatency, type Delayed } from "./added-latency.ts";
import { Product, writeBundle } from "./bundle.ts";
import { applyExpectations, readExpectations } from "./expectations.ts";
import { handleInterrupts, stopOnInterrupt } from "./interrupt.ts";
import { LiveReport } from "./live-report.ts";
import { preflight } from "./preflight.ts";
import { checkProfile } from "./profile-flag.ts";
import { RUN_OPTIONS } from "./run-options.ts";
import { UsageError } from "./usage-error.ts";

function intFlag(value: string | undefined, name: string, fallback: number, min: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) throw new UsageError(`--${name} must be an integer >= ${min}, got ${value}`);
  return n;
}

function listFlag(value: string | undefined): string[] | undefined {
  const items = value
    ?.split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  return items?.length ? items : undefined;
}

export async function runCommand(argv: string[]): Promise<number> {
  const { values } = parseArgs({ args: argv, options: RUN_OPTIONS, strict: true, allowPositionals: false });
  const seed = intFlag(values.seed, "seed", randomSeed(), 0);
  const numRuns = intFlag(values["num-runs"], "num-runs", SETTING_DEFAULTS.numRuns, 1);
  const timeoutMs = intFlag(values["timeout-ms"], "timeout-ms", SETTING_DEFAULTS.timeoutMs, 100);
  const maxInFlight = intFlag(values["max-in-flight"], "max-in-flight", SETTING_DEFAULTS.maxInFlight, 1);
  const maxBodyBytes = intFlag(values["max-body-bytes"], "max-body-bytes", SETTING_DEFAULTS.maxBodyBytes, 1024);
  const repeat = intFlag(values.repeat, "repeat", 1, 1);
  const minuteMs = intFlag(values["minute-ms"], "minute-ms", 50, 1);
  const addedLatencyMs = intFlag(values["add-latency-ms"], "add-latency-ms", 0, 0);
  if (addedLatencyMs > MAX_LATENCY_MS) throw new UsageError(`--add-latency-ms must be at most ${MAX_LATENCY_MS}`);
  // Checked here: a value that is not a number would make the wait for the server endless.
  intFlag(values["startup-timeout-ms"], "startup-timeout-ms", 60_000, 100);
  const reportDir = resolve(values["report-dir"] ?? "reports/out");
  const suites = listFlag(values.suite);
  const unknownSuites = (suites ?? []).filter((s) => !availableSuites().includes(s));
  if (unknownSuites.length > 0)
    throw new UsageError(`unknown suite ${unknownSuites.join(", ")}; suites: ${availableSuites().join(", ")}`);
  const clauses = listFlag(values.clause);
  const unknownClauses = (clauses ?? []).filter((id) => !CLAUSE_BY_ID.has(id) && !OPTIONAL_BY_CHECK_ID.has(id));
  if (unknownClauses.length > 0)
    throw new UsageError(`unknown clause id ${unknownClauses.join(", ")} (see cap-conformance clauses)`);
  const expectations = values.expect === undefined ? [] : readExpectations(values.expect);
  const product =
    values.bundle === undefined
      ? undefined
      : Product.safeParse({
          vendor: values.vendor,
          product: values.product,
          version: values["product-version"],
          target_description: values["target-description"] ?? "",
        });
  if (product !== undefined && !product.success)
    throw new UsageError("--bundle needs --vendor, --product and --product-version");
  const profile = values.profile === undefined ? undefined : resolve(values.profile);
  if (profile !== undefined) checkProfile(profile);

  // Every line goes through redact: a server's own output (--command) or a message may carry a secret.
  const logLines: string[] = [];
  const log = (line: string) => {
    const safe = redact(line);
    logLines.push(safe);
    if (!values.quiet) console.log(safe);
  };
  const say = (line: string) => {
    const safe = redact(line);
    logLines.push(safe);
    console.log(safe);
  };

  const uninstall = handleInterrupts();
  const acquired: Acquired = await acquireTarget({ ...values, profile }, log, minuteMs).catch((error: unknown) => {
    uninstall();
    throw error;
  });
  const workDir = mkdtempSync(join(tmpdir(), "cap-run-"));
  const unregister = stopOnInterrupt(async () => rmSync(workDir, { recursive: true, force: true }));
  let delayed: Delayed | undefined;
  try {
    if (addedLatencyMs > 0) {
      delayed = await behindAddedLatency(acquired.target, addedLatencyMs);
      log(`Added latency: every response of the target is held ${addedLatencyMs} ms (${delayed.routes.join(", ")})`);
    }
    const target = delayed?.target ?? acquired.target;
    checkProfile(target.profile);
    const reached = await preflight(target, timeoutMs);
    if (reached.unreachable !== undefined) {
      console.error(`error: the target is unreachable: ${reached.unreachable}`);
      return 2;
    }
    const workers = sharedWorkers(reached.roundTripMs);
    log(`Suite files side by side: ${workers} (round trip to the target ${reached.roundTripMs.toFixed(1)} ms)`);
    const targetFile = join(workDir, "target.json");
    writeFileSync(targetFile, JSON.stringify(target), { mode: 0o600 });
    // The registry of secret values the checks send or learn, in the private work dir unless the environment
    // names one (CAP_SECRETS_FILE, to audit a bundle against it); the main process redacts with it too.
    const secretsFile = process.env.CAP_SECRETS_FILE || join(workDir, "secrets.jsonl");
    useSecretRegistry(secretsFile);
    writeFileSync(secretsFile, "", { mode: 0o600, flag: "a" });
    for (const secret of targetSecrets(target)) registerSecret(secret);
    const replayBase = replayCommand(values);
    // The same for every repeat: read once.
    const specHash = specSha256();
    const optional = loadProfile(target.profile).optional;
    const embedded = acquired.description === EMBEDDED;
    const reports: Report[] = [];
    let report: Report | undefined;
    /** Set when the liveness breaker stopped a run (runner/liveness.ts). */
    let stopped: string | undefined;
    for (let i = 0; i < repeat; i++) {
      if (repeat > 1) log(`Run ${i + 1} of ${repeat}`);
      const startedAt = new Date();
      const prefix = `capct-${randomBytes(3).toString("hex")}-`;
      const reportOf = (incomplete?: Report["incomplete"]): Report => {
        const built = buildReport(
          CLAUSES,
          collector.checks,
          target,
          {
            toolVersion: TOOL_VERSION,
            specSha256: specHash,
            seed,
            numRuns,
            startedAt,
            finishedAt: new Date(),
            narrowed: suites !== undefined || clauses !== undefined,
            optional,
            prefix,
            leftovers: collector.leftovers,
            traffic: collector.traffic,
            addedLatencyMs,
            incomplete,
          },
          collector.harnessErrors,
        );
        // Last line of defence: a secret a worker learnt after another recorded it is still masked here.
        return redactJson(applyExpectations(built, expectations, values["strict-expectations"]));
      };
      // Written as checks finish and on an interrupt, so a run that dies still leaves its verdicts.
      const live = new LiveReport(reportDir, (reason) =>
        reportOf({ reason, checks_finished: collector.checks.length }),
      );
      const collector = new Collector(() => live.changed());
      live.changed();
      const flushOnInterrupt = stopOnInterrupt((signal) => {
        const cut = live.flush(`interrupted by ${signal}`);
        for (const line of verdictLines(cut.report, cut.files)) say(line);
        return exitCodeOf(cut.report);
      });
      const livenessFile = join(workDir, `no-answer-${i}`);
      try {
        await runSuites({
          targetFile,
          livenessFile,
          seed,
          numRuns,
          timeoutMs,
          maxBodyBytes,
          maxInFlight,
          sharedWorkers: workers,
          prefix,
          replayBase,
          secretsFile,
          suites,
          clauses,
          shrink: !values["no-shrink"],
          bail: values.bail === true,
          print: log,
          collector,
        });
      } finally {
        flushOnInterrupt();
        live.stop();
      }
      const unfinished = collector.unfinished.length;
      report = reportOf(
        unfinished === 0
          ? undefined
          : {
              reason: `${unfinished} check(s) never reached a verdict: the worker running them died (see the harness errors)`,
              checks_finished: collector.checks.length,
            },
      );
      reports.push(report);
      for (const error of collector.harnessErrors) console.error(`error: ${error}`);
      stopped = stoppedNote(livenessFile) ?? stopped;
      for (const line of leftoverLines(collector.leftovers, prefix, values.target, embedded)) say(line);
      for (const line of trafficLines(collector.traffic, startedAt.toISOString())) log(line);
    }
    const flaky = flakyClauses(reports);
    if (repeat > 1) report = { ...report!, run: { ...report!.run, repeat: { runs: repeat, flaky } } };
    const exitCode = exitCodeOf(report!);
    const { files } = await writeReports(report!, reportDir);
    if (values.har !== undefined) files.push(writeOutputFile(report!, "har", resolve(values.har)));
    for (const line of verdictLines(report!, files)) say(line);
    if (stopped !== undefined) say(stopped);
    const stale = report!.expectations?.stale ?? 0;
    if (report!.expectations !== undefined) {
      say(`Expectations: ${report!.expectations.expected_failures} expected failure(s), ${stale} stale (now passing)`);
    }
    if (flaky.length > 0) {
      say(`FLAKY: ${flaky.length} clause(s) changed verdict across ${repeat} runs: ${flaky.join(", ")}`);
      for (const line of flakyDetails(reports, flaky)) say(line);
    } else if (repeat > 1) {
      say(`Stable: every clause had the same verdict in ${repeat} runs.`);
    }
    if (product?.success) {
      const leaks = writeBundle({
        dir: resolve(values.bundle!),
        files,
        product: { ...product.data, target_description: product.data.target_description || acquired.description },
        log: `${logLines.join("\n")}\n`,
        secrets: [...targetSecrets(target), ...readSecrets(secretsFile)],
      });
      if (leaks.length > 0) {
        console.error(`error: the bundle would contain secrets, so none was written: ${leaks.join("; ")}`);
        return 2;
      }
      say(`Bundle: ${resolve(values.bundle!)}`);
    }
    return exitCode;
  } finally {
    unregister();
    rmSync(workDir, { recursive: true, force: true });
    await delayed?.close();
    await acquired.release();
    uninstall();
  }
}

/** What the run could not delete, and the command that sweeps it (also in every report). */
function leftoverLines(
  leftovers: Leftover[],
  prefix: string,
  targetFile: string | undefined,
  embedded: boolean,
): string[] {
  if (leftovers.length === 0) return [];
  const target = targetFile === undefined ? "TARGET.json" : shellWord(targetFile);
  return [
    `warning: could not delete ${leftovers.length} resource(s) named ${prefix}*:`,
    ...leftovers.map((l) => `  ${l.resource}${l.suite ? ` (${l.suite})` : ""}${l.reason ? `: ${l.reason}` : ""}`),
    embedded
      ? "  (the embedded platform stops with this run, so none of them outlives it)"
      : `  sweep them with: npx cap-conformance cleanup --target ${target} --prefix ${prefix}`,
  ];
}

/**
 * The flags that shape what a replay must see again: the target (file, URL, command or image), the profile,
 * the faults, the generation settings that decide which cases a property reaches, the body cap, and the bound
 * on requests in flight a rate-limited target needs. Never a token.
 */
function replayCommand(values: {
  target?: string;
  "base-url"?: string;
  command?: string;
  image?: string;
  profile?: string;
  fault?: string[];
  variant?: string[];
  "num-runs"?: string;
  "timeout-ms"?: string;
  "max-body-bytes"?: string;
  "minute-ms"?: string;
  "max-in-flight"?: string;
  "add-latency-ms"?: string;
}): string {
  const parts = ["npx cap-conformance run"];
  if (values.target) parts.push(`--target ${shellWord(values.target)}`);
  if (values["base-url"]) parts.push(`--base-url ${shellWord(values["base-url"])}`);
  if (values.command) parts.push(`--command ${shellWord(values.command)}`);
  if (values.image) parts.push(`--image ${shellWord(values.image)}`);
  if (values.profile) parts.push(`--profile ${shellWord(values.profile)}`);
  for (const fault of values.fault ?? []) parts.push(`--fault ${shellWord(fault)}`);
  for (const variant of values.variant ?? []) parts.push(`--variant ${shellWord(variant)}`);
  for (const flag of [
    "num-runs",
    "timeout-ms",
    "max-body-bytes",
    "minute-ms",
    "add-latency-ms",
    "max-in-flight",
  ] as const) {
    if (values[flag] !== undefined) parts.push(`--${flag} ${shellWord(values[flag])}`);
  }
  return parts.join(" ");
}

/** For each flaky clause, what each run said of it: the status and the first failing check's message. */
export function flakyDetails(reports: Report[], flaky: string[]): string[] {
  const lines: string[] = [];
  for (const id of flaky) {
    lines.push(`  ${id}:`);
    reports.forEach((report, index) => {
      const clause = report.clauses.find((c) => c.id === id);
      const failing = clause?.checks.find((c) => c.status === "failed" || c.status === "errored");
      const detail =
        failing === undefined ? "" : ` in "${failing.name}": ${failing.failure?.message ?? failing.reason ?? ""}`;
      lines.push(`    run ${index + 1}: ${clause?.status ?? "absent"}${detail.split("\n")[0]}`);
    });
  }
  return lines;
}

/** Clauses whose status differed between repeated runs. */
export function flakyClauses(reports: Report[]): string[] {
  const first = reports[0];
  if (first === undefined) return [];
  return first.clauses
    .filter((clause) => reports.some((r) => r.clauses.find((c) => c.id === clause.id)?.status !== clause.status))
    .map((clause) => clause.id);
}
