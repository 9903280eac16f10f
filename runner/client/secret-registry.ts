// The run's registry of secret values, shared through one file: every vitest worker appends what it sends or
// learns (tokens, cookies, webhook secrets, provider keys, secret values), every worker reads what the others
// appended, and `run` reads it all before writing reports and the bundle (its line format: runner/contract.ts).
import { appendFileSync, closeSync, openSync, readFileSync, readSync, statSync } from "node:fs";
import { parseSecretLines, secretLine } from "../contract.ts";

export function appendSecret(file: string, value: string): void {
  appendFileSync(file, secretLine(value), { mode: 0o600 });
}

/** Every value in the registry (none when it does not exist). */
export function readSecrets(file: string): string[] {
  try {
    return parseSecretLines(readFileSync(file, "utf8"));
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
    return parseSecretLines(buffer.subarray(0, end).toString("utf8"));
  }
}
