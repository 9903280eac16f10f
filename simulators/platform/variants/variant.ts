// A legal variant: a way a conforming server may differ from the reference platform, selected at start-up
// only (the dual of a planted fault: the conformance run must still pass, with nothing failed or errored).
import type { ProfileFile } from "../../../spec/profile.ts";

export interface VariantSpec {
  /** One line: how this server differs, quoting the spec sentence that leaves it open where in doubt. */
  readonly description: string;
  /** The spec section that leaves it open. */
  readonly section: string;
  /**
   * What part of the server it shapes. Variants of one layer change the same thing (two line endings, two
   * key orders) and cannot be served together; variants of different layers compose.
   */
  readonly layer: string;
  /**
   * The suites (areas) whose checks can see it. Absent: it changes how every response is written, so only a
   * full run proves it.
   */
  readonly reach?: readonly string[];
  /**
   * Why it cannot be served in a full run beside the others (it fails checks outside its reach by design, or
   * slows every response): the variant matrix runs it alone, narrowed to its reach.
   */
  readonly alone?: string;
  /**
   * Where the spec leaves a detail to the profile, what a vendor serving this variant declares in its profile
   * (a `--profile` file): the platform, served with it, answers as it says, and the variant passes with it, which
   * proves the assumption can be overridden. Such a variant is one of the stranger's open points: unless it is
   * `alone`, it is served with all the others, their profiles merged (examples/profiles/stranger.json), in one
   * full run.
   */
  readonly profile?: ProfileFile;
}
