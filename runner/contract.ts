// The contract between `cap-conformance run` (the main process) and the vitest workers that run the suites
// (ARCHITECTURE.md, "The contract between the CLI and the workers"): everything the two sides agree on, written
// once: how a check's title names its clauses, the run settings, the lanes, what a check hands back through its
// task meta, and the wire and file formats of what the processes share while a run goes (the count of requests
// in flight, the no-answer counter, the secret registry). The modules that use them hold the logic.
import { readFileSync, writeFileSync } from "node:fs";
import { z } from "zod";
import type { Exchange, Leftover, SuiteTraffic } from "../spec/report.ts";

// ---- Check titles: `name [id, id]` ----

/** The vitest title of a check: its name, then the clause ids it verifies. */
export function checkTitle(name: string, clauses: readonly string[]): string {
  return `${name} [${clauses.join(", ")}]`;
}

/** Splits a check title into the name and the clause ids (a title without ids gives none). */
export function parseCheckTitle(title: string): { name: string; clauses: string[] } {
  const match = /^(.*) \[([^\]]*)\]$/s.exec(title);
  if (match === null) return { name: title, clauses: [] };
  return { name: match[1]!, clauses: match[2]!.split(", ").filter(Boolean) };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Selects the check titles naming any of the given clause ids (vitest's testNamePattern). */
export function titlesNaming(ids: readonly string[]): RegExp {
  return new RegExp(`\\[(?:[^\\]]*, )?(?:${ids.map(escapeRegExp).join("|")})(?:, [^\\]]*)?\\]$`);
}

// ---- Run settings: written by the CLI, read by every worker ----

export const RunSettings = z.strictObject({
  /** The target file (spec/target.ts) the checks run against. */
  targetFile: z.string().min(1),
  seed: z.int().nonnegative(),
  /** fast-check runs per property. */
  numRuns: z.int().positive(),
  /** Bound on every request, stream read and wait. */
  timeoutMs: z.int().positive(),
  /** The body cap: a response body larger than this many bytes is not read (runner/client/limits.ts). */
  maxBodyBytes: z.int().positive(),
  /** Every resource a run creates carries this prefix, so leftovers can be swept. */
  prefix: z.string().min(1),
  /** The command line that replays this run, without --clause/--seed (added per failure). */
  replayBase: z.string().min(1),
  /** Shrink failing properties to a minimal counterexample (off for a fast verdict, e.g. the kill matrix). */
  shrink: z.boolean(),
  /** Where the workers count unanswered requests in a row (liveness.ts); absent, the breaker is off. */
  livenessFile: z.string().optional(),
  /** Where the workers count waits on the server that ran out in a row (stalled-waits.ts); absent, it is off. */
  stalledWaitsFile: z.string().optional(),
  /** The registry every worker appends the secret values it sends or learns to (secret-registry.ts). */
  secretsFile: z.string().optional(),
  /** Most requests in flight to one region at once, across every worker (in-flight.ts). */
  maxInFlight: z.int().positive(),
  /** Where the workers ask for a slot of that bound (`host:port`, in-flight.ts); absent, nothing is bounded. */
  inFlightBroker: z.string().optional(),
});
export type RunSettings = z.infer<typeof RunSettings>;

/** The defaults of the flags that set the run settings; the seed's default is drawn per run. */
export const SETTING_DEFAULTS = {
  numRuns: 25,
  timeoutMs: 10_000,
  /** The body cap (runner/client/limits.ts reads it from here): 16 MiB. */
  maxBodyBytes: 16 * 1024 * 1024,
  replayBase: "npx cap-conformance run",
  maxInFlight: 16,
} as const;

/** A seed for a run that names none. */
export function randomSeed(): number {
  return Math.floor(Math.random() * 2 ** 31);
}

/** The one environment variable the settings travel in (vitest workers inherit the main process's env). */
const SETTINGS_ENV = "CAP_RUN_SETTINGS";

export function writeSettings(settings: RunSettings, env: NodeJS.ProcessEnv = process.env): void {
  env[SETTINGS_ENV] = JSON.stringify(RunSettings.parse(settings));
}

/** The settings the CLI wrote, or undefined outside a run (unit tests, listing the checks). */
export function settingsIfAny(env: NodeJS.ProcessEnv = process.env): RunSettings | undefined {
  const text = env[SETTINGS_ENV];
  if (text === undefined) return undefined;
  // Read on every request (liveness, redaction): parsed once per distinct value.
  if (parsed?.text !== text) parsed = { text, settings: RunSettings.parse(JSON.parse(text)) };
  return parsed.settings;
}
let parsed: { text: string; settings: RunSettings } | undefined;

export function readSettings(env: NodeJS.ProcessEnv = process.env): RunSettings {
  const settings = settingsIfAny(env);
  if (settings === undefined) throw new Error(`${SETTINGS_ENV} is not set: suites run through \`cap-conformance run\``);
  return settings;
}

// ---- Lanes: which checks a worker runs (ARCHITECTURE.md, "What runs concurrently") ----

/**
 * `shared`: the checks that may run beside others, suite files side by side; `exclusive`: the checks that
 * change or read state every check shares (runner/framework/exclusive.ts), one file at a time with nothing beside them.
 * A worker outside a run (listing the checks, unit tests) has no lane and registers every check.
 */
export const Lane = z.enum(["shared", "exclusive"]);
export type Lane = z.infer<typeof Lane>;

/** The environment variable a vitest project sets for its workers. */
const LANE_ENV = "CAP_LANE";

export function laneEnv(lane: Lane): Record<string, string> {
  return { [LANE_ENV]: lane };
}

export function workerLane(env: NodeJS.ProcessEnv = process.env): Lane | undefined {
  const text = env[LANE_ENV];
  return text === undefined ? undefined : Lane.parse(text);
}

/** How long one check may take: twenty request timeouts, and never under 30 s (a property makes many requests). */
export function checkDeadlineMs(timeoutMs: number): number {
  return Math.max(30_000, timeoutMs * 20);
}

// ---- What a check hands back: vitest's task meta, serialised to the main process ----

/** A universal rule's observations in one check (runner/client/universal-rules.ts). */
export interface RuleObservation {
  seen: number;
  violations: string[];
  /** Readings of a sentence the spec contradicts that the rule accepted (see noteRuleAmbiguity). */
  ambiguities?: string[];
}

/** A clause a check judged under one reading of a sentence the spec contradicts (see noteAmbiguity). */
export interface Ambiguity {
  clause: string;
  note: string;
}

export interface CheckMeta {
  clauses: string[];
  suite: string;
  /** Set when the check could not run to a verdict (target unreachable, timeout): `errored`. */
  errored?: boolean;
  failure?: {
    message: string;
    seed: number | null;
    path: string | null;
    /** The exchange the failed assertion is about (marked `subject`), the first and last ones around it. */
    exchanges: Exchange[];
    /** How many exchanges the check made in all (runner/client/recorder.ts). */
    exchanges_made?: number;
    reproduce: string;
    /** The clauses whose statement broke, when fewer than the check names (runner/framework/prepare.ts). */
    clauses?: string[];
  };
  universal?: Record<string, RuleObservation>;
  /** Requests the check sent to the target's regions (runner/client/recorder.ts). */
  requests?: number;
  ambiguities?: Ambiguity[];
}

declare module "vitest" {
  interface TaskMeta {
    check?: CheckMeta;
    /** On a suite file: resources it created and could not delete. */
    leftovers?: Leftover[];
    /** On a suite file: where its time went. */
    traffic?: SuiteTraffic;
  }
}

// ---- The count of requests in flight (runner/client/in-flight.ts): one line per message over TCP ----

/** A worker asks for a slot of `region` (answered by a grant naming `id`), or gives one back. */
export type SlotMessage = { verb: "ask"; region: number; id: string } | { verb: "release"; region: number };

export function slotLine(message: SlotMessage): string {
  return message.verb === "ask" ? `A ${message.region} ${message.id}\n` : `R ${message.region}\n`;
}

/** A worker's line as the broker reads it; undefined for a line that is none of them. */
export function parseSlotLine(line: string): SlotMessage | undefined {
  const [verb, regionText, id = ""] = line.split(" ");
  const region = Number(regionText);
  if (!Number.isInteger(region)) return undefined;
  if (verb === "A") return { verb: "ask", region, id };
  if (verb === "R") return { verb: "release", region };
  return undefined;
}

/** The broker's answer: the slot asked for by `id` is the worker's. */
export const grantLine = (id: string): string => `G ${id}\n`;
export const grantedId = (line: string): string => line.slice(2);

// ---- The no-answer and stalled-wait counters (runner/client/liveness.ts, stalled-waits.ts): a file holding
// one decimal count ----

export function readNoAnswerCount(file: string): number {
  try {
    return Number(readFileSync(file, "utf8")) || 0;
  } catch {
    return 0;
  }
}

export function writeNoAnswerCount(file: string, count: number): void {
  writeFileSync(file, String(count));
}

// ---- The secret registry (runner/client/secret-registry.ts): one JSON string per line, mode 0600 ----

export const secretLine = (value: string): string => `${JSON.stringify(value)}\n`;

/** The values of the registry's complete lines; a line another worker is writing right now is skipped. */
export function parseSecretLines(text: string): string[] {
  const values: string[] = [];
  for (const line of text.split("\n")) {
    if (line === "") continue;
    try {
      const value: unknown = JSON.parse(line);
      if (typeof value === "string") values.push(value);
    } catch {
      // A line being written by another worker right now: read again on the next sync.
    }
  }
  return values;
}
