// What a run prints: every line redacted (a server's own output under --command, or a message, may carry a
// secret), kept for the bundle's run.log, and printed unless --quiet says to print only what must be said.
import { redact } from "../runner/client/redact.ts";

export class RunLog {
  readonly lines: string[] = [];

  constructor(private readonly quiet: boolean) {}

  /** A line of progress: kept, printed unless --quiet. */
  readonly log = (line: string): void => {
    const safe = this.keep(line);
    if (!this.quiet) console.log(safe);
  };

  /** A line of the outcome: kept and always printed. */
  readonly say = (line: string): void => {
    console.log(this.keep(line));
  };

  /** The whole log, as the bundle's run.log holds it. */
  text(): string {
    return `${this.lines.join("\n")}\n`;
  }

  private keep(line: string): string {
    const safe = redact(line);
    this.lines.push(safe);
    return safe;
  }
}
