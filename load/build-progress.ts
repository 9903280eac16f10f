// What a k6 build is doing, said every few seconds: a first build downloads k6's Go modules and compiles about a
// thousand packages (3 to 6 minutes on a small machine), during which Go itself prints nothing. Go's own lines
// (`go mod download -x`, `go build -v`) are counted, not printed; the last of them are kept and shown when the
// step fails, since its errors are among them.

/** How one build step's lines are read: which of them mark a unit of progress. */
export interface Step {
  /** "downloading k6's Go modules". */
  doing: string;
  /** "modules fetched". */
  unit: string;
  /** A line that marks one unit done. */
  counts: (line: string) => boolean;
  /** How many units there are at most, when known. */
  total?: number;
}

/** `go mod download -x` traces each fetch: a module's zip answered is one module fetched. */
export const DOWNLOAD: Omit<Step, "total"> = {
  doing: "downloading k6's Go modules",
  unit: "modules fetched",
  counts: (line) => /^# get \S+\.zip: 200 OK/.test(line),
};

/** `go build -v` names each package as it compiles it (an import path: no spaces); errors have spaces. */
export const COMPILE: Omit<Step, "total"> = {
  doing: "compiling k6",
  unit: "packages compiled",
  counts: (line) => /^[\w.~+-]+(\/[\w.~+-]+)*$/.test(line),
};

const KEPT_LINES = 40;

export class BuildProgress {
  private done = 0;
  private readonly kept: string[] = [];
  private readonly started: number;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly step: Step,
    private readonly log: (line: string) => void,
    everyMs = 10_000,
    private readonly now: () => number = Date.now,
  ) {
    this.started = now();
    log(`${step.doing}...`);
    this.timer = setInterval(() => log(this.status()), everyMs);
    this.timer.unref();
  }

  /** One line of Go's output. */
  line(text: string): void {
    if (this.step.counts(text)) this.done++;
    this.kept.push(text);
    if (this.kept.length > KEPT_LINES) this.kept.shift();
  }

  /** "compiling k6: 412 of at most 1020 packages compiled, 1m35s". */
  status(): string {
    const of = this.step.total === undefined ? "" : ` of at most ${this.step.total}`;
    return `${this.step.doing}: ${this.done}${of} ${this.step.unit}, ${elapsed(this.now() - this.started)}`;
  }

  /** Ends the step: its last status, or on failure Go's last lines, where its errors are. */
  finish(ok: boolean): void {
    clearInterval(this.timer);
    if (ok) this.log(this.status());
    else for (const text of this.kept) this.log(text);
  }
}

function elapsed(ms: number): string {
  const seconds = Math.round(ms / 1000);
  return seconds < 60 ? `${seconds}s` : `${Math.floor(seconds / 60)}m${String(seconds % 60).padStart(2, "0")}s`;
}
