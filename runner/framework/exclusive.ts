// Checks that must run with no other check beside them (ARCHITECTURE.md, "What runs concurrently"): those
// that change state every check depends on (a simulator taken offline, the credit balance, a clock, the
// workspace's provider keys, the website's pages) and those whose verdict reads state every check writes to
// (a whole list's exact content, the provider's log of requests, the website's hits). A suite file declares
// it for all its checks with `exclusive(reason)` at its top, or for one check with the option
// `{ exclusive: reason }`. The launcher reads both from the file's text (lanesOf) before any worker starts, so
// a file runs in the lanes its checks need; check() holds each declaration to that reading.
import { readFileSync } from "node:fs";
import type { Lane } from "../contract.ts";

/** `exclusive("...")` at the start of a line: every check of the file. */
const FILE_MARK = /^exclusive\(/m;
/** `exclusive: "..."` (or a named reason, or the reason on the next line) in a check's options. */
const CHECK_MARK = /\bexclusive:\s/;

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

/** A check written at the top level of its file starts a line; its stretch of text runs to the next one. */
const CHECK_START = /^(?=check\()/m;
const ANY_CHECK = /\bcheck\(/g;

/**
 * The lanes a run narrowed to `ids` needs for this file (ids written nowhere are the launcher's to handle):
 * each top-level check's stretch of text (its call, options last, and what follows it up to the next) says
 * exclusive when it holds an `exclusive: ` option. An id met anywhere else (before the first check, or in a
 * stretch holding another check call: a loop, a helper) gives the file's lanes, never fewer than needed.
 */
export function lanesNaming(text: string, ids: readonly string[]): Lane[] {
  const all = lanesOf(text);
  if (all.length === 1) return all;
  // A line break first: split() never cuts at index 0, so a file starting with a check would be all head.
  const [head = "", ...stretches] = `\n${text}`.split(CHECK_START);
  const lanes = new Set<Lane>();
  for (const literal of ids.map((id) => `"${id}"`)) {
    if (head.includes(literal)) return all;
    for (const stretch of stretches.filter((s) => s.includes(literal))) {
      if ((stretch.match(ANY_CHECK) ?? []).length > 1) return all;
      lanes.add(CHECK_MARK.test(stretch) ? "exclusive" : "shared");
    }
  }
  return all.filter((lane) => lanes.has(lane));
}

const texts = new Map<string, string>();
const textOf = (file: string) => {
  let text = texts.get(file);
  if (text === undefined) {
    text = readFileSync(file, "utf8");
    texts.set(file, text);
  }
  return text;
};

/**
 * Throws when the launcher, reading the file's text, would not start this check's lane: in every run (the
 * file's lanes) and in a run narrowed to any one of its clause ids that the file writes (lanesNaming). A
 * declaration written some other way would leave the check in no lane, and the run would skip it without a word.
 */
export function assertDeclaredVisibly(file: string, lane: Lane, clauses: readonly string[] = []): void {
  const text = textOf(file);
  const lanes = lanesOf(text);
  if (!lanes.includes(lane)) {
    throw new Error(
      `${file}: a check in the ${lane} lane, but the file's text declares only ${lanes.join(" and ")} ` +
        "(write `exclusive(reason)` at the start of a line, or the option `exclusive: reason`)",
    );
  }
  for (const id of clauses.filter((c) => text.includes(`"${c}"`))) {
    if (!lanesNaming(text, [id]).includes(lane)) {
      throw new Error(
        `${file}: a check of ${id} in the ${lane} lane, but a run narrowed to ${id} would not start that lane ` +
          "(write the check at the start of a line, its clause ids and its `exclusive: reason` option in its call)",
      );
    }
  }
}
