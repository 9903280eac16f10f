// k6 threshold expressions (`p(95)<500`, `rate<0.01`, `count==0`, `max<3000`...) evaluated against
// summary values the merge computed, so N instances' samples get the verdict one process would give.

const EXPRESSION =
  /^\s*(avg|min|max|med|count|rate|value|p\(\d+(?:\.\d+)?\))\s*(<=|>=|===|==|!=|<|>)\s*(-?\d+(?:\.\d+)?(?:e-?\d+)?)\s*$/;

export interface Threshold {
  stat: string;
  op: string;
  bound: number;
}

export function parseThreshold(expression: string): Threshold {
  const m = EXPRESSION.exec(expression);
  if (!m) throw new Error(`threshold "${expression}" is not one the merge can evaluate`);
  return { stat: m[1]!, op: m[2]!, bound: Number(m[3]) };
}

/** The p(N) statistics thresholds need beyond the summary's usual ones. */
export function statsOf(expressions: readonly string[]): string[] {
  return expressions.map((e) => parseThreshold(e).stat).filter((s) => s.startsWith("p("));
}

/** Whether the values satisfy the expression; a statistic the metric lacks counts as 0, as in k6. */
export function holds(expression: string, values: Record<string, number>): boolean {
  const { stat, op, bound } = parseThreshold(expression);
  const value = values[stat] ?? 0;
  switch (op) {
    case "<":
      return value < bound;
    case "<=":
      return value <= bound;
    case ">":
      return value > bound;
    case ">=":
      return value >= bound;
    case "!=":
      return value !== bound;
    default:
      return value === bound;
  }
}
