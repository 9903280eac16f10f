// This k6 process's part of the run (segment.ts), read from the options k6 consolidated (not
// available in the init context: call it from setup, an iteration or handleSummary). Everything
// an instance creates is named with the run prefix and its instance id, so N instances of one run
// never collide, and k6-operator's runners (which each run setup() and teardown()) clean up only
// their own.
import exec from "k6/execution";
import { runId, runPrefix } from "./run.ts";
import { parseSegment, type Segment } from "./segment.ts";

export function currentSegment(): Segment | undefined {
  const options = exec.test.options;
  return parseSegment(options.executionSegment, options.executionSegmentSequence);
}

/** `k6-<runid>-` for a whole run; `k6-<runid>-i<k>-` for instance k of a split one. */
export function instancePrefix(): string {
  const segment = currentSegment();
  return segment ? `${runPrefix(runId())}i${segment.index}-` : runPrefix(runId());
}
