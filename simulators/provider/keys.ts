// API keys the provider accepts: one default key made per start, plus keys registered over the admin API.
import { randomBytes } from "node:crypto";

export function generateKey(): string {
  return `sk-sim-${randomBytes(24).toString("hex")}`;
}

export class KeyStore {
  readonly defaultKey = generateKey();
  private readonly extra = new Set<string>();

  /** Registers `key`, or a fresh one; answers the key. */
  add(key: string = generateKey()): string {
    this.extra.add(key);
    return key;
  }

  /** The default key cannot be revoked, so a harness always holds one working key. */
  revoke(key: string): boolean {
    return this.extra.delete(key);
  }

  has(key: string): boolean {
    return key === this.defaultKey || this.extra.has(key);
  }

  list(): string[] {
    return [this.defaultKey, ...this.extra];
  }
}

/** `Authorization: Bearer <key>`; undefined when absent or not a bearer credential. */
export function bearerKey(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? "");
  return match?.[1];
}

/**
 * OpenAI's mask: a short prefix, stars, the last four characters (`sk-si*****...abcd`). Short keys show less,
 * so at most a quarter of any key is ever revealed; the star run is capped so a huge header stays small.
 */
export function maskKey(key: string): string {
  const stars = (n: number) => "*".repeat(Math.min(Math.max(n, 1), 40));
  if (key.length >= 20) return key.slice(0, 5) + stars(key.length - 9) + key.slice(-4);
  if (key.length >= 16) return stars(key.length - 4) + key.slice(-4);
  return stars(key.length);
}

/** The last four characters, for recorded requests; nothing for keys too short to hint at safely. */
export function keyHint(key: string | undefined): string | null {
  return key !== undefined && key.length >= 16 ? key.slice(-4) : null;
}
