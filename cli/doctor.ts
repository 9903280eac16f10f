// `cap-conformance doctor`: in seconds, before a full run, whether a target answers, which role each credential
// resolves to, whether its wiring and test hooks answer, and which kinds of clauses the run will skip. It changes
// nothing on the server (runner/target/target-probe.ts says how). Exit 0 when a run would go as the target file says, 1 when
// something would not (each problem named), 2 when there is no target to ask or it does not answer at all.
import { registerSecret } from "../runner/client/redact.ts";
import { faultLine, setupFaults } from "../runner/target/setup-check.ts";
import {
  type Answer,
  type CredentialProbe,
  type Findings,
  type ProviderProbe,
  probePaths,
  probeRegions,
  probeTarget,
  SLOT_ROLE,
} from "../runner/target/target-probe.ts";
import type { ClauseKind } from "../spec/clause.ts";
import { CLAUSES } from "../spec/clauses/index.ts";
import { type Target, targetSecrets } from "../spec/target.ts";
import { RUN_KINDS, wiredProvidersOf } from "../spec/wired-provider.ts";
import { DOCTOR_FLAGS } from "./command-flags.ts";
import { intFlag, parseFlags } from "./flags.ts";
import { checkProfile } from "./profile-flag.ts";
import { explicitTarget, targetOrigins } from "./resolve-target.ts";
import { UsageError } from "./usage-error.ts";

const OK = "✓";
const BAD = "✗";
const SKIP = "–";

/** An answer in a few words: its status and time, and for a refusal its message. */
function said(answer: Answer): string {
  if (answer.status === null) return `no answer within the limit (${answer.error ?? "no response"})`;
  const why = answer.status >= 300 && answer.message ? ` ${JSON.stringify(answer.message.slice(0, 100))}` : "";
  return `${answer.status}${why} in ${answer.ms} ms`;
}

const answered = (answer: Answer) => answer.status !== null;
const ok2xx = (answer: Answer) => answer.status !== null && answer.status >= 200 && answer.status < 300;

/** What the run will skip, by clause kind, for this target (runner/framework/check.ts `unmet` skips the same). */
export function skippedKinds(target: Target): Array<{ kind: ClauseKind; count: number; why: string }> {
  const count = (kind: ClauseKind) => CLAUSES.filter((c) => c.kind === kind).length;
  const out: Array<{ kind: ClauseKind; count: number; why: string }> = [];
  if (!target.wired) out.push({ kind: "needs-wiring", count: count("needs-wiring"), why: "the target is not wired" });
  if (target.test_control === undefined) {
    out.push({ kind: "needs-test-control", count: count("needs-test-control"), why: "the target has no test_control" });
  }
  return out;
}

/** The probes' findings, and where each value not read from the target file as written came from. */
interface DoctorFindings extends Findings {
  origins: string[];
}

/**
 * Every problem a run would run into, one line each: first the setup mistakes a run stops on (exit 2,
 * runner/target/setup-check.ts), then what a run would go on with but report (a /health that is not 200, a
 * credential the server and the control plane place differently, roles that cannot be told apart, a provider the
 * checks cannot find).
 */
export function problemsOf(f: Findings): { setup: string[]; other: string[] } {
  const faults = setupFaults(f);
  const named = (slot: string) =>
    faults.some((fault) => fault.subject.startsWith(`the ${slot.replace("_", " ")} credential`));
  const other: string[] = [];
  f.regions.forEach((answer, i) => {
    if (!answered(answer)) other.push(`region ${f.target.regions[i]!.name} does not answer GET /health`);
    else if (answer.status !== 200) other.push(`region ${f.target.regions[i]!.name}: GET /health is ${answer.status}`);
  });
  f.otherRegions.forEach((answer, i) => {
    // One token works in every region (1): a clause of the run, not a setup mistake it stops on.
    if (answer.status === 401) other.push(`the admin token is refused in region ${f.target.regions[i + 1]!.name}`);
  });
  for (const c of f.credentials.filter((c) => !named(c.slot))) other.push(...credentialProblems(c));
  const tokens = f.credentials.filter((c) => c.slot !== "session_cookie" && c.read.status !== 401);
  if (tokens.length === 3 && tokens.every((c) => c.admin.gate === "passed")) {
    other.push(
      "every token passed the ADMIN gate: either all three are admins, or the server reads the body before the role (the spec does not say which comes first), so the roles cannot be told apart",
    );
  }
  for (const [name, answer] of f.simulators) {
    if (!answered(answer) && !f.target.wired) other.push(`the ${name} simulator does not answer (${said(answer)})`);
  }
  other.push(...providerProblems(f.provider));
  return { setup: faults.map(faultLine), other };
}

/** What a credential's probe says that is not a setup mistake of its own. */
function credentialProblems(c: CredentialProbe): string[] {
  const problems: string[] = [];
  // Every member may read the provider-key list (5 item 6): anything but a 2xx leaves the credential unproven.
  if (c.read.status !== 401 && !ok2xx(c.read)) {
    problems.push(
      `the ${c.slot} credential's read of ${c.read.url} answered ${said(c.read)} (is the profile's path right?)`,
    );
  }
  const wanted = SLOT_ROLE[c.slot];
  if (wanted !== undefined && c.role !== undefined && c.role !== wanted) {
    problems.push(`the ${c.slot} credential resolves to ${c.role}, not ${wanted}`);
  }
  const cp = c.controlPlane;
  if (cp?.role !== undefined && c.role !== undefined && cp.role !== c.role) {
    problems.push(
      `the server treats the ${c.slot} credential as ${c.role} but the control-plane simulator says ${cp.role}: its role checks disagree with its control plane, or it is not wired to it`,
    );
  }
  return problems;
}

/** What keeps the checks from finding the provider simulator in the catalog (README, "Wiring your server"). */
function providerProblems(p: ProviderProbe | undefined): string[] {
  if (p === undefined) return [];
  if (p.catalog.status !== 200) return [`GET /v1/catalog answered ${said(p.catalog)}: the provider cannot be found`];
  if (p.models.status !== 200) return [`the provider simulator's GET /v1/models answered ${said(p.models)}`];
  return RUN_KINDS.filter((kind) => p.wired[kind].length === 0).map(
    (kind) =>
      `the catalog lists no ${kind} model the provider simulator serves: the checks whose agents need one will error`,
  );
}

/** Which provider ids and models the checks will use, and where they were found. */
function providerLines(p: ProviderProbe | undefined): string[] {
  if (p === undefined) return [];
  const lines = [
    "",
    "Provider (the catalog's entries whose model the provider simulator serves: GET /v1/catalog of the first region,",
    "  matched against the simulator's GET /v1/models; any provider id, any order)",
  ];
  if (p.catalog.status !== 200 || p.models.status !== 200) {
    return [...lines, `  ${BAD} not found: catalog ${said(p.catalog)}, models ${said(p.models)}`];
  }
  for (const provider of wiredProvidersOf(p.wired)) {
    const kinds = Object.entries(p.wired).flatMap(([kind, pairs]) => {
      const models = pairs.filter((pair) => pair.provider === provider).map((pair) => pair.model);
      return models.length === 0 ? [] : [`${kind} ${models.join(", ")}`];
    });
    lines.push(`  ${OK} ${provider}: ${kinds.join("; ")} (a run stores a key for it: PUT /v1/byok/${provider})`);
  }
  const used = RUN_KINDS.map((kind) => {
    const pair = p.wired[kind][0];
    return `${kind} ${pair === undefined ? "none" : `${pair.provider}/${pair.model}`}`;
  });
  lines.push(`  agents are built on the first of each kind: ${used.join(", ")}`);
  return lines;
}

function credentialLines(c: CredentialProbe): string[] {
  const label = c.slot.replace("_", " ").padEnd(14);
  if (c.read.status === 401) return [`  ${BAD} ${label} refused: ${said(c.read)}`];
  const wanted = SLOT_ROLE[c.slot];
  const role = c.role ?? "unclear";
  const mark = c.role === undefined || (wanted !== undefined && wanted !== c.role) ? BAD : OK;
  const lines = [
    `  ${mark} ${label} resolves to ${role}${wanted === undefined ? "" : ` (the target file calls it ${wanted})`}`,
    `      read ${said(c.read)}; ADMIN gate ${c.admin.gate} (${said(c.admin.answer)}); EDITOR gate ${c.editor.gate} (${said(c.editor.answer)})`,
  ];
  if (c.controlPlane !== undefined) {
    lines.push(`      control-plane simulator: ${c.controlPlane.role ?? `refused, ${said(c.controlPlane)}`}`);
  }
  return lines;
}

export function doctorLines(f: DoctorFindings, problems: { setup: string[]; other: string[] }): string[] {
  const { target } = f;
  const paths = probePaths(target);
  const lines = [`cap-conformance doctor (profile ${target.profile})`, ""];
  if (f.origins.length > 0) lines.push("Target", ...f.origins.map((line) => `  ${line}`), "");
  lines.push("Regions");
  f.regions.forEach((answer, i) => {
    const region = target.regions[i]!;
    lines.push(`  ${answer.status === 200 ? OK : BAD} ${region.name} ${region.base_url}: GET /health ${said(answer)}`);
  });
  f.otherRegions.forEach((answer, i) => {
    const mark = answer.status === 401 ? BAD : OK;
    lines.push(`  ${mark} the admin token in ${target.regions[i + 1]!.name}: GET ${paths.read} ${said(answer)}`);
  });
  lines.push(
    "",
    `Credentials (read GET ${paths.read}; ADMIN gate PUT ${paths.adminGate}; EDITOR gate POST ${paths.editorGate})`,
  );
  for (const c of f.credentials) lines.push(...credentialLines(c));
  if (target.credentials.session_cookie === undefined) {
    lines.push(`  ${SKIP} session cookie: none given, so the checks needing one are skipped`);
  }
  lines.push(
    "  Nothing can change: each gate gets `[]`, a body no operation takes (and the key a provider no catalog has);",
    "  a 403 is the gate refusing the role, any other answer below 500 means the role got past it.",
    "",
    "Wiring",
  );
  if (!target.wired) lines.push(`  ${SKIP} not wired (wired: false in the target)`);
  else lines.push(`  ${OK} wired: the server resolves credentials through the control-plane simulator (see above)`);
  for (const [name, answer] of f.simulators) lines.push(`  ${answered(answer) ? OK : BAD} ${name}: ${said(answer)}`);
  if (f.testControl === undefined) lines.push(`  ${SKIP} no test_control hooks`);
  else lines.push(`  ${ok2xx(f.testControl) ? OK : BAD} test_control GET /clock: ${said(f.testControl)}`);
  lines.push(...providerLines(f.provider));
  const kinds = [...new Set(CLAUSES.map((c) => c.kind))].map(
    (k) => `${CLAUSES.filter((c) => c.kind === k).length} ${k}`,
  );
  lines.push("", `Clauses: ${CLAUSES.length} (${kinds.join(", ")}; not-shown clauses are never checked)`);
  const skipped = skippedKinds(target);
  if (skipped.length === 0) lines.push(`  ${OK} no kind of clause will be skipped`);
  for (const s of skipped) lines.push(`  ${SKIP} ${s.count} ${s.kind} clauses will be skipped: ${s.why}`);
  if (target.regions.length < 2) lines.push(`  ${SKIP} checks needing two regions will be skipped: one region named`);
  if (problems.setup.length > 0)
    lines.push("", "Setup mistakes (a run stops on these before its first check, exit 2):");
  for (const p of problems.setup) lines.push(`  ${BAD} ${p}`);
  if (problems.other.length > 0) lines.push("", "Problems:");
  for (const p of problems.other) lines.push(`  ${BAD} ${p}`);
  if (problems.setup.length + problems.other.length === 0)
    lines.push("", "Ready: a run would go as the target file says.");
  return lines;
}

export async function doctorCommand(argv: string[]): Promise<number> {
  const { values } = parseFlags(DOCTOR_FLAGS, argv);
  const timeoutMs = intFlag(DOCTOR_FLAGS, values, "timeout-ms", 100);
  const target = explicitTarget(values);
  if (target === undefined) {
    throw new UsageError("doctor needs a target: --target FILE, or --base-url and the --token-* flags (or CAP_*)");
  }
  checkProfile(target.profile);
  // Nothing printed may carry a credential, whatever a server echoes back.
  for (const secret of targetSecrets(target)) registerSecret(secret);
  const regions = await probeRegions(target, timeoutMs);
  if (regions.every((answer) => !answered(answer))) {
    console.error(`error: the target does not answer: GET ${regions[0]!.url} ${said(regions[0]!)}`);
    return 2;
  }
  const findings: DoctorFindings = {
    ...(await probeTarget(target, timeoutMs, regions)),
    origins: targetOrigins(values),
  };
  const problems = problemsOf(findings);
  if (values.json) {
    const { target: _target, ...rest } = findings;
    const ready = problems.setup.length + problems.other.length === 0;
    const report = { ...rest, skipped: skippedKinds(target), problems: [...problems.setup, ...problems.other], ready };
    console.log(JSON.stringify(report, (key, value) => (key === "json" ? undefined : value), 2));
  } else {
    for (const line of doctorLines(findings, problems)) console.log(line);
  }
  return problems.setup.length + problems.other.length === 0 ? 0 : 1;
}
