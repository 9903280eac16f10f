// Per-workspace webhook state: the webhooks, and each one's delivery log (newest first on read).
import type { DeliveryRecord, Webhook, WebhookStatus } from "../../../spec/webhook.ts";
import type { PlatformContext } from "../context.ts";

/** A stored webhook: the read view's fields plus the secret, which never leaves except at create/rotate. */
export interface WebhookRow extends Omit<Webhook, "secret_hint" | "status"> {
  status: WebhookStatus;
  secret: string;
}

/** A hook keeps its latest attempts only, to bound memory. */
const LOG_LIMIT = 10_000;

export class WebhookState {
  readonly webhooks = new Map<string, WebhookRow>();
  private readonly logs = new Map<string, DeliveryRecord[]>();
  private readonly editSeq = new Map<string, number>();
  private seq = 0;

  static of(ctx: PlatformContext, workspaceId: string): WebhookState {
    return ctx.store.workspace(workspaceId).slice("webhooks", () => new WebhookState());
  }

  touch(id: string): void {
    this.seq += 1;
    this.editSeq.set(id, this.seq);
  }

  remove(id: string): void {
    this.webhooks.delete(id);
    this.editSeq.delete(id);
    this.logs.delete(id);
  }

  /** Newest first by last edit, like agents and tools (2.1). */
  newestFirst(): WebhookRow[] {
    return [...this.webhooks.values()].sort((a, b) => (this.editSeq.get(b.id) ?? 0) - (this.editSeq.get(a.id) ?? 0));
  }

  record(webhookId: string, attempt: DeliveryRecord): void {
    this.append(webhookId, attempt);
    const webhook = this.webhooks.get(webhookId);
    if (webhook !== undefined) {
      webhook.last_delivered_at = attempt.attempted_at;
      webhook.last_status = attempt.status;
    }
  }

  /** Logs an attempt and leaves the webhook's last_delivered_at and last_status as they were (planted faults only). */
  logOnly(webhookId: string, attempt: DeliveryRecord): void {
    this.append(webhookId, attempt);
  }

  private append(webhookId: string, attempt: DeliveryRecord): void {
    const log = this.logs.get(webhookId) ?? [];
    log.push(attempt);
    if (log.length > LOG_LIMIT) log.shift();
    this.logs.set(webhookId, log);
  }

  /** The delivery log, newest attempt first. */
  log(webhookId: string): DeliveryRecord[] {
    return [...(this.logs.get(webhookId) ?? [])].reverse();
  }
}
