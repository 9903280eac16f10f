// A planted fault: a small, realistic deviation from named clauses, selected at start-up only.
import type { ProfileFile } from "../../../spec/profile.ts";

export interface FaultSpec {
  /** One line: the bug as an implementer would really write it. */
  readonly description: string;
  /** Clause ids the fault breaks; the kill matrix requires one of them to fail. */
  readonly clauses: readonly string[];
  /**
   * A fault only under a vendor's declaration (a token that is a JWT must be signed, an opaque one is never
   * read): the profile it is served and checked with. Absent: a fault under the default profile.
   */
  readonly profile?: ProfileFile;
}
