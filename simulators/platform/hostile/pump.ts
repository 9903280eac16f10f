// Writing a hostile body into a raw response as fast as the client reads it, never buffering more than one
// chunk: a client that stops reading, or goes away, stops the writing.
import type { ServerResponse } from "node:http";

/** Writes `next()` chunks until it answers undefined or the client is gone; then ends the response. */
export async function pump(res: ServerResponse, next: () => Buffer | string | undefined): Promise<void> {
  const gone = () => res.destroyed || res.writableEnded;
  for (;;) {
    if (gone()) return;
    const chunk = next();
    if (chunk === undefined) {
      res.end();
      return;
    }
    if (!res.write(chunk)) {
      await new Promise<void>((resolve) => {
        const done = () => {
          res.off("drain", done);
          res.off("close", done);
          resolve();
        };
        res.once("drain", done);
        res.once("close", done);
      });
    }
  }
}
