// A planted fault: a small, realistic deviation from named clauses, selected at start-up only.
export interface FaultSpec {
  /** One line: the bug as an implementer would really write it. */
  readonly description: string;
  /** Clause ids the fault breaks; the kill matrix requires one of them to fail. */
  readonly clauses: readonly string[];
}
