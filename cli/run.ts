// `cap-conformance run`: plan (run-plan.ts: the flags, checked before anything starts), execute (acquire the
// target, check it answers, run the suites once per --repeat), outputs (run-outputs.ts: every report format,
// the console's verdict, the bundle). The exit code is the report's verdict (spec/verdict.ts exitCodeOf).
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { verdictLines } from "../reports/console.ts";
import { trafficLines } from "../reports/traffic.ts";
import { writeReportsSync } from "../reports/write.ts";
import { stoppedNote } from "../runner/client/liveness.ts";
import { redactJson, registerSecret, useSecretRegistry } from "../runner/client/redact.ts";
import { stalledNote } from "../runner/client/stalled-waits.ts";
import { specSha256, TOOL_VERSION } from "../runner/framework/package-info.ts";
import { buildReport } from "../runner/orchestration/build-report.ts";
import { Collector } from "../runner/orchestration/collector.ts";
import { runSuites } from "../runner/orchestration/launch.ts";
import { withSetupHint } from "../runner/orchestration/setup-hint.ts";
import { sharedWorkers } from "../runner/orchestration/shared-workers.ts";
import { preflight } from "../runner/target/preflight.ts";
import { faultLine, setupFaults } from "../runner/target/setup-check.ts";
import { probeRegions, probeTarget } from "../runner/target/target-probe.ts";
import { CLAUSES } from "../spec/clauses/index.ts";
import { loadProfile } from "../spec/profile.ts";
import type { Report, Selection } from "../spec/report.ts";
import { type Target, targetSecrets } from "../spec/target.ts";
import { verdictOf } from "../spec/verdict.ts";
import { type Acquired, acquireTarget, EMBEDDED, TARGET_FILE } from "./acquire-target.ts";
import { behindAddedLatency, type Delayed } from "./added-latency.ts";
import { applyExpectations } from "./expectations.ts";
import { handleInterrupts, stopOnInterrupt } from "./interrupt.ts";
import { LiveReport } from "./live-report.ts";
import { checkProfile } from "./profile-flag.ts";
import { targetOrigins } from "./resolve-target.ts";
import { RunLog } from "./run-log.ts";
import { type Finished, leftoverLines, writeRunOutputs } from "./run-outputs.ts";
import { planRun, type RunPlan } from "./run-plan.ts";
import { selectionOf } from "./run-selection.ts";

export async function runCommand(argv: string[]): Promise<number> {
  const plan = planRun(argv);
  const log = new RunLog(plan.quiet);
  const uninstall = handleInterrupts();
  // Until the suites start (the server starting, the setup check), an interrupt still leaves a report.
  const before: { target?: Target } = {};
  const stopEarly = stopOnInterrupt((signal) => {
    const report = runReport(plan, undefined, new Collector(() => undefined), {
      startedAt: new Date(),
      incomplete: { reason: `interrupted by ${signal} before the first check`, checks_finished: 0 },
      target: before.target,
    });
    const { files } = writeReportsSync(report, plan.reportDir);
    for (const line of verdictLines(report, files)) log.say(line);
  });
  try {
    const acquired = await acquireTarget(plan.acquire, log.log, plan.minuteMs);
    before.target = acquired.target;
    if (acquired.description === TARGET_FILE || acquired.description.startsWith("process:")) {
      // A value that replaced the file's is said even with --quiet: it aims the run somewhere else.
      for (const line of targetOrigins(plan.acquire))
        (line.includes("replacing") ? log.say : log.log)(`Target: ${line}`);
    }
    try {
      return await runOnTarget(plan, acquired, log, stopEarly);
    } finally {
      await acquired.release();
    }
  } finally {
    stopEarly();
    uninstall();
  }
}

/** What every repeat of a run shares: the target as the workers see it, and where it and the secrets are kept. */
interface Prepared {
  target: Target;
  /** The target file the workers read, in the private work directory. */
  targetFile: string;
  secretsFile: string;
  workDir: string;
  /** Suite files side by side (runner/orchestration/shared-workers.ts). */
  workers: number;
  specSha256: string;
  optional: ReturnType<typeof loadProfile>["optional"];
  embedded: boolean;
  /** Setup mistakes found before the first check (runner/target/setup-check.ts): none, or the run stops there. */
  faults: string[];
  /** What the run was asked to check and how (report.json run.selection). */
  selection: Selection;
  /** Ends the report an interrupt writes before the suites start: from then on each run writes its own. */
  stopEarly: () => void;
}

async function runOnTarget(plan: RunPlan, acquired: Acquired, log: RunLog, stopEarly: () => void): Promise<number> {
  const workDir = mkdtempSync(join(tmpdir(), "cap-run-"));
  const unregister = stopOnInterrupt(async () => rmSync(workDir, { recursive: true, force: true }));
  let delayed: Delayed | undefined;
  try {
    if (plan.addedLatencyMs > 0) {
      delayed = await behindAddedLatency(acquired.target, plan.addedLatencyMs);
      log.log(
        `Added latency: every response of the target is held ${plan.addedLatencyMs} ms (${delayed.routes.join(", ")})`,
      );
    }
    const target = delayed?.target ?? acquired.target;
    const prepared = await prepare(
      plan,
      target,
      { workDir, embedded: acquired.description === EMBEDDED, stopEarly },
      log,
    );
    const finished: Finished = {
      ...(prepared.faults.length > 0 ? stoppedBySetup(plan, prepared) : await runRepeats(plan, prepared, log)),
      target: prepared.target,
      description: acquired.description,
      secretsFile: prepared.secretsFile,
    };
    return await writeRunOutputs(plan, finished, log);
  } finally {
    unregister();
    rmSync(workDir, { recursive: true, force: true });
    await delayed?.close();
  }
}

/**
 * Checks the target answers and is set up as it says (what `doctor` asks: each credential's role, the API at
 * each base URL, the wiring), then writes it and names the secret registry where the workers find them.
 */
async function prepare(
  plan: RunPlan,
  target: Target,
  { workDir, embedded, stopEarly }: Pick<Prepared, "workDir" | "embedded" | "stopEarly">,
  log: RunLog,
): Promise<Prepared> {
  checkProfile(target.profile);
  const targetFile = join(workDir, "target.json");
  writeFileSync(targetFile, JSON.stringify(target), { mode: 0o600 });
  // The registry of secret values the checks send or learn, in the private work dir unless the environment
  // names one (CAP_SECRETS_FILE, to audit a bundle against it); the main process redacts with it too.
  const secretsFile = process.env.CAP_SECRETS_FILE || join(workDir, "secrets.jsonl");
  useSecretRegistry(secretsFile);
  writeFileSync(secretsFile, "", { mode: 0o600, flag: "a" });
  for (const secret of targetSecrets(target)) registerSecret(secret);
  const { faults, roundTripMs } = await setupCheck(target, plan.timeoutMs);
  for (const fault of faults) console.error(`error: ${fault}`);
  const workers = sharedWorkers(roundTripMs);
  if (faults.length === 0)
    log.log(`Suite files side by side: ${workers} (round trip to the target ${roundTripMs.toFixed(1)} ms)`);
  return {
    target,
    targetFile,
    secretsFile,
    workDir,
    workers,
    // The same for every repeat: read once.
    specSha256: specSha256(),
    optional: loadProfile(target.profile).optional,
    embedded,
    stopEarly,
    faults,
    selection: selectionOf(plan, target.profile),
  };
}

/** Every region answers (its round trip timed), and the probes find no setup mistake; else each one, a line. */
async function setupCheck(target: Target, timeoutMs: number): Promise<{ faults: string[]; roundTripMs: number }> {
  const reached = await preflight(target, timeoutMs);
  if (reached.unreachable !== undefined)
    return { faults: [`the target is unreachable: ${reached.unreachable}`], roundTripMs: 0 };
  const findings = await probeTarget(target, timeoutMs, await probeRegions(target, timeoutMs));
  return { faults: setupFaults(findings).map(faultLine), roundTripMs: reached.roundTripMs };
}

async function runRepeats(
  plan: RunPlan,
  prepared: Prepared,
  log: RunLog,
): Promise<Pick<Finished, "reports" | "stopped">> {
  const reports: Report[] = [];
  let stopped: string | undefined;
  for (let i = 0; i < plan.repeat; i++) {
    if (plan.repeat > 1) log.log(`Run ${i + 1} of ${plan.repeat}`);
    const once = await runOnce(plan, prepared, i, log);
    reports.push(once.report);
    stopped = once.stopped ?? stopped;
  }
  return { reports, ...(stopped === undefined ? {} : { stopped }) };
}

/** One run of the suites: its reports rewritten as checks finish (and on an interrupt), then its final report. */
async function runOnce(
  plan: RunPlan,
  prepared: Prepared,
  index: number,
  log: RunLog,
): Promise<{ report: Report; stopped?: string }> {
  const startedAt = new Date();
  const prefix = `capct-${randomBytes(3).toString("hex")}-`;
  const reportOf = (incomplete?: Report["incomplete"]) =>
    runReport(plan, prepared, collector, { startedAt, prefix, incomplete });
  // Written as checks finish and on an interrupt, so a run that dies still leaves its verdicts.
  const live = new LiveReport(plan.reportDir, (reason) =>
    reportOf({ reason, checks_finished: collector.checks.length }),
  );
  const collector = new Collector(() => live.changed());
  live.changed();
  prepared.stopEarly();
  const flushOnInterrupt = stopOnInterrupt((signal) => {
    const cut = live.flush(`interrupted by ${signal}`);
    for (const line of verdictLines(cut.report, cut.files)) log.say(line);
    return verdictOf(cut.report);
  });
  const livenessFile = join(prepared.workDir, `no-answer-${index}`);
  const stalledWaitsFile = join(prepared.workDir, `stalled-waits-${index}`);
  try {
    await runSuites({
      targetFile: prepared.targetFile,
      livenessFile,
      stalledWaitsFile,
      seed: plan.seed,
      numRuns: plan.numRuns,
      timeoutMs: plan.timeoutMs,
      maxBodyBytes: plan.maxBodyBytes,
      maxInFlight: plan.maxInFlight,
      sharedWorkers: prepared.workers,
      prefix,
      replayBase: plan.replayBase,
      secretsFile: prepared.secretsFile,
      ...(plan.suites === undefined ? {} : { suites: plan.suites }),
      ...(plan.clauses === undefined ? {} : { clauses: plan.clauses }),
      shrink: plan.shrink,
      bail: plan.bail,
      print: log.log,
      collector,
    });
  } finally {
    flushOnInterrupt();
    live.stop();
  }
  const report = reportOf(unfinished(collector));
  for (const error of collector.harnessErrors) console.error(`error: ${error}`);
  for (const line of leftoverLines(collector.leftovers, prefix, plan.acquire.target, prepared.embedded)) log.say(line);
  for (const line of trafficLines(collector.traffic, startedAt.toISOString())) log.log(line);
  const stopped = stoppedNote(livenessFile);
  const stalled = stalledNote(stalledWaitsFile);
  if (stalled !== undefined) log.say(stalled);
  return { report, ...(stopped === undefined ? {} : { stopped }) };
}

/** The report of a run its setup stopped before the first check: no clause judged, every fault named, ERROR. */
function stoppedBySetup(plan: RunPlan, prepared: Prepared): Pick<Finished, "reports"> {
  const count = prepared.faults.length;
  const report = runReport(plan, prepared, new Collector(() => undefined), {
    startedAt: new Date(),
    incomplete: {
      reason: `the setup check found ${count} mistake${count === 1 ? "" : "s"} before the first check`,
      checks_finished: 0,
    },
  });
  return { reports: [{ ...report, setup: { faults: prepared.faults } }] };
}

/** Why a finished run's report is still incomplete: checks a dead worker left without a verdict. */
function unfinished(collector: Collector): Report["incomplete"] {
  const count = collector.unfinished.length;
  if (count === 0) return undefined;
  return {
    reason: `${count} check(s) never reached a verdict: the worker running them died (see the harness errors)`,
    checks_finished: collector.checks.length,
  };
}

/**
 * The report of the checks collected so far, expectations applied and every secret masked. Before the target is
 * prepared (an interrupt while the server starts) it says what it can: the target as acquired, if it was.
 */
function runReport(
  plan: RunPlan,
  prepared: Prepared | undefined,
  collector: Collector,
  run: { startedAt: Date; prefix?: string; incomplete: Report["incomplete"]; target?: Target },
): Report {
  const target = prepared?.target ?? run.target;
  const profile = target?.profile ?? plan.acquire.profile ?? "default";
  const built = buildReport(
    CLAUSES,
    collector.checks,
    target ?? { regions: [], wired: false, profile },
    {
      toolVersion: TOOL_VERSION,
      specSha256: prepared?.specSha256 ?? specSha256(),
      seed: plan.seed,
      numRuns: plan.numRuns,
      startedAt: run.startedAt,
      finishedAt: new Date(),
      narrowed: plan.suites !== undefined || plan.clauses !== undefined,
      optional: prepared?.optional ?? loadProfile(profile).optional,
      ...(run.prefix === undefined ? {} : { prefix: run.prefix }),
      leftovers: collector.leftovers,
      traffic: collector.traffic,
      addedLatencyMs: plan.addedLatencyMs,
      incomplete: run.incomplete,
      selection: prepared?.selection ?? selectionOf(plan, profile),
    },
    collector.harnessErrors,
  );
  // Last line of defence: a secret a worker learnt after another recorded it is still masked here.
  return redactJson(withSetupHint(applyExpectations(built, plan.expectations, plan.strictExpectations)));
}
