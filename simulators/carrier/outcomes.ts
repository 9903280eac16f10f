// What a dialled destination does: an admin script (exact number or prefix), else the number
// pattern +1 555 0 O P NNNN (README.md), else the default (answer after 2 s, talk 10 s).
import type { OutcomeName, OutcomeStep, Script } from "./schemas.ts";

/** Simulated ms a step rings before its result when the step does not say. */
const DEFAULT_RING_MS: Record<OutcomeName, number> = {
  answer: 2_000,
  hold: 2_000,
  voicemail: 5_000,
  busy: 1_000,
  failed: 0,
  "no-answer": Number.POSITIVE_INFINITY,
};
export const DEFAULT_TALK_MS = 10_000;

/** A step with every duration filled in; no-answer rings "forever" and so ends at the dial's Timeout. */
export interface ResolvedStep {
  outcome: OutcomeName;
  ringMs: number;
  talkMs: number;
}

export function resolveStep(step: OutcomeStep): ResolvedStep {
  return {
    outcome: step.outcome,
    ringMs: step.ring_ms ?? DEFAULT_RING_MS[step.outcome],
    talkMs: step.talk_ms ?? DEFAULT_TALK_MS,
  };
}

export const DEFAULT_SCRIPT: Script = { steps: [{ outcome: "answer" }] };

/** Seconds selected by the pattern's parameter digit P. */
export const PATTERN_SECONDS = [5, 10, 20, 30, 60, 120, 300, 600, 1800, 3600] as const;

const PATTERN = /^\+15550(\d)(\d)\d{4}$/;

/** The script a patterned number (+1 555 0 O P NNNN) encodes, or undefined for any other number. */
export function scriptFromPattern(e164: string): Script | undefined {
  const match = PATTERN.exec(e164);
  if (match === null) return undefined;
  const o = Number(match[1]);
  const p = Number(match[2]);
  const seconds = PATTERN_SECONDS[p]! * 1000;
  const times = Math.max(p, 1);
  const thenAnswer = (outcome: OutcomeName): Script => ({
    steps: [...Array.from({ length: times }, () => ({ outcome })), { outcome: "answer" }],
  });
  switch (o) {
    case 0:
      return { steps: [{ outcome: "answer", talk_ms: seconds }] };
    case 1:
      return { steps: [{ outcome: "busy" }] };
    case 2:
      return { steps: [{ outcome: "no-answer" }] };
    case 3:
      return { steps: [{ outcome: "failed" }] };
    case 4:
      return { steps: [{ outcome: "voicemail", talk_ms: seconds }] };
    case 5:
      return thenAnswer("no-answer");
    case 6:
      return thenAnswer("busy");
    case 7:
      return thenAnswer("failed");
    case 8:
      return { steps: [{ outcome: "answer", ring_ms: seconds }] };
    default:
      return { steps: [{ outcome: "hold" }] };
  }
}

/** Admin scripts by key: an exact E.164 number or a prefix ending with `*`. */
export class ScriptBook {
  private readonly scripts = new Map<string, Script>();

  set(key: string, script: Script): void {
    this.scripts.set(key, script);
  }

  delete(key: string): boolean {
    return this.scripts.delete(key);
  }

  clear(): void {
    this.scripts.clear();
  }

  list(): { key: string; steps: OutcomeStep[] }[] {
    return [...this.scripts].map(([key, script]) => ({ key, steps: script.steps }));
  }

  /** Exact script, else the longest matching prefix, else the pattern, else the default. */
  scriptFor(e164: string): Script {
    const exact = this.scripts.get(e164);
    if (exact !== undefined) return exact;
    let best: { length: number; script: Script } | undefined;
    for (const [key, script] of this.scripts) {
      if (!key.endsWith("*")) continue;
      const prefix = key.slice(0, -1);
      if (e164.startsWith(prefix) && (best === undefined || prefix.length > best.length))
        best = { length: prefix.length, script };
    }
    return best?.script ?? scriptFromPattern(e164) ?? DEFAULT_SCRIPT;
  }

  /** The step attempt `attempt` (1-based) plays; the last step repeats. */
  stepFor(e164: string, attempt: number): ResolvedStep {
    const { steps } = this.scriptFor(e164);
    return resolveStep(steps[Math.min(attempt, steps.length) - 1]!);
  }
}
