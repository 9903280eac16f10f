// A command's flags as one table: the parser's options, each flag's default and its line of help all come from
// it, so `--help` lists every flag a command takes and a default is written once. The tables are run's
// (run-options.ts) and every other command's (command-flags.ts); help.ts renders them.
import { parseArgs } from "node:util";
import { UsageError } from "./usage-error.ts";

export interface Flag {
  type: "string" | "boolean";
  /** Repeatable: `--fault a --fault b`. */
  multiple?: true;
  /** The placeholder of a string flag's value in the help: `N`, `FILE`, `URL`... */
  value?: string;
  /** What it is when not given; a string flag's default is also what the command reads. */
  default?: string | number;
  /** One line of help (help.ts adds the default). */
  help: string;
}

export type FlagTable = Readonly<Record<string, Flag>>;

/** The parsed values: a string (or strings) per string flag given, true per boolean given. */
export type FlagValues<T extends FlagTable> = {
  [K in keyof T]?: T[K]["type"] extends "boolean" ? boolean : T[K]["multiple"] extends true ? string[] : string;
};

/** What parseArgs refuses, as one line a person can act on (its own is three lines, or a stack trace). */
function usageLine(error: Error & { code?: string }, argv: string[]): string {
  const ambiguous = /^Option '(--[\w-]+)(?: <value>)?' argument is ambiguous/.exec(error.message);
  if (ambiguous !== null) {
    const flag = ambiguous[1]!;
    const value = argv[argv.indexOf(flag) + 1] ?? "";
    return `${flag} takes a value and ${JSON.stringify(value)} begins with "-": write ${flag}=${value} if that is the value`;
  }
  const missing = /^Option '(--[\w-]+)(?: <value>)?' argument missing/.exec(error.message);
  if (missing !== null) return `${missing[1]} needs a value`;
  return error.message.split("\n")[0]!;
}

/** Parses `argv` against `table`; any flag not in it, a missing value or a stray argument is a UsageError. */
export function parseFlags<T extends FlagTable>(
  table: T,
  argv: string[],
  options: { positionals?: boolean } = {},
): { values: FlagValues<T>; positionals: string[] } {
  const parserOptions = Object.fromEntries(
    Object.entries(table).map(([name, flag]) => [name, { type: flag.type, multiple: flag.multiple === true }]),
  );
  try {
    const parsed = parseArgs({
      args: argv,
      options: parserOptions,
      strict: true,
      allowPositionals: options.positionals,
    });
    return { values: parsed.values as FlagValues<T>, positionals: parsed.positionals };
  } catch (error) {
    const code = (error as { code?: string }).code ?? "";
    if (code.startsWith("ERR_PARSE_ARGS_")) throw new UsageError(usageLine(error as Error, argv));
    throw error;
  }
}

/** A string flag's value, or its default from the table. */
export function stringFlag<T extends FlagTable>(table: T, values: FlagValues<T>, name: keyof T & string): string {
  const given = values[name];
  if (typeof given === "string") return given;
  const fallback = table[name]?.default;
  if (fallback === undefined) throw new Error(`--${name} has no default in its table`);
  return String(fallback);
}

/** An integer flag at least `min` (its default from the table when not given). */
export function intFlag<T extends FlagTable>(
  table: T,
  values: FlagValues<T>,
  name: keyof T & string,
  min: number,
): number {
  const text = stringFlag(table, values, name);
  const n = /^-?\d+$/.test(text.trim()) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(n) || n < min) throw new UsageError(`--${name} must be an integer >= ${min}, got ${text}`);
  return n;
}

/** A comma-separated list flag's items, or undefined when it names none. */
export function listFlag(value: string | undefined): string[] | undefined {
  const items = value
    ?.split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  return items?.length ? items : undefined;
}

/** `[--name VALUE]` for every flag: the command's synopsis. */
export function synopsisOf(table: FlagTable): string[] {
  return Object.entries(table).map(([name, flag]) => {
    const value = flag.type === "string" ? ` ${flag.value ?? "VALUE"}` : "";
    return `[--${name}${value}]${flag.multiple ? "..." : ""}`;
  });
}

/** `text` in lines of at most `width` characters, the later ones indented by `indent`. */
export function wrap(text: string, width: number, indent: number): string[] {
  const lines = [""];
  for (const word of text.split(" ")) {
    const last = lines[lines.length - 1]!;
    if (last !== "" && indent + last.length + 1 + word.length > width) lines.push(word);
    else lines[lines.length - 1] = last === "" ? word : `${last} ${word}`;
  }
  return lines.map((line, i) => (i === 0 ? line : `${" ".repeat(indent)}${line}`));
}

/** One entry per flag: the flag, its help and its default, wrapped at `width` under the help's column. */
export function flagLines(table: FlagTable, width = 118): string[] {
  const names = Object.entries(table).map(([name, flag]) => {
    const value = flag.type === "string" ? ` ${flag.value ?? "VALUE"}` : "";
    return `--${name}${value}`;
  });
  const column = Math.max(...names.map((n) => n.length), 0) + 4;
  return Object.values(table).flatMap((flag, i) => {
    const fallback = flag.default === undefined ? "" : ` (default ${flag.default})`;
    const [first, ...rest] = wrap(`${flag.help}${fallback}`, width, column);
    return [`  ${names[i]!.padEnd(column - 2)}${first}`, ...rest];
  });
}
