// A workspace's call sessions in one region, with what the platform keeps beside the public record:
// the carrier call, the account it was dialled through and the agent config the call runs.
import type { AgentConfig } from "../../../spec/agent.ts";
import type { PlatformContext } from "../context.ts";
import { processWideState } from "../regions/planted-shared-state.ts";
import type { SessionRecord } from "./session-record.ts";

export interface CallRow extends SessionRecord {
  seq: number;
  /** Simulated ms of created_at, for ordering and the start/end window. */
  createdMs: number;
  providerCallSid: string | null;
  telephonyAccountId: string | null;
  agentConfig: AgentConfig | null;
}

export class CallsState {
  readonly rows = new Map<string, CallRow>();
  readonly byProviderSid = new Map<string, string>();
  /** Text windows, readable by GET /v1/calls/{session_id} but not listed as calls; the text worker builds them. */
  readonly textSessions = new Map<string, () => Record<string, unknown>>();
  private readonly endWaiters = new Map<string, Array<() => void>>();
  private readonly finished = new Set<string>();
  private seq = 0;

  nextSeq(): number {
    this.seq += 1;
    return this.seq;
  }

  /** Newest first by start (created_at), ties by write order. */
  newestFirst(): CallRow[] {
    return [...this.rows.values()].sort((a, b) => b.createdMs - a.createdMs || b.seq - a.seq);
  }

  /** Resolves once the session has ended and been finalised (analysed and billed). */
  whenEnded(sessionId: string): Promise<void> {
    const row = this.rows.get(sessionId);
    if (row === undefined || this.finished.has(sessionId)) return Promise.resolve();
    return new Promise((resolve) => {
      const waiters = this.endWaiters.get(sessionId) ?? [];
      waiters.push(resolve);
      this.endWaiters.set(sessionId, waiters);
    });
  }

  ended(sessionId: string): void {
    this.finished.add(sessionId);
    for (const resolve of this.endWaiters.get(sessionId) ?? []) resolve();
    this.endWaiters.delete(sessionId);
  }
}

export function callsState(ctx: PlatformContext, workspaceId: string): CallsState {
  // The planted bug: the calls table is one of the process, keyed by workspace and not by region.
  if (ctx.faults.has("calls-shared-between-regions"))
    return processWideState("calls", workspaceId, () => new CallsState());
  return ctx.store.workspace(workspaceId).slice("calls", () => new CallsState());
}
