// Running code as a check's body (the recorder's context, with a deadline) outside a run, for unit tests of what
// reads the running check's span: waits, skips for a slow clock.
import { recording } from "../../runner/client/recorder.ts";

/** Runs `work` as a check's body with `spanMs` to its deadline; answers what it threw (undefined if nothing). */
export async function inCheck(spanMs: number, work: () => Promise<unknown>): Promise<unknown> {
  let thrown: unknown;
  const { done } = recording(
    ["x.y"],
    async () => {
      try {
        await work();
      } catch (error) {
        thrown = error;
      }
    },
    Date.now() + spanMs,
  );
  await done;
  return thrown;
}
