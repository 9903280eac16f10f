// In-memory state of one region. Everything a workspace owns is regional (1): agents, tools,
// calls, numbers, credits. Each workspace gets its own slice on first use.
import type { AgentConfig, AgentRecord } from "../../spec/agent.ts";

export interface Secret {
  name: string;
  value: string;
  updated_at: string;
}

export class WorkspaceState {
  readonly agents = new Map<string, AgentRecord>();
  /** Every published version of each agent (9: references take an integer agent_version). */
  readonly agentVersions = new Map<string, Map<number, AgentConfig>>();
  /** Edit sequence per row, so "newest first by last edit" is a total order even within one millisecond. */
  readonly editSeq = new Map<string, number>();
  readonly secrets = new Map<string, Secret>();
  private readonly slices = new Map<string, unknown>();
  private seq = 0;

  /** State an area keeps per workspace in its own module, created on first use. */
  slice<T>(name: string, init: () => T): T {
    if (!this.slices.has(name)) this.slices.set(name, init());
    return this.slices.get(name) as T;
  }

  touch(id: string): void {
    this.seq += 1;
    this.editSeq.set(id, this.seq);
  }

  newestFirst<T extends { id: string }>(rows: Iterable<T>): T[] {
    return [...rows].sort((a, b) => (this.editSeq.get(b.id) ?? 0) - (this.editSeq.get(a.id) ?? 0));
  }
}

export class RegionStore {
  private readonly workspaces = new Map<string, WorkspaceState>();

  workspace(id: string): WorkspaceState {
    let state = this.workspaces.get(id);
    if (state === undefined) {
      state = new WorkspaceState();
      this.workspaces.set(id, state);
    }
    return state;
  }
}
