// The clause list format (ARCHITECTURE.md, "Clauses").
import { z } from "zod";

export const ClauseKind = z.enum(["testable", "needs-wiring", "needs-test-control", "not-shown"]);
export type ClauseKind = z.infer<typeof ClauseKind>;

export const Clause = z.strictObject({
  /** Stable kebab-case slug with an area prefix, e.g. `paging.has-more-extra-row`. */
  id: z.string().regex(/^[a-z0-9-]+\.[a-z0-9.-]+$/),
  /** The spec section, e.g. "2.1". */
  section: z.string().regex(/^\d+(\.\d+)*$/),
  statement: z.string().min(1),
  kind: ClauseKind,
  /** Set when the check can only reach this clause through a profile assumption (spec/profile.ts). */
  assumption: z.string().optional(),
});
export type Clause = z.infer<typeof Clause>;

export function areaOf(clauseId: string): string {
  return clauseId.slice(0, clauseId.indexOf("."));
}
