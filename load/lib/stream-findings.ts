// Findings of the streams scenario (pure: handleSummary and the unit tests call it).
import type { Finding, SummaryData } from "./summary-data.ts";

/** At least this share of the messages due must have gone out: pacing loses a little at the start. */
export const MESSAGE_SHARE = 0.9;

/**
 * Messages go out only while the time left is at least the reply timeout, so `windowMs` (the run
 * less the reply timeout) at `ratePerS` is what was due. Fewer posted means replies slower than
 * the pace or posts refused: the load asked for was not the load applied, and the run fails.
 */
export function messageRateFinding(data: SummaryData, ratePerS: number, windowMs: number): Finding {
  const name = "messages posted at the asked rate";
  const posted = data.metrics.messages_posted?.values.count ?? 0;
  const due = Math.floor((ratePerS * Math.max(0, windowMs)) / 1000);
  if (due === 0) {
    return {
      name,
      ok: true,
      warning: true,
      detail: "not measured: the run is not longer than the reply timeout, so no message was due",
    };
  }
  const ok = posted >= Math.floor(MESSAGE_SHARE * due);
  const seconds = (windowMs / 1000).toFixed(1);
  return {
    name,
    ok,
    detail: `${posted} posted, ${due} due (${Number(ratePerS.toFixed(2))}/s for ${seconds} s: the run less the reply timeout); at least ${Math.round(MESSAGE_SHARE * 100)} % must go out`,
  };
}
