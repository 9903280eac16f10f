// One knowledge base as the reference platform keeps it: the 2.2 header fields, the pages discovery
// found, the work running on it; each status and progress change is published as a stream frame (6.2).
import { randomUUID } from "node:crypto";
import { setMaxListeners } from "node:events";
import type { KbProgress, KbStatus, KnowledgeBase, KnowledgePage } from "../../../spec/knowledge.ts";
import type { Clock } from "../../shared/clock.ts";
import type { SseFrame } from "../sse/frame.ts";

export interface KbInit {
  name: string;
  notes: string;
  maxPages: number;
  seeds: string[];
  createdBy: string;
}

export class KnowledgeRecord {
  readonly id: string;
  readonly createdAt: string;
  updatedAt: string;
  status: KbStatus = "discovering";
  error = "";
  nodeCount = 0;
  urlCount = 0;
  progress: KbProgress = { done: 0, failed: 0, total: 0, message: "", phase: "discovering" };
  /** In the order discovery found them: the pages list is oldest first (2.1). */
  readonly pages: KnowledgePage[] = [];
  private readonly pageByUrl = new Map<string, KnowledgePage>();
  /** Aborted when the knowledge base is deleted, so no crawl outlives it. */
  readonly work = new AbortController();

  constructor(
    readonly init: KbInit,
    private readonly clock: Clock,
    /** Relays a frame to the streams open on this knowledge base now (best effort, never queued). */
    private readonly publish: (frame: SseFrame) => void,
    /** Mints the ids of the knowledge base and its pages (2.2: UUIDs, of whatever version). */
    private readonly mint: () => string = randomUUID,
  ) {
    this.id = mint();
    this.createdAt = this.stamp();
    this.updatedAt = this.createdAt;
    // Every concurrent fetch and simulated wait of a crawl listens on this signal.
    setMaxListeners(64, this.work.signal);
  }

  private stamp(): string {
    return new Date(this.clock.now()).toISOString();
  }

  header(): KnowledgeBase {
    return {
      id: this.id,
      name: this.init.name,
      status: this.status,
      created_at: this.createdAt,
      updated_at: this.updatedAt,
      created_by: this.init.createdBy,
      error: this.error,
      node_count: this.nodeCount,
      url_count: this.urlCount,
      seeds: [...this.init.seeds],
      progress: { ...this.progress },
    };
  }

  hasPage(url: string): boolean {
    return this.pageByUrl.has(url);
  }

  addPage(url: string, title: string): KnowledgePage {
    const now = this.stamp();
    const page: KnowledgePage = {
      id: this.mint(),
      url,
      title,
      status: "discovered",
      created_at: now,
      updated_at: now,
    };
    this.pages.push(page);
    this.pageByUrl.set(url, page);
    return page;
  }

  markPage(url: string, status: KnowledgePage["status"]): void {
    const page = this.pageByUrl.get(url);
    if (page === undefined) return;
    page.status = status;
    page.updated_at = this.stamp();
  }

  setStatus(status: KbStatus, error = ""): void {
    if (this.work.signal.aborted) return;
    this.status = status;
    this.error = error;
    this.updatedAt = this.stamp();
    this.publish({ event: "status", data: { kb_id: this.id, status, error } });
  }

  setProgress(patch: Partial<KbProgress>): void {
    if (this.work.signal.aborted) return;
    this.progress = { ...this.progress, ...patch };
    this.updatedAt = this.stamp();
    this.publish({ event: "progress", data: { kb_id: this.id, status: this.status, progress: { ...this.progress } } });
  }

  /** 6.2 rule 1: the whole current state, first on every (re)connect. */
  snapshot(): SseFrame {
    const { status, progress, error, node_count, url_count, updated_at } = this.header();
    return { event: "snapshot", data: { kb_id: this.id, status, progress, error, node_count, url_count, updated_at } };
  }

  /** Stops the crawl or build running on a deleted knowledge base. */
  dispose(): void {
    this.work.abort(new Error("knowledge base deleted"));
  }
}

/** Per-workspace knowledge bases (`ctx.store.workspace(id).slice("knowledge", ...)`). */
export class KnowledgeState {
  readonly bases = new Map<string, KnowledgeRecord>();
}
