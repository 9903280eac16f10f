// What is wrong with how a target is set up, found by the probes before any check (runner/target/target-probe.ts): a
// credential that is not what the target file says it is, a base URL the API does not answer at, wiring that does
// not answer. Each is a mistake in the setup, not a verdict on the server: `run` stops with an error (exit 2)
// naming the credential or the URL and what to do, and `doctor` lists them. Only what the server cannot be blamed
// for counts: on a wired target the control-plane simulator says which role a credential has, so a server that
// lets a VIEWER through a gate fails a clause instead; on a target that is not wired only a refusal says it, a 401,
// or a 403 at a gate the declared role must pass (5 items 6, 8 and 9).
import type { Role } from "../../spec/target.ts";
import { type Answer, basePath, type CredentialProbe, type Findings, SLOT_ROLE, type Slot } from "./target-probe.ts";

export interface SetupFault {
  /** What is wrong, named as the target file or a flag names it: a credential, a base URL, a simulator. */
  subject: string;
  problem: string;
  /** What to do about it. */
  remedy: string;
}

/** A fault as one line: what, what is wrong, what to do. */
export function faultLine(fault: SetupFault): string {
  return `${fault.subject}: ${fault.problem}. ${fault.remedy}`;
}

/** An answer in a few words: its status and, for a refusal, its message. */
export function said(answer: Answer): string {
  if (answer.status === null) return `no answer (${answer.error ?? "no response"})`;
  const why = answer.status >= 300 && answer.message ? ` ${JSON.stringify(answer.message.slice(0, 100))}` : "";
  return `${answer.status}${why}`;
}

const ok2xx = (answer: Answer | undefined) =>
  answer?.status !== null && answer?.status !== undefined && answer.status >= 200 && answer.status < 300;

const VARIABLE: Record<Slot, string> = {
  admin: "--token-admin or CAP_TOKEN_ADMIN",
  editor: "--token-editor or CAP_TOKEN_EDITOR",
  viewer: "--token-viewer or CAP_TOKEN_VIEWER",
  session_cookie: "no flag",
};

function credentialName(slot: Slot): string {
  return `the ${slot.replace("_", " ")} credential (credentials.${slot} in the target file, ${VARIABLE[slot]})`;
}

const article = (role: Role) => (role === "ADMIN" || role === "EDITOR" ? "an" : "a");
const pathOf = (answer: Answer) => new URL(answer.url).pathname;

/** The /v1 requests asked of region `index`, with what each answered. */
function v1Answers(f: Findings, index: number): Array<{ what: string; answer: Answer }> {
  if (index > 0) {
    const answer = f.otherRegions[index - 1];
    return answer === undefined ? [] : [{ what: `GET ${pathOf(answer)}`, answer }];
  }
  return f.credentials.flatMap((c) => [
    { what: `GET ${pathOf(c.read)}`, answer: c.read },
    { what: `PUT ${pathOf(c.admin.answer)}`, answer: c.admin.answer },
    { what: `POST ${pathOf(c.editor.answer)}`, answer: c.editor.answer },
  ]);
}

/** A region whose every /v1 answer is 404: the API is not at its base URL (Schemathesis warns "all 404"). */
function baseUrlFault(f: Findings, index: number): SetupFault | undefined {
  const region = f.target.regions[index]!;
  const asked = v1Answers(f, index);
  if (asked.length === 0 || !asked.every((a) => a.answer.status === 404)) return undefined;
  const health = f.regions[index]!;
  const origin = new URL(region.base_url).origin;
  const path = basePath(region.base_url);
  const paths = [...new Set(asked.map((a) => a.what))].join(", ");
  const atOrigin = f.originHealth[index];
  let remedy: string;
  if (/\/v1$/.test(path)) {
    remedy = `The base URL must not end in /v1: every path carries it (1). Try ${origin}${path.slice(0, -3)}`;
  } else if (path !== "" && ok2xx(atOrigin)) {
    remedy = `The spec's paths hang off the base URL itself (1, 4), and ${origin} answers GET /health ${atOrigin!.status}: try --base-url ${origin}`;
  } else {
    remedy =
      "Give the regional API's base URL, the one GET /health and the /v1 paths hang off; a 404 for every path means the client is aimed at the wrong host (1)";
  }
  return {
    subject: `the base URL of region ${region.name} (${region.base_url})`,
    problem: `the API does not answer there: every /v1 path asked answered 404 (${paths}) and GET ${path}/health answered ${said(health)}`,
    remedy,
  };
}

/** On a wired target, the control-plane simulator says which role the credential has (README, "Wiring your server"). */
function wiredCredentialFault(c: CredentialProbe, wanted: Role | undefined): SetupFault | undefined {
  const cp = c.controlPlane;
  // A control plane that does not answer, or fails, is a fault of the wiring (wiringFaults), not of the credential.
  if (cp === undefined || cp.status === null || cp.status >= 500) return undefined;
  const subject = credentialName(c.slot);
  if (cp.role === undefined) {
    return {
      subject,
      problem: `the control-plane simulator does not know it (POST /v1/auth/resolve answered ${said(cp)})`,
      remedy:
        "Give a credential that control plane issued (serve and simulate write theirs into the target file), or point simulators.control_plane at the one that issued it",
    };
  }
  if (wanted !== undefined && cp.role !== wanted) {
    return {
      subject,
      problem: `it resolves to ${cp.role}, not ${wanted} (the control-plane simulator's verdict)`,
      remedy: `Give the token of ${article(wanted)} ${wanted} member here`,
    };
  }
  if (c.read.status === 401) {
    return {
      subject,
      problem: `the server refuses it (GET ${pathOf(c.read)} answered ${said(c.read)}) though the control-plane simulator resolves it to ${cp.role}`,
      remedy:
        'The server must resolve credentials through the control plane the target file names (README, "Wiring your server"), or the target must say wired: false',
    };
  }
  return undefined;
}

/** On a target that is not wired, only a refusal tells: a 401, or a 403 at a gate its declared role must pass. */
function unwiredCredentialFault(c: CredentialProbe, wanted: Role | undefined): SetupFault | undefined {
  const subject = credentialName(c.slot);
  const member = wanted === undefined ? "member of the workspace" : `${wanted} member`;
  const a = wanted === undefined ? "a" : article(wanted);
  if (c.read.status === 401) {
    return {
      subject,
      problem: `the server refuses it: GET ${pathOf(c.read)} answered ${said(c.read)} (5 item 8: the credential is missing, malformed, revoked or not a member)`,
      remedy: `Give the credential of ${a} ${member}`,
    };
  }
  const refusedAt = (gate: CredentialProbe["admin"], role: string, rule: string) =>
    gate.gate === "refused"
      ? {
          subject,
          problem: `it is refused where ${role} must pass: ${pathOf(gate.answer)} answered ${said(gate.answer)} (${rule})`,
          remedy: `Give the token of ${a} ${member}`,
        }
      : undefined;
  if (wanted === "ADMIN") {
    const fault = refusedAt(c.admin, "an ADMIN", "5 item 6: writing provider keys is ADMIN only");
    if (fault !== undefined) return fault;
  }
  if (wanted === "ADMIN" || wanted === "EDITOR") {
    return refusedAt(c.editor, "an EDITOR", "5 item 6: POST /v1/calls/token needs EDITOR");
  }
  return undefined;
}

function wiringFaults(f: Findings): SetupFault[] {
  const faults: SetupFault[] = [];
  const failing = f.credentials.map((c) => c.controlPlane).find((cp) => cp?.status != null && cp.status >= 500);
  if (failing !== undefined) {
    faults.push({
      subject: `the control-plane simulator (simulators.control_plane in the target file)`,
      problem: `POST /v1/auth/resolve answered ${said(failing)}, and a wired server resolves every credential through it`,
      remedy: "Restart the simulators, or fix the URL",
    });
  }
  if (f.target.wired) {
    for (const [name, answer] of f.simulators) {
      if (answer.status !== null) continue;
      faults.push({
        subject: `the ${name.replace("_", "-")} simulator (simulators.${name} in the target file, ${answer.url})`,
        problem: `it does not answer (${answer.error ?? "no response"})${name === "control_plane" ? ", and a wired server resolves every credential through it" : ""}`,
        remedy: "Start the simulators (cap-conformance simulate writes a target file naming them) or fix the URL",
      });
    }
  }
  if (f.testControl !== undefined && !ok2xx(f.testControl)) {
    faults.push({
      subject: `the test hooks (test_control in the target file, ${f.target.test_control})`,
      problem: `GET /clock answered ${said(f.testControl)}`,
      remedy: "Fix the URL, or leave test_control out (the checks that need it are then skipped, with that reason)",
    });
  }
  return faults;
}

/** Every setup mistake the probes found; none means a run can start. */
export function setupFaults(f: Findings): SetupFault[] {
  const urls = f.target.regions
    .map((_, i) => baseUrlFault(f, i))
    .filter((fault): fault is SetupFault => fault !== undefined);
  // The credentials are judged only where the API answers: behind a wrong base URL every answer is a 404.
  const credentials =
    urls.length > 0 && baseUrlFault(f, 0) !== undefined
      ? []
      : f.credentials
          .map((c) =>
            f.target.wired && f.target.simulators.control_plane !== undefined
              ? wiredCredentialFault(c, SLOT_ROLE[c.slot])
              : unwiredCredentialFault(c, SLOT_ROLE[c.slot]),
          )
          .filter((fault): fault is SetupFault => fault !== undefined);
  return [...urls, ...credentials, ...wiringFaults(f)];
}
