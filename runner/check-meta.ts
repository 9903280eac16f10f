// What a check hands to the collector through vitest's task meta (serialised to the main process).
import type { Exchange, Leftover, SuiteTraffic } from "../spec/report.ts";
import type { Ambiguity, RuleObservation } from "./recorder.ts";

export interface CheckMeta {
  clauses: string[];
  suite: string;
  /** Set when the check could not run to a verdict (target unreachable, timeout): `errored`. */
  errored?: boolean;
  failure?: {
    message: string;
    seed: number | null;
    path: string | null;
    exchanges: Exchange[];
    reproduce: string;
  };
  universal?: Record<string, RuleObservation>;
  /** Requests the check sent to the target's regions (runner/recorder.ts). */
  requests?: number;
  ambiguities?: Ambiguity[];
}

declare module "vitest" {
  interface TaskMeta {
    check?: CheckMeta;
    /** On a suite file: resources it created and could not delete. */
    leftovers?: Leftover[];
    /** On a suite file: where its time went. */
    traffic?: SuiteTraffic;
  }
}
