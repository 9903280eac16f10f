// The other end of a web call. A browser joins a live voice or video call with the media room token POST
// /v1/calls/token mints (1, 5 item 4); the harness has no browser and no media layer, and the spec leaves a call
// session's states open (3.3), so a session nobody joins may stay queued for good. A check that needs a web call
// to run (to start, end, be analysed, emit session.completed) joins it first through the target's test control
// (`POST {test_control}/calls/{session_id}/join` with the token, README "Test control"), and skips with that
// reason when the target has no way to join one.
import { z } from "zod";
import { runConfig } from "../../runner/client/run-config.ts";
import { TargetError } from "../../runner/client/target-error.ts";
import { skipCheck } from "../../runner/framework/check.ts";
import { NO_TEST_CONTROL } from "../../runner/framework/skip-reasons.ts";
import { testControl } from "./test-control.ts";

/** What a token answer gives a participant to join with (4.1: the answer's fields beyond the token are not shown). */
export const MintedCall = z.looseObject({ session_id: z.string(), token: z.string() });
export type MintedCall = z.infer<typeof MintedCall>;

const NOT_JOINABLE =
  "nobody can join the web call (a browser joins with its media room token, 1): the session of a web call nobody joins may stay queued (3.3)";

/** Joins the web call `minted` started, as its browser would; skips the check when the target cannot. */
export async function joinWebCall(minted: MintedCall): Promise<void> {
  if (runConfig().target.test_control === undefined) skipCheck(`${NOT_JOINABLE}, and ${NO_TEST_CONTROL}`);
  const answer = await testControl("POST", `/calls/${minted.session_id}/join`, { token: minted.token });
  if (answer.status === 404 || answer.status === 405) {
    skipCheck(`${NOT_JOINABLE}, and the target's test_control has no join hook (${answer.status})`);
  }
  if (answer.status < 200 || answer.status >= 300) {
    throw new TargetError(`test control answered ${answer.status} to the join of web call ${minted.session_id}`);
  }
}
