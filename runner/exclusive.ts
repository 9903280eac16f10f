// Checks that must run with no other check beside them (ARCHITECTURE.md, "What runs concurrently"): those
// that change state every check depends on (a simulator taken offline, the credit balance, a clock, the
// workspace's provider keys, the website's pages) and those whose verdict reads state every check writes to
// (a whole list's exact content, the provider's log of requests, the website's hits). A suite file declares
// it for all its checks with `exclusive(reason)` at its top, or for one check with the option
// `{ exclusive: reason }`. The launcher reads both from the file's text (lanesOf) before any worker starts, so
// a file runs in the lanes its checks need; check() holds each declaration to that reading.
import { readFileSync } from "node:fs";
import type { Lane } from "./protocol.ts";

/** `exclusive("...")` at the start of a line: every check of the file. */
const FILE_MARK = /^exclusive\(/m;
/** `exclusive: "..."` (or a named reason) in a check's options. */
const CHECK_MARK = /\bexclusive: /;

let fileReason: string | undefined;

/** Every check of this suite file is exclusive, for `reason`: called at the top of the file, before its checks. */
export function exclusive(reason: string): void {
  fileReason = reason;
}

/** Why a check is exclusive (its own option, else its file's declaration), or undefined when it is not. */
export function exclusiveReason(option: string | undefined): string | undefined {
  return option ?? fileReason;
}

/** The lanes a suite file's checks need, read from its text. */
export function lanesOf(text: string): Lane[] {
  if (FILE_MARK.test(text)) return ["exclusive"];
  if (CHECK_MARK.test(text)) return ["shared", "exclusive"];
  return ["shared"];
}

const lanesByFile = new Map<string, Lane[]>();

/**
 * Throws when a check's lane is not one the launcher reads from its file: a declaration written some other
 * way would leave the check in no lane at all, and the run would skip it without a word.
 */
export function assertDeclaredVisibly(file: string, lane: Lane): void {
  let lanes = lanesByFile.get(file);
  if (lanes === undefined) {
    lanes = lanesOf(readFileSync(file, "utf8"));
    lanesByFile.set(file, lanes);
  }
  if (!lanes.includes(lane)) {
    throw new Error(
      `${file}: a check in the ${lane} lane, but the file's text declares only ${lanes.join(" and ")} ` +
        "(write `exclusive(reason)` at the start of a line, or the option `exclusive: reason`)",
    );
  }
}
