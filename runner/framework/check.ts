// check(): a vitest test that names the clause ids it verifies, skips with a reason when the target
// lacks what it needs, and records the exchange, seed and replay command when it fails.
import { type TestContext, TestRunner, test } from "vitest";
import { clipText } from "../../spec/report.ts";
import { ClockTooSlow } from "../client/clock-too-slow.ts";
import { LIMITS } from "../client/limits.ts";
import { keptExchanges, recording } from "../client/recorder.ts";
import { redact } from "../client/redact.ts";
import { runConfig } from "../client/run-config.ts";
import { isTargetError, TargetError } from "../client/target-error.ts";
import type { CheckMeta } from "../contract.ts";
import { checkDeadlineMs, checkTitle, type Lane, workerLane } from "../contract.ts";
import { ClauseFailure } from "./clause-failure.ts";
import { assertDeclaredVisibly, exclusiveReason } from "./exclusive.ts";
import { sideBySide } from "./side-by-side.ts";
import { NO_TEST_CONTROL, NOT_WIRED } from "./skip-reasons.ts";
import { suiteOfFile } from "./suite-files.ts";

/** What a check may need beyond the public API and the three role tokens. */
export type Need = "wiring" | "test-control" | "two-regions" | "session-cookie";

export interface CheckOptions {
  needs?: Need[];
  /** Overrides the per-check time limit (default: checkDeadlineMs of the request timeout). */
  timeoutMs?: number;
  /** Why this check must run with no other check beside it (runner/framework/exclusive.ts); absent, it may share. */
  exclusive?: string;
}

/** Our own deadline ends a check this much before vitest's, so an overrun is reported by us, as an error. */
const DEADLINE_MARGIN_MS = 1_000;

/** Ends `work` with a TargetError at the deadline: a check that never finishes is errored, not failed. */
async function withinDeadline(work: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new TargetError(`the check did not finish within ${ms} ms: a wait on the target never ended`)),
      ms,
    );
  });
  try {
    await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/** Why a target cannot serve a check with these needs, or undefined when it can. */
export function unmet(needs: Need[]): string | undefined {
  const { target } = runConfig();
  for (const need of needs) {
    if (need === "wiring" && !target.wired) return NOT_WIRED;
    if (need === "test-control" && target.test_control === undefined) return NO_TEST_CONTROL;
    if (need === "two-regions" && target.regions.length < 2) return "the target names only one region";
    if (need === "session-cookie" && target.credentials.session_cookie === undefined) {
      return "the target gives no session cookie";
    }
  }
  return undefined;
}

/**
 * Thrown from anywhere inside a check (a helper, a property's predicate) when the target cannot serve it after
 * all, found only by asking (a region with no credits and nothing to fund it): the check is skipped with that
 * reason, never failed or errored.
 */
export class CheckSkipped extends Error {}

export function skipCheck(reason: string): never {
  throw new CheckSkipped(reason);
}

/** A check that found it cannot be judged here (CheckSkipped), or whose wait outlasts it at the target's clock. */
export function isSkip(error: unknown): error is Error {
  return error instanceof CheckSkipped || error instanceof ClockTooSlow;
}

/** Thrown by properties to carry fast-check's seed and path to the report. */
export class PropertyFailure extends Error {
  constructor(
    message: string,
    readonly seed: number,
    readonly path: string | null,
    override readonly cause?: unknown,
  ) {
    super(message);
  }
}

/** The value an assertion found wrong (vitest's AssertionError carries it), through a ClauseFailure's wrapping. */
function actualOf(cause: unknown): unknown {
  const inner = cause instanceof ClauseFailure ? cause.cause : cause;
  return (inner as { actual?: unknown } | undefined)?.actual;
}

export function reproduceLine(clauses: string[], seed?: number): string {
  const config = runConfig();
  return `${config.replayBase} --clause ${clauses.join(",")} --seed ${seed ?? config.seed}`;
}

/**
 * An error of the harness's own code, never a verdict on the server: a TypeError or ReferenceError is code reading
 * what is not there (a check that read an answer it had not checked first, or a bug of ours). A check asserts
 * with expect, expectBody and the schemas, whose errors are failures; this one is errored, so no server is
 * failed by a harness that crashed.
 */
function isHarnessFault(error: unknown): boolean {
  return error instanceof TypeError || error instanceof ReferenceError;
}

function harnessFaultMessage(error: Error): string {
  return `the harness could not judge this check: ${error.name}: ${error.message} (a check read an answer it had not checked, or a bug of the harness: please report it)`;
}

export function check(
  name: string,
  clauses: string[],
  body: (ctx: TestContext) => Promise<void>,
  options: CheckOptions = {},
) {
  const lane: Lane = exclusiveReason(options.exclusive) === undefined ? "shared" : "exclusive";
  assertDeclaredVisibly(TestRunner.getCurrentSuite().file.filepath, lane, clauses);
  // A worker of one lane registers only that lane's checks (a file with checks of both runs in both).
  if (lane !== (workerLane() ?? lane)) return;
  const timeout = options.timeoutMs ?? checkDeadlineMs(runConfig().timeoutMs);
  const concurrent = lane === "shared" && sideBySide();
  test(checkTitle(name, clauses), { timeout, concurrent }, async (ctx) => {
    const meta: CheckMeta = { clauses, suite: suiteOfFile(ctx.task.file.filepath) };
    ctx.task.meta.check = meta;
    const reason = unmet(options.needs ?? []);
    if (reason !== undefined) ctx.skip(reason);
    const ownMs = timeout - DEADLINE_MARGIN_MS;
    const { record, done } = recording(clauses, () => withinDeadline(body(ctx), ownMs), Date.now() + ownMs);
    try {
      await done;
    } catch (error) {
      const failure = error instanceof PropertyFailure ? error : undefined;
      const cause = failure?.cause ?? error;
      if (isSkip(cause)) ctx.skip(cause.message);
      meta.errored = isTargetError(cause) || isHarnessFault(cause);
      const said = isHarnessFault(cause) ? harnessFaultMessage(cause as Error) : undefined;
      const message = clipText(
        redact(said ?? (error instanceof Error ? error.message : String(error))),
        LIMITS.messageChars,
      );
      meta.failure = {
        message,
        seed: failure?.seed ?? null,
        path: failure?.path ?? null,
        // The exchange the message names is kept whatever the cap, marked; the first and last ones around it.
        exchanges: keptExchanges(record, message, actualOf(cause)),
        exchanges_made: record.made,
        reproduce: reproduceLine(clauses, failure?.seed === undefined ? undefined : runConfig().seed),
        ...(cause instanceof ClauseFailure && clauses.length > 1 ? { clauses: [cause.clause] } : {}),
      };
      throw error;
    } finally {
      meta.universal = record.universal;
      meta.requests = record.requests;
      if (record.ambiguities.length > 0) meta.ambiguities = record.ambiguities;
    }
  });
}
