// Reads test/mutation/equivalent.md: the surviving mutants that cannot change any behaviour the spec
// states, one table row each (area, key, why). The key names the mutant as the run's survivors list does.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { PACKAGE_ROOT } from "../../runner/framework/package-info.ts";

export interface Equivalent {
  key: string;
  why: string;
}

export function equivalentKey(mutant: { file: string; line: number; mutator: string; replacement: string }): string {
  const replacement = mutant.replacement.replace(/\s+/g, " ").slice(0, 60);
  return `${mutant.file}:${mutant.line} ${mutant.mutator} ${replacement}`;
}

/**
 * `text` as a markdown code span: fenced by a run of backticks longer than any inside it (a mutant's
 * replacement may be an empty template literal), with a space inside the fences when it holds a backtick.
 */
export function codeSpan(text: string): string {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = "`".repeat(longest + 1);
  return longest === 0 ? `${fence}${text}${fence}` : `${fence} ${text} ${fence}`;
}

/** The rows of `area`, by key. A row is `| area | key as a code span | why |`, a `|` in the key escaped as `\|`. */
export function readEquivalents(area: string): Map<string, Equivalent> {
  const text = readFileSync(join(PACKAGE_ROOT, "test/mutation/equivalent.md"), "utf8");
  const rows = new Map<string, Equivalent>();
  for (const line of text.split("\n")) {
    const match = /^\|\s*([a-z-]+)\s*\|\s*(`+)(?: (.+?) |([^`].*?))\2\s*\|\s*(.+?)\s*\|$/.exec(line);
    if (match === null || match[1] !== area) continue;
    // A `|` inside a key is written `\|`, so the table stays a table.
    const key = (match[3] ?? match[4])!.replaceAll("\\|", "|");
    rows.set(key, { key, why: match[5]! });
  }
  return rows;
}
