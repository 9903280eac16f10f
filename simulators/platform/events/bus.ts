// The region's event bus: what happened in a workspace (a session started, a batch completed), fanned
// out to subscribers such as webhook delivery. Publishing never waits for a subscriber.
import { randomUUID } from "node:crypto";

export interface PlatformEvent {
  id: string;
  /** One of the 6.1 event types. */
  type: string;
  workspaceId: string;
  /** The envelope's agent_id (6.1); null where no agent is involved. */
  agent_id: string | null;
  /** Simulated epoch ms. */
  at: number;
  data: Record<string, unknown>;
}

export type EventListener = (event: PlatformEvent) => void;

export class EventBus {
  private readonly listeners = new Set<EventListener>();

  /** `mint` makes event ids (2.2: UUIDs, of whatever version the instance serves). */
  constructor(private readonly mint: () => string = randomUUID) {}

  subscribe(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  publish(event: Omit<PlatformEvent, "id"> & { id?: string }): PlatformEvent {
    const full: PlatformEvent = { ...event, id: event.id ?? this.mint() };
    for (const listener of this.listeners) {
      // A subscriber's failure or slowness must never reach the code that published.
      queueMicrotask(() => {
        try {
          listener(full);
        } catch {
          // delivery problems are the subscriber's to record
        }
      });
    }
    return full;
  }
}
