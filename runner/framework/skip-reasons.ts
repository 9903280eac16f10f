// Why a check skipped for want of something the target does not give: said by the check (runner/framework/check.ts)
// and read back by the report, which names a skipped clause's reason after its kind (runner/orchestration/build-report.ts).
import type { ClauseKind } from "../../spec/clause.ts";

export const NOT_WIRED = "the target is not wired to the simulators";
export const NO_TEST_CONTROL = "the target has no test_control hooks";

/** The skip reason that goes with a clause's kind: a needs-wiring clause skipped is one the target does not wire. */
export const REASON_OF_KIND: Partial<Record<ClauseKind, string>> = {
  "needs-wiring": NOT_WIRED,
  "needs-test-control": NO_TEST_CONTROL,
};
