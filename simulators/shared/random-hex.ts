// Random ids and secrets in hex, drawn from a pool of CSPRNG bytes refilled a few kilobytes at a time:
// a randomBytes call per id was a synchronous trip into OpenSSL on every dial and every completion
// (node's own randomUUID keeps such a cache for the same reason). No byte is handed out twice.
import { randomFillSync } from "node:crypto";

const POOL_BYTES = 4096;
const pool = Buffer.alloc(POOL_BYTES);
let offset = POOL_BYTES;

/** `bytes` random bytes as 2 × `bytes` lowercase hex digits. */
export function randomHex(bytes: number): string {
  if (bytes > POOL_BYTES) throw new RangeError(`randomHex takes at most ${POOL_BYTES} bytes`);
  if (offset + bytes > POOL_BYTES) {
    randomFillSync(pool);
    offset = 0;
  }
  const hex = pool.toString("hex", offset, offset + bytes);
  offset += bytes;
  return hex;
}
