// What the harness reads from a server, bounded (ARCHITECTURE.md, "Limits"): a server under test is not yet
// trusted, and an answer that is huge, endless or broken must cost the run bounded memory and time. The spec
// bounds none of what these caps measure (8: maximum body sizes are not shown; nothing bounds a header, an
// SSE line or a frame), so going over a cap is an error of the check that met it (LimitExceeded is a
// TargetError), never a failure, and the run goes on.
import { SETTING_DEFAULTS } from "../contract.ts";
import { TargetError } from "./target-error.ts";

const KiB = 1024;
const MiB = 1024 * KiB;

export const LIMITS = {
  /** Default of `run --max-body-bytes`: a response body larger than this is not read (decoded size, after gzip). */
  bodyBytes: SETTING_DEFAULTS.maxBodyBytes,
  /** A body a probe before the run reads (runner/target/target-probe.ts): a status and an error message are enough. */
  probeBodyBytes: 1 * MiB,
  /** Status line and headers of a response (undici's maxHeaderSize; Node's own default). */
  headerBytes: 16 * KiB,
  /** One line of an event stream (as the k6/x/sse module's scanner). */
  sseLineBytes: 1 * MiB,
  /** The field lines of one SSE frame together. */
  sseFrameBytes: 1 * MiB,
  /** Frames one stream keeps for its checks; a stream sending more is closed. */
  sseFramesKept: 10_000,
  /** Keep-alive comments one stream keeps (each cut to sseCommentChars); later ones are counted, not kept. */
  sseCommentsKept: 1_000,
  sseCommentChars: 256,
  /** Wire-format problems one stream lists; later ones are counted. */
  sseProblemsKept: 100,
  /** Exchanges a check keeps of its last ones: with its first ones and the one a failed assertion names, what a
   * failure shows. */
  exchangesKept: 8,
  /** Exchanges a check keeps of its first ones (the set-up a failure started from). */
  firstExchangesKept: 2,
  /** Exchanges an assertion's message named lately (explain), one of which a failure may be about. */
  namedExchangesKept: 16,
  /** Characters of a failure message kept in the report. */
  messageChars: 64 * KiB,
} as const;

/** `16 MiB`, `16 KiB` or `123 bytes`: sizes as the messages and the README say them. */
export function formatBytes(bytes: number): string {
  if (bytes >= MiB && bytes % MiB === 0) return `${bytes / MiB} MiB`;
  if (bytes >= KiB && bytes % KiB === 0) return `${bytes / KiB} KiB`;
  return `${bytes} bytes`;
}

/** An answer over one of the caps above: the check errors, naming the cap and how to change it if it can be. */
export class LimitExceeded extends TargetError {}
