// Reads test/mutation/equivalent.md: the surviving mutants that cannot change any behaviour the spec
// states, one table row each (area, key, why). The key names one mutant: its file, line and column, its
// mutator, the original text it replaces and its replacement, as the run's survivors list prints it.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { PACKAGE_ROOT } from "../../runner/framework/package-info.ts";

export interface Equivalent {
  key: string;
  why: string;
}

/** A position as mutation-testing-report-schema writes it: line and column both from 1. */
export interface Position {
  line: number;
  column: number;
}

/** One mutant as a key names it. */
export interface MutantSite {
  file: string;
  start: Position;
  end: Position;
  mutator: string;
  replacement: string;
}

/** The text between two positions of `source`: what a mutant replaces. */
export function textAt(source: string, start: Position, end: Position): string {
  const lines = source.split("\n");
  if (start.line === end.line) return lines[start.line - 1]!.slice(start.column - 1, end.column - 1);
  return [
    lines[start.line - 1]!.slice(start.column - 1),
    ...lines.slice(start.line, end.line - 1),
    lines[end.line - 1]!.slice(0, end.column - 1),
  ].join("\n");
}

/** A text on one line: its whitespace runs made one space. */
function flat(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/**
 * An original text past 60 characters as its head and its tail, so two mutants at one column (`a && b` and
 * `a && b && c`) still differ by their ends.
 */
export function clip(text: string): string {
  const line = flat(text);
  return line.length <= 60 ? line : `${line.slice(0, 30).trimEnd()} … ${line.slice(-26).trimStart()}`;
}

/** A replacement past 60 characters as the 50 around where it first differs from the original. */
export function clipChange(original: string, replacement: string): string {
  const [from, to] = [flat(original), flat(replacement)];
  if (to.length <= 60) return to;
  let same = 0;
  while (same < from.length && from[same] === to[same]) same += 1;
  const start = Math.max(0, same - 20);
  return `${start > 0 ? "… " : ""}${to.slice(start, start + 50)}${start + 50 < to.length ? " …" : ""}`;
}

/** `file:line:column Mutator original → replacement`, the original read from the mutated file's `source`. */
export function equivalentKey(mutant: MutantSite, source: string): string {
  const original = textAt(source, mutant.start, mutant.end);
  const { file, start, mutator, replacement } = mutant;
  return `${file}:${start.line}:${start.column} ${mutator} ${clip(original)} → ${clipChange(original, replacement)}`;
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

/**
 * The rows of `area`, by key. A row is `| area | key as a code span | why |`, a `|` in the key escaped as `\|`.
 * A key written twice is an error: one row per mutant.
 */
export function readEquivalents(area: string): Map<string, Equivalent> {
  const text = readFileSync(join(PACKAGE_ROOT, "test/mutation/equivalent.md"), "utf8");
  const rows = new Map<string, Equivalent>();
  for (const line of text.split("\n")) {
    const match = /^\|\s*([a-z-]+)\s*\|\s*(`+)(?: (.+?) |([^`].*?))\2\s*\|\s*(.+?)\s*\|$/.exec(line);
    if (match === null || match[1] !== area) continue;
    // A `|` inside a key is written `\|`, so the table stays a table.
    const key = (match[3] ?? match[4])!.replaceAll("\\|", "|");
    if (rows.has(key)) throw new Error(`test/mutation/equivalent.md lists ${area} ${key} twice`);
    rows.set(key, { key, why: match[5]! });
  }
  return rows;
}
