// Names and ids for one load run. Every resource a run creates is named `k6-<runid>-...`, so a
// cleanup (ours in teardown, or a person's) can find exactly what this run left behind.
import { randomBytes } from "k6/crypto";

/** Set by the CLI so every VU agrees; a run started by hand gets one from its start time. */
export function runId(): string {
  return __ENV.CAP_RUN_ID || `r${Date.now().toString(36)}`;
}

export function runPrefix(id: string): string {
  return `k6-${id}-`;
}

/** RFC 4122 version 4 UUID (client_message_id is a caller-generated UUID, 4). */
export function uuid(): string {
  const b = new Uint8Array(randomBytes(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A short unique suffix for names within a run. */
export function suffix(): string {
  return uuid().slice(0, 8);
}

export function pick<T>(items: readonly T[]): T {
  if (items.length === 0) throw new Error("pick from an empty list");
  return items[Math.floor(Math.random() * items.length)]!;
}

/** Picks a key with probability proportional to its weight. */
export function weighted<K extends string>(weights: Record<K, number>): K {
  const entries = Object.entries(weights) as Array<[K, number]>;
  const total = entries.reduce((sum, [, w]) => sum + w, 0);
  let roll = Math.random() * total;
  for (const [key, w] of entries) {
    roll -= w;
    if (roll < 0) return key;
  }
  return entries[entries.length - 1]![0];
}
