// report.json, schema_version 1 (ARCHITECTURE.md, "report.json"). Other tools read it: these fields are stable.
import { z } from "zod";
import { ClauseKind } from "./clause.ts";
import { Declaration } from "./optional-behaviours.ts";

export const Status = z.enum(["passed", "failed", "errored", "skipped", "not-shown"]);
export type Status = z.infer<typeof Status>;

/** Which of the target's credentials (spec/target.ts) a recorded request carried. */
export const ExchangeCredential = z.enum(["admin", "editor", "viewer", "session_cookie"]);
export type ExchangeCredential = z.infer<typeof ExchangeCredential>;

export const Exchange = z.object({
  method: z.string(),
  url: z.string(),
  status: z.int().nullable(),
  request_headers: z.record(z.string(), z.string()),
  request_body: z.string().nullable(),
  response_headers: z.record(z.string(), z.string()),
  response_body: z.string().nullable(),
  duration_ms: z.number(),
  /** Optional: when the request was sent (ISO 8601). */
  started_at: z.string().optional(),
  /** Optional: the target credential the request carried. Its header is redacted like every secret; a replay (a
   * curl line, a HAR entry) puts the role's variable in its place, e.g. `$CAP_TOKEN_ADMIN`. */
  credential: ExchangeCredential.optional(),
  /** Optional: its place among the exchanges the check made (1 is the first), so gaps between kept ones show. */
  seq: z.int().positive().optional(),
  /** Optional: true on the exchange the failed assertion is about (the one its message names). */
  subject: z.literal(true).optional(),
});
export type Exchange = z.infer<typeof Exchange>;

/**
 * How a value the harness made up to be refused begins (a token never issued): no secret, so a report keeps it as
 * sent (runner/client/redact.ts never masks it) and a bundle's secret scan lets it by (reports/bundle.ts).
 */
export const DECOY_PREFIX = "capct-decoy-";

/** Bodies kept in a report: enough to read, never the megabytes a size check sends. */
const KEPT_BODY_CHARS = 16_384;
const CLIPPED_MARK = /… \[\d+ characters in all\]$/;

/** Text kept whole up to `max` characters, else cut with a mark saying how long it was. */
export function clipText(text: string, max: number): string {
  if (text.length <= max) return text;
  return `${text.slice(0, max)}… [${text.length} characters in all]`;
}

/** A recorded body, clipped to KEPT_BODY_CHARS with a mark saying how long it was. */
export function clipBody(text: string): string {
  return clipText(text, KEPT_BODY_CHARS);
}

/** Whether a recorded body was clipped (a replay of it would send only its start). */
export function isClippedBody(text: string): boolean {
  return text.length > KEPT_BODY_CHARS && CLIPPED_MARK.test(text);
}

export const Failure = z.object({
  message: z.string(),
  seed: z.int().nullable().optional(),
  path: z.string().nullable().optional(),
  /** The exchanges kept: the one the assertion is about (`subject`), the first and the last ones around it. */
  exchanges: z.array(Exchange),
  /** Optional: how many exchanges the check made in all (the kept ones are a bounded part of them). */
  exchanges_made: z.int().nonnegative().optional(),
  reproduce: z.string().nullable(),
  /**
   * Optional: the clauses whose statement broke, when the check names others too; for those others the
   * check is reported errored, "could not be prepared", under each of them.
   */
  clauses: z.array(z.string()).optional(),
});
export type Failure = z.infer<typeof Failure>;

export const CheckResult = z.object({
  name: z.string(),
  /** The suite file (area) the check lives in. */
  suite: z.string().optional(),
  status: z.enum(["passed", "failed", "errored", "skipped"]),
  duration_ms: z.number(),
  /** Optional: the requests the check sent to the target's regions (API calls and stream opens), to find the
   * heavy ones; absent when the check never started (skipped before its body, or its file failed to load). */
  requests: z.int().nonnegative().optional(),
  reason: z.string().nullable().optional(),
  failure: Failure.nullable(),
  /** Optional: clauses this check judged under one reading of two contradicting sentences of the spec. */
  ambiguities: z.array(z.object({ clause: z.string(), note: z.string() })).optional(),
});
export type CheckResult = z.infer<typeof CheckResult>;

/** A known failure declared with `--expect FILE`: it does not fail the run while it still fails. */
export const Expectation = z.object({
  clause: z.string(),
  reason: z.string().min(1),
  issue: z.url().optional(),
});
export type Expectation = z.infer<typeof Expectation>;
export const ExpectationsFile = z.array(Expectation);

export const ClauseResult = z.object({
  id: z.string(),
  section: z.string(),
  statement: z.string(),
  kind: ClauseKind,
  /** Set when the clause was tested through a profile assumption. */
  assumption: z.string().nullable().optional(),
  status: Status,
  /**
   * Optional: set when the clause passed under one reading of two sentences of the spec that contradict each
   * other (which ones, and what the server did). Its status stays `passed`: a reader that knows nothing of
   * this field reads the same verdict.
   */
  ambiguity: z.string().optional(),
  reason: z.string().nullable(),
  checks: z.array(CheckResult),
  /** Present when `--expect` declared this clause a known failure; `stale` when it now passes. */
  expected: Expectation.extend({ stale: z.boolean() }).optional(),
});
export type ClauseResult = z.infer<typeof ClauseResult>;

/** An optional behaviour (spec/optional-behaviours.ts) as the profile declared it, and how the target did. */
export const OptionalResult = z.object({
  id: z.string(),
  section: z.string(),
  declaration: Declaration,
  /** What the declaration held the server to. */
  statement: z.string(),
  status: CheckResult.shape.status,
  reason: z.string().nullable(),
  checks: z.array(CheckResult),
});
export type OptionalResult = z.infer<typeof OptionalResult>;

/** Something a run created and could not delete (its name carries the run prefix `cleanup` sweeps by). */
export const Leftover = z.object({
  /** "agent <id>", "knowledge base <id>", ... */
  resource: z.string(),
  /** The suite (area) whose file created it. */
  suite: z.string().optional(),
  /** Why the delete did not happen (its answer, or a declaration that the server cannot delete it). */
  reason: z.string().optional(),
});
export type Leftover = z.infer<typeof Leftover>;

/** Where one suite file's time went (report.traffic), so the critical path of a run is visible. */
export const SuiteTraffic = z.object({
  /** The suite file, e.g. `streams.background.suite.ts`. */
  file: z.string(),
  /**
   * The lane the file ran in (a file with checks of both kinds runs in the first two, one row each): `shared`,
   * files side by side; `exclusive`, after them, one at a time; `background` (files that mostly wait), beside
   * both. `main`: reports from before the lanes, whose files ran one after another.
   */
  lane: z.enum(["shared", "exclusive", "background", "main"]),
  /** From the file's start to the end of its cleanup. */
  duration_ms: z.number(),
  /**
   * When its cleanup ended, to the millisecond: against `run.started_at` it says when each lane ended, which the
   * summed durations cannot (absent from reports before it).
   */
  ended_at: z.iso.datetime().optional(),
  /** Requests to the target (its regions and test control). */
  requests: z.int(),
  /** Wall time with at least one of those awaiting its response head. */
  network_ms: z.number(),
  /** Requests to the simulators (admin APIs, the webhook sink's long-polls), and the rest of the time awaiting them. */
  helper_requests: z.int(),
  helper_ms: z.number(),
  /** The rest of the time in deliberate waits: pauses between polls, reading a stream for frames sent later. */
  waits_ms: z.number(),
});
export type SuiteTraffic = z.infer<typeof SuiteTraffic>;

/** What a run was asked to check, and how (run.selection): a certifier tells a whole run from a narrowed one by it. */
export const Selection = z.object({
  /** --suite: null for every suite. */
  suites: z.array(z.string()).nullable(),
  /** --clause: null for every clause. */
  clauses: z.array(z.string()).nullable(),
  /** The default of --num-runs, to read run.num_runs against. */
  num_runs_default: z.int(),
  /** --repeat. */
  repeat: z.int(),
  /** --bail: the run stopped at its first failed check. */
  bail: z.boolean(),
  /**
   * The profile the server was held to: its name, where it came from (`default` or a file), the digest of the
   * assumptions in force, and the file's fields: every answer it gives to what the spec leaves open.
   */
  profile: z.object({
    name: z.string(),
    source: z.string(),
    sha256: z.string(),
    overrides: z.record(z.string(), z.unknown()),
  }),
  /** --expect: the file's digest and every entry, or null without one. */
  expectations: z.object({ sha256: z.string(), entries: z.array(Expectation) }).nullable(),
  /** What the embedded reference platform was served with (--fault, --variant); none against another server. */
  faults: z.array(z.string()),
  variants: z.array(z.string()),
});
export type Selection = z.infer<typeof Selection>;

export const Report = z.object({
  schema_version: z.literal(1),
  tool: z.object({ name: z.literal("cap-conformance"), version: z.string() }),
  spec: z.object({ sha256: z.string() }),
  target: z.object({
    regions: z.array(z.object({ name: z.string(), base_url: z.string() })),
    wired: z.boolean(),
    profile: z.string(),
  }),
  run: z.object({
    seed: z.int(),
    num_runs: z.int(),
    started_at: z.string(),
    finished_at: z.string(),
    duration_ms: z.number(),
    /** Optional: the prefix every resource of this run is named with (`cleanup --prefix`). */
    prefix: z.string().optional(),
    /** Optional, with `--add-latency-ms N`: every response of the target was held this long by a proxy. */
    added_latency_ms: z.int().optional(),
    /** Optional, with `--repeat N`: how many runs were made and the clauses whose verdict changed (any fails). */
    repeat: z.object({ runs: z.int(), flaky: z.array(z.string()) }).optional(),
    /** Optional: everything the run was asked to check and how (absent from reports before it). */
    selection: Selection.optional(),
    /**
     * Optional: why the run is partial, not a certification run (spec/certification.ts partialReasons: a subset of
     * suites or clauses, fewer property runs than the default, expected failures, --bail). Absent or empty with a
     * selection: a certification run. A profile answering the spec's open points is no narrowing.
     */
    partial: z.array(z.string()).optional(),
  }),
  summary: z.object({
    clauses: z.int(),
    passed: z.int(),
    failed: z.int(),
    errored: z.int(),
    skipped: z.int(),
    not_shown: z.int(),
    /** Optional: how many passed clauses carry `ambiguity` (they are counted in `passed` too). */
    ambiguous: z.int().optional(),
  }),
  clauses: z.array(ClauseResult),
  /** Optional: problems outside any check (a suite file that failed to load, an unhandled error). Any makes the
   * verdict ERROR unless a clause failed, as `run`'s exit code 2 does. */
  harness_errors: z.array(z.string()).optional(),
  /** Counts of `--expect` outcomes: failures that were expected, and expectations that no longer fail; with
   * `strict` (--strict-expectations), a stale one fails the run. */
  expectations: z.object({ expected_failures: z.int(), stale: z.int(), strict: z.boolean().optional() }).optional(),
  /** Optional behaviours held to the profile's declarations; a failed one fails the run as a clause does. */
  optional: z.array(OptionalResult).optional(),
  /** Optional: what the run created and could not delete. A warning, never part of the verdict. */
  leftovers: z.array(Leftover).optional(),
  /** Optional: one row per suite file, where its time went. Absent from older reports. */
  traffic: z.array(SuiteTraffic).optional(),
  /**
   * Optional: what is wrong with the setup rather than the server. `faults`: mistakes the probes found before the
   * first check (a credential, a base URL, wiring), so no check ran and the verdict is ERROR; `hint`: a run whose
   * every failure looks like a setup mistake (a 401, 403 or 404 where the credential's role must get through).
   * Every format says it first.
   */
  setup: z.object({ faults: z.array(z.string()).optional(), hint: z.string().optional() }).optional(),
  /** Optional: set when the run did not finish (killed, interrupted, out of memory, a worker died). The report holds
   * every verdict reached until then and says nothing of the rest; its verdict is ERROR whatever it holds. */
  incomplete: z
    .object({
      /** Why the run did not finish, as far as the harness knew when it wrote this report. */
      reason: z.string(),
      /** How many checks had reached a verdict. */
      checks_finished: z.int(),
    })
    .optional(),
});
export type Report = z.infer<typeof Report>;
