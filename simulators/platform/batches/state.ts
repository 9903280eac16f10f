// A workspace's call batches in one region (2.12): the request as given, each recipient's attempts,
// and the batch's status (3.3: not shown; the reference uses scheduled, running, paused, completed,
// cancelled, failed).
import type { BatchStatus, CallBatch, CallingWindow } from "../../../spec/calls.ts";
import type { ResolvedAgent } from "../calls/agent-source.ts";
import type { PlatformContext } from "../context.ts";

export interface Recipient {
  to: string;
  userdata: Record<string, unknown>;
  attempts: number;
  state: "pending" | "dialing" | "reached" | "exhausted";
  /** Simulated ms before which the next attempt must not start. */
  notBefore: number;
}

export interface BatchRow {
  id: string;
  workspaceId: string;
  name: string;
  status: BatchStatus;
  fromPhoneNumberId: string;
  timezone: string;
  maxAttempts: number;
  maxConcurrency: number;
  retryAfterMinutes: number;
  callingWindow: CallingWindow | null;
  startAtMs: number | null;
  created_at: string;
  completed_at: string | null;
  agent: ResolvedAgent;
  recipients: Recipient[];
  /** Calls dialled and not yet ended. */
  active: number;
  /** Wakes the scheduler (a call ended, credits changed, cancel). */
  wake: () => void;
}

export class BatchesState {
  readonly batches = new Map<string, BatchRow>();
}

export function batchesState(ctx: PlatformContext, workspaceId: string): BatchesState {
  return ctx.store.workspace(workspaceId).slice("batches", () => new BatchesState());
}

export function batchView(batch: BatchRow): CallBatch {
  const count = (state: Recipient["state"]) => batch.recipients.filter((r) => r.state === state).length;
  return {
    id: batch.id,
    name: batch.name,
    status: batch.status,
    from_phone_number_id: batch.fromPhoneNumberId,
    timezone: batch.timezone,
    max_attempts: batch.maxAttempts,
    max_concurrency: batch.maxConcurrency,
    retry_after_minutes: batch.retryAfterMinutes,
    calling_window: batch.callingWindow,
    start_at: batch.startAtMs === null ? null : new Date(batch.startAtMs).toISOString(),
    created_at: batch.created_at,
    completed_at: batch.completed_at,
    recipients_total: batch.recipients.length,
    counts: {
      pending: count("pending"),
      in_progress: count("dialing"),
      reached: count("reached"),
      unreached: count("exhausted"),
    },
  };
}
