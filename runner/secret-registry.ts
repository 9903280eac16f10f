// The run's registry of secret values, shared through one file: every vitest worker appends what it sends or
// learns (tokens, cookies, webhook secrets, provider keys, secret values), every worker reads what the others
// appended, and `run` reads it all before writing reports and the bundle. One JSON string per line, mode 0600.
import { appendFileSync, closeSync, openSync, readFileSync, readSync, statSync } from "node:fs";

export function appendSecret(file: string, value: string): void {
  appendFileSync(file, `${JSON.stringify(value)}\n`, { mode: 0o600 });
}

function parseLines(text: string): string[] {
  const values: string[] = [];
  for (const line of text.split("\n")) {
    if (line === "") continue;
    try {
      const value: unknown = JSON.parse(line);
      if (typeof value === "string") values.push(value);
    } catch {
      // A line being written by another worker right now: read again on the next sync.
    }
  }
  return values;
}

/** Every value in the registry (none when it does not exist). */
export function readSecrets(file: string): string[] {
  try {
    return parseLines(readFileSync(file, "utf8"));
  } catch {
    return [];
  }
}

/** Reads only what was appended since the last call, up to the last complete line. */
export class SecretFileReader {
  private offset = 0;

  constructor(private readonly file: string) {}

  readNew(): string[] {
    let size: number;
    try {
      size = statSync(this.file).size;
    } catch {
      return [];
    }
    if (size <= this.offset) return [];
    const buffer = Buffer.alloc(size - this.offset);
    const fd = openSync(this.file, "r");
    try {
      readSync(fd, buffer, 0, buffer.length, this.offset);
    } finally {
      closeSync(fd);
    }
    // Whole lines only: a half-written line (and a UTF-8 sequence cut in two) waits for the next read.
    const end = buffer.lastIndexOf(0x0a) + 1;
    this.offset += end;
    return parseLines(buffer.subarray(0, end).toString("utf8"));
  }
}
