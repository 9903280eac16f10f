// What a scenario's findings are judged with besides its metrics (findings.ts). Plain types with no
// imports, so the summary record (summary-data.ts) can carry them without importing the judges.

export interface PeakBound {
  /** The most calls the run could have had at once. */
  limit: number;
  /** How the limit was derived, for the report. */
  why: string;
}

export interface DriftLimits {
  /** Largest allowed relative growth of a latency p95 (0.5 = +50 %). */
  latencyGrowth: number;
  /** Milliseconds of growth that always pass: small numbers jitter. */
  latencySlackMs: number;
  /** Largest allowed rise of an error rate (0.01 = one point). */
  errorRise: number;
  /** Largest allowed relative growth of the server's memory. */
  memoryGrowth: number;
}

export type FindingInputs =
  | { scenario: "api-mix" }
  /** `share`: the part of the run's conversations (and so of its messages) this summary covers. */
  | { scenario: "streams"; rate: number; window_ms: number; share: number }
  | { scenario: "calls"; bound: PeakBound }
  | { scenario: "soak"; limits: DriftLimits; notes: Record<string, string> };
