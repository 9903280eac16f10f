// Call helpers: place one outbound call from a number imported for the purpose, and wait for its
// record to reach a state (polling GET /v1/calls/{session_id} with a deadline scaled to the target's
// simulated minute).
import { type ApiResponse, explain } from "../../runner/client/http-client.ts";
import { waited, waitOnServer } from "../../runner/client/stalled-waits.ts";
import { TargetError } from "../../runner/client/target-error.ts";
import { pause } from "../../runner/client/traffic.ts";
import { expectBody, expectStatus } from "../../runner/framework/response.ts";
import type { AgentRecordRead } from "../../spec/agent.ts";
import { CallSessionRead } from "../../spec/calls.ts";
import type { PhoneNumber } from "../../spec/telephony.ts";
import { createAgent } from "./agents.ts";
import { StartedSession } from "./body-shapes.ts";
import { patternNumber } from "./carrier.ts";
import { minuteMs } from "./credits.ts";
import { callOp } from "./profile.ts";
import { importFreshNumber } from "./telephony.ts";
import { testControl } from "./test-control.ts";

/** Real ms that `simMs` simulated ms last on the target, plus room for the HTTP round trips. */
export function realBudget(simMs: number, slackMs = 5_000): number {
  return (simMs * minuteMs()) / 60_000 + slackMs;
}

let caller: Promise<{ agent: AgentRecordRead; number: PhoneNumber }> | undefined;

/** An agent and a number to call from, made once per suite file (once, however many ask at the same time). */
export function callingSetup(): Promise<{ agent: AgentRecordRead; number: PhoneNumber }> {
  caller ??= (async () => {
    const [agent, number] = await Promise.all([createAgent(), importFreshNumber()]);
    return { agent, number };
  })();
  return caller;
}

export interface OutboundOptions {
  from?: PhoneNumber;
  agentId?: string;
  to?: string;
  contactKey?: string;
  userdata?: Record<string, unknown>;
}

export async function postOutbound(options: OutboundOptions = {}): Promise<ApiResponse> {
  const setup = options.from === undefined || options.agentId === undefined ? await callingSetup() : undefined;
  return callOp(
    "call.outbound",
    {},
    {
      body: {
        from_phone_number_id: (options.from ?? setup!.number).id,
        to: options.to ?? patternNumber(0, 0),
        agent_id: options.agentId ?? setup!.agent.id,
        ...(options.contactKey === undefined ? {} : { contact_key: options.contactKey }),
        ...(options.userdata === undefined ? {} : { userdata: options.userdata }),
      },
    },
  );
}

/**
 * Places a call that must be accepted; answers its session record, read back by the session_id the answer names
 * (4.1: the outbound answer is not shown; 4: "The call record is written before the carrier is contacted").
 */
export async function placeCall(options: OutboundOptions = {}): Promise<CallSessionRead> {
  const response = await postOutbound(options);
  const { session_id } = expectBody(response, "2xx", StartedSession);
  const record = await getCall(session_id);
  expectStatus(record, 200, `the record of the call just placed, ${session_id}`);
  return CallSessionRead.parse(record.json);
}

export async function getCall(sessionId: string): Promise<ApiResponse> {
  return callOp("call.get", { session_id: sessionId });
}

/** Polls the record until `done` holds; fails with the last answer after `timeoutMs`. */
export async function waitForCall(
  sessionId: string,
  done: (session: CallSessionRead) => boolean,
  timeoutMs: number,
  what = "the expected state",
): Promise<CallSessionRead> {
  let last: ApiResponse | undefined;
  return waitOnServer(
    "call",
    timeoutMs,
    {
      look: async () => {
        last = await getCall(sessionId);
        expectStatus(last, 200);
        const session = CallSessionRead.parse(last.json);
        return done(session) ? session : undefined;
      },
      pace: () => pause(50),
      late: (budget) => new Error(`call ${sessionId} did not reach ${what} in ${waited(budget)}: ${explain(last!)}`),
    },
    what,
  );
}

/** A pattern-0 call (answer after 2 s, talk 5 s) is over within this budget. */
export const SHORT_CALL_MS = () => realBudget(120_000);

/** The profile's terminal status of a session. */
export const finished = (session: CallSessionRead) => session.status === "ended";

/** Test control: hands the live call over to `to` (the reference's stand-in for an agent's transfer tool). */
export async function transferCall(sessionId: string, to: string): Promise<void> {
  const answer = await testControl("POST", `/calls/${sessionId}/transfer`, { to });
  if (answer.status !== 200)
    throw new TargetError(`test control answered ${answer.status} to the transfer of ${sessionId}`);
}
