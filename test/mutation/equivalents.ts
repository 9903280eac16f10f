// Reads test/mutation/equivalent.md: the surviving mutants that cannot change any behaviour the spec
// states, one table row each (area, key, why). The key names the mutant as the run's survivors list does.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { PACKAGE_ROOT } from "../../runner/package-info.ts";

export interface Equivalent {
  key: string;
  why: string;
}

export function equivalentKey(mutant: { file: string; line: number; mutator: string; replacement: string }): string {
  const replacement = mutant.replacement.replace(/\s+/g, " ").slice(0, 60);
  return `${mutant.file}:${mutant.line} ${mutant.mutator} ${replacement}`;
}

/** The rows of `area`, by key. A row is `| area | \`key\` | why |`, a `|` in the key escaped as `\|`. */
export function readEquivalents(area: string): Map<string, Equivalent> {
  const text = readFileSync(join(PACKAGE_ROOT, "test/mutation/equivalent.md"), "utf8");
  const rows = new Map<string, Equivalent>();
  for (const line of text.split("\n")) {
    const match = /^\|\s*([a-z]+)\s*\|\s*`([^`]+)`\s*\|\s*(.+?)\s*\|$/.exec(line);
    if (match === null || match[1] !== area) continue;
    // A `|` inside a key is written `\|`, so the table stays a table.
    const key = match[2]!.replaceAll("\\|", "|");
    rows.set(key, { key, why: match[3]! });
  }
  return rows;
}
