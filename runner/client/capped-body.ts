// Reading a response body whole, never more than the body cap: the bytes are counted as they arrive, and the
// read stops (the connection is dropped) at the first byte over. undici's own caps (maxResponseSize, and the
// decompress interceptor's maxSize for a compressed body) end the read the same way; both come out as
// BodyOverCap, with what was read.
import type { Readable } from "node:stream";

/** The body went over the cap after `bytesRead` bytes (decoded bytes, for a compressed body). */
export class BodyOverCap extends Error {
  constructor(
    readonly bytesRead: number,
    readonly declared?: number,
  ) {
    super(`the body is larger than the cap (${bytesRead} bytes read)`);
  }
}

const OVER_CAP_CODE = "UND_ERR_RES_EXCEEDED_MAX_SIZE";

/** The body's bytes, or BodyOverCap; a Content-Length already over the cap is refused before any byte is read. */
export async function readCapped(body: Readable, cap: number, contentLength?: string): Promise<Buffer> {
  const declared = contentLength === undefined ? Number.NaN : Number(contentLength);
  if (declared > cap) {
    body.destroy();
    throw new BodyOverCap(0, declared);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of body as AsyncIterable<Buffer>) {
      if (size + chunk.length > cap) {
        body.destroy();
        throw new BodyOverCap(size);
      }
      size += chunk.length;
      chunks.push(chunk);
    }
  } catch (error) {
    if (error instanceof BodyOverCap) throw error;
    if ((error as { code?: string }).code === OVER_CAP_CODE) throw new BodyOverCap(size);
    throw error;
  }
  return Buffer.concat(chunks, size);
}
