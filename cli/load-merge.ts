// `cap-conformance load merge DIR...`: one verdict from the report directories of a split run's
// instances (`load --instances N` writes them itself; k6-operator's runners write them to their
// volume). Exit 0 passed, 1 failed (a threshold or a finding), 2 nothing could be merged.
import { mkdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { textVerdict } from "../load/lib/summary-text.ts";
import { carrierTimeline } from "../load/merge/carrier-timeline.ts";
import { MergeError, mergeRuns } from "../load/merge/merge.ts";
import { savedCarrierTimeline, writeReports } from "../load/merge/reports.ts";
import { Target } from "../spec/target.ts";
import { LOAD_MERGE_FLAGS } from "./command-flags.ts";
import { parseFlags } from "./flags.ts";
import { USAGE } from "./load-args.ts";

export async function loadMergeCommand(argv: string[]): Promise<number> {
  let values: { "report-dir"?: string; target?: string };
  let dirs: string[];
  try {
    const parsed = parseFlags(LOAD_MERGE_FLAGS, argv, { positionals: true });
    values = parsed.values;
    dirs = parsed.positionals;
    if (dirs.length === 0) throw new Error("give the instances' report directories");
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  try {
    const merged = await mergeRuns(dirs);
    const out = resolve(values["report-dir"] ?? join("reports", "out", "load", `${merged.summary.scenario}-merged`));
    mkdirSync(out, { recursive: true });
    const carrier = values.target
      ? await carrierTimeline(Target.parse(JSON.parse(readFileSync(values.target, "utf8"))).simulators?.carrier)
      : savedCarrierTimeline(dirs);
    writeReports(out, merged.summary, merged.samples, carrier);
    console.log(textVerdict(merged.summary, out));
    return merged.summary.passed ? 0 : 1;
  } catch (error) {
    if (error instanceof MergeError) {
      console.error(`load merge: ${error.message}`);
      return 2;
    }
    throw error;
  }
}
