// Injected faults: answer 429 or 500, or hang, for matching requests. Rules are tried in order; the first
// that fires wins. `count` caps how many requests a rule hits; `fraction` hits that share of the matching
// requests, evenly spread and deterministic (the 2nd, 4th... for 0.5), so tests need no seed.
import { z } from "zod";

export const FaultKind = z.enum(["rate_limit", "server_error", "hang"]);
export type FaultKind = z.infer<typeof FaultKind>;

export const FaultRule = z.object({
  kind: FaultKind,
  /** Hit at most this many requests; absent means no cap. */
  count: z.int().min(1).optional(),
  /** Hit this share of matching requests; absent means every one. */
  fraction: z.number().gt(0).max(1).optional(),
  /** Only requests whose path starts with this, e.g. `/v1/chat/completions`; absent means every provider path. */
  path: z.string().startsWith("/").optional(),
});
export type FaultRule = z.infer<typeof FaultRule>;

export const FaultsBody = z.object({ faults: z.array(FaultRule).max(100) });

interface ActiveRule {
  rule: FaultRule;
  seen: number;
  fired: number;
}

export class FaultBook {
  private rules: ActiveRule[] = [];

  set(rules: readonly FaultRule[]): void {
    this.rules = rules.map((rule) => ({ rule, seen: 0, fired: 0 }));
  }

  /** The fault for this request, if a rule fires; counts the request against every matching rule it reaches. */
  take(path: string): FaultKind | undefined {
    for (const active of this.rules) {
      const { rule } = active;
      if (rule.path !== undefined && !path.startsWith(rule.path)) continue;
      if (rule.count !== undefined && active.fired >= rule.count) continue;
      const n = active.seen++;
      const f = rule.fraction ?? 1;
      if (Math.floor((n + 1) * f) > Math.floor(n * f)) {
        active.fired++;
        return rule.kind;
      }
    }
    return undefined;
  }

  list(): Array<FaultRule & { fired: number; remaining: number | null }> {
    return this.rules.map(({ rule, fired }) => ({
      ...rule,
      fired,
      remaining: rule.count === undefined ? null : rule.count - fired,
    }));
  }
}
