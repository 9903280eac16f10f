// The plan of a `run`: its flags (run-options.ts) parsed and checked into what the run does, before anything
// starts. A flag that makes no sense is a UsageError here, so nothing is started for a run that cannot go.
import { resolve } from "node:path";
import { Product } from "../reports/bundle.ts";
import { shellWord } from "../reports/shell-word.ts";
import { randomSeed } from "../runner/contract.ts";
import { availableSuites } from "../runner/orchestration/launch.ts";
import { MAX_LATENCY_MS } from "../simulators/proxy/latency.ts";
import { CLAUSE_BY_ID } from "../spec/clauses/index.ts";
import { OPTIONAL_BY_CHECK_ID } from "../spec/optional-behaviours.ts";
import type { Expectation } from "../spec/report.ts";
import type { AcquireFlags } from "./acquire-target.ts";
import { readExpectations } from "./expectations.ts";
import { type FlagValues, intFlag, listFlag, parseFlags, stringFlag } from "./flags.ts";
import { checkProfile } from "./profile-flag.ts";
import { RUN_OPTIONS } from "./run-options.ts";
import { UsageError } from "./usage-error.ts";

type RunValues = FlagValues<typeof RUN_OPTIONS>;

export interface RunPlan {
  /** Where the server comes from (acquire-target.ts): the target flags, --command, --image, or the embedded one. */
  acquire: AcquireFlags;
  seed: number;
  numRuns: number;
  timeoutMs: number;
  maxInFlight: number;
  maxBodyBytes: number;
  repeat: number;
  minuteMs: number;
  addedLatencyMs: number;
  reportDir: string;
  /** --suite and --clause: undefined selects everything. */
  suites?: string[];
  clauses?: string[];
  expectations: Expectation[];
  /** The --expect file, resolved. */
  expectFile?: string;
  strictExpectations: boolean;
  quiet: boolean;
  shrink: boolean;
  bail: boolean;
  /** `run --har FILE`, resolved. */
  har?: string;
  /** `--bundle DIR` with what it says of the product. */
  bundle?: { dir: string; product: Product };
  /** The command a failure's replay line starts with (never a token). */
  replayBase: string;
}

function selection(values: RunValues): Pick<RunPlan, "suites" | "clauses"> {
  const suites = listFlag(values.suite);
  const unknownSuites = (suites ?? []).filter((s) => !availableSuites().includes(s));
  if (unknownSuites.length > 0)
    throw new UsageError(`unknown suite ${unknownSuites.join(", ")}; suites: ${availableSuites().join(", ")}`);
  const clauses = listFlag(values.clause);
  const unknownClauses = (clauses ?? []).filter((id) => !CLAUSE_BY_ID.has(id) && !OPTIONAL_BY_CHECK_ID.has(id));
  if (unknownClauses.length > 0)
    throw new UsageError(`unknown clause id ${unknownClauses.join(", ")} (see cap-conformance clauses)`);
  return { ...(suites === undefined ? {} : { suites }), ...(clauses === undefined ? {} : { clauses }) };
}

function bundleOf(values: RunValues): RunPlan["bundle"] {
  if (values.bundle === undefined) return undefined;
  const product = Product.safeParse({
    vendor: values.vendor,
    product: values.product,
    version: values["product-version"],
    target_description: values["target-description"] ?? "",
  });
  if (!product.success) throw new UsageError("--bundle needs --vendor, --product and --product-version");
  return { dir: resolve(values.bundle), product: product.data };
}

function numbers(values: RunValues) {
  const int = (name: Parameters<typeof intFlag<typeof RUN_OPTIONS>>[2], min: number) =>
    intFlag(RUN_OPTIONS, values, name, min);
  const addedLatencyMs = int("add-latency-ms", 0);
  if (addedLatencyMs > MAX_LATENCY_MS) throw new UsageError(`--add-latency-ms must be at most ${MAX_LATENCY_MS}`);
  return {
    seed: values.seed === undefined ? randomSeed() : int("seed", 0),
    numRuns: int("num-runs", 1),
    timeoutMs: int("timeout-ms", 100),
    maxInFlight: int("max-in-flight", 1),
    maxBodyBytes: int("max-body-bytes", 1024),
    repeat: int("repeat", 1),
    minuteMs: int("minute-ms", 1),
    addedLatencyMs,
    // Checked here: a value that is not a number would make the wait for the server endless.
    startupTimeoutMs: int("startup-timeout-ms", 100),
    port: int("port", 1),
  };
}

export function planRun(argv: string[]): RunPlan {
  const { values } = parseFlags(RUN_OPTIONS, argv);
  const { startupTimeoutMs, port, ...counts } = numbers(values);
  const profile = values.profile === undefined ? undefined : resolve(values.profile);
  if (profile !== undefined) checkProfile(profile);
  const har = values.har === undefined ? undefined : resolve(values.har);
  const bundle = bundleOf(values);
  return {
    acquire: { ...values, ...(profile === undefined ? {} : { profile }), startupTimeoutMs, port },
    ...counts,
    reportDir: resolve(stringFlag(RUN_OPTIONS, values, "report-dir")),
    ...selection(values),
    expectations: values.expect === undefined ? [] : readExpectations(values.expect),
    ...(values.expect === undefined ? {} : { expectFile: resolve(values.expect) }),
    strictExpectations: values["strict-expectations"] === true,
    quiet: values.quiet === true,
    shrink: values["no-shrink"] !== true,
    bail: values.bail === true,
    ...(har === undefined ? {} : { har }),
    ...(bundle === undefined ? {} : { bundle }),
    replayBase: replayCommand(values),
  };
}

/** The flags that shape what a replay must see again (and their order in a replay line). */
const REPLAYED = ["num-runs", "timeout-ms", "max-body-bytes", "minute-ms", "add-latency-ms", "max-in-flight"] as const;

/**
 * The flags that shape what a replay must see again: the target (file, URL, command or image), the profile,
 * the faults, the generation settings that decide which cases a property reaches, the body cap, and the bound
 * on requests in flight a rate-limited target needs. Never a token.
 */
export function replayCommand(values: RunValues): string {
  const parts = ["npx cap-conformance run"];
  if (values.target) parts.push(`--target ${shellWord(values.target)}`);
  if (values["base-url"]) parts.push(`--base-url ${shellWord(values["base-url"])}`);
  if (values.command) parts.push(`--command ${shellWord(values.command)}`);
  if (values.image) parts.push(`--image ${shellWord(values.image)}`);
  if (values.profile) parts.push(`--profile ${shellWord(values.profile)}`);
  for (const fault of values.fault ?? []) parts.push(`--fault ${shellWord(fault)}`);
  for (const variant of values.variant ?? []) parts.push(`--variant ${shellWord(variant)}`);
  for (const flag of REPLAYED) {
    const value = values[flag];
    if (value !== undefined) parts.push(`--${flag} ${shellWord(value)}`);
  }
  return parts.join(" ");
}
