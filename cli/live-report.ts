// The reports written while a run goes on, marked incomplete (spec/report.ts, `incomplete`), so a run that dies
// (killed by CI, out of memory, a worker lost) still leaves a report.json with every verdict it reached
// (ARCHITECTURE.md, "A report even when the run dies"). They are rewritten as checks finish, at most every five
// seconds, and on an interrupt; the run's final write replaces them. Every write is synchronous: one never
// interleaves with another, and the one an interrupt makes is done before any other handler ends the process.
import { writeReportsSync } from "../reports/write.ts";
import type { Report } from "../spec/report.ts";

const AT_MOST_EVERY_MS = 5_000;

/** What a report written while the run goes on says, should the run never write another. */
export const STILL_RUNNING =
  "it stopped before its end (killed, out of memory, or still running): this report was written while it ran";

export class LiveReport {
  private timer: NodeJS.Timeout | undefined;
  private lastWrite = 0;
  private stopped = false;
  private warned = false;

  /** `build(reason)` is the report of the checks finished so far, incomplete for that reason. */
  constructor(
    private readonly dir: string,
    private readonly build: (reason: string) => Report,
  ) {}

  /** Something finished: the reports are rewritten within five seconds. */
  changed(): void {
    if (this.stopped || this.timer !== undefined) return;
    const wait = Math.max(0, this.lastWrite + AT_MOST_EVERY_MS - Date.now());
    this.timer = setTimeout(() => {
      this.timer = undefined;
      if (!this.stopped) this.write(STILL_RUNNING);
    }, wait);
  }

  /** Writes the reports now, incomplete for `reason`, and no more after; answers the report and its files. */
  flush(reason: string): { report: Report; files: string[] } {
    this.stop();
    return this.write(reason);
  }

  /** No more writes: the run writes its final reports itself. */
  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private write(reason: string): { report: Report; files: string[] } {
    this.lastWrite = Date.now();
    const report = this.build(reason);
    try {
      return { report, files: writeReportsSync(report, this.dir).files };
    } catch (error) {
      if (!this.warned)
        console.error(`warning: could not write the reports of the run so far: ${(error as Error).message}`);
      this.warned = true;
      return { report, files: [] };
    }
  }
}
