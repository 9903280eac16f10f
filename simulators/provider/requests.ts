// What the provider saw: one row per provider-API request, readable in process and over GET /_admin/requests.
// Keys are recorded as their last four characters only.
import { z } from "zod";
import { FaultKind } from "./faults.ts";

export const RecordedRequest = z.object({
  method: z.string(),
  path: z.string(),
  model: z.string().nullable(),
  /** Simulated time of arrival (shared clock), ISO 8601. */
  time: z.string(),
  key_hint: z.string().nullable(),
  stream: z.boolean(),
  /** Status answered; null while in flight, for a hang, or a dropped connection. */
  status: z.int().nullable(),
  fault: FaultKind.nullable(),
});
export type RecordedRequest = z.infer<typeof RecordedRequest>;

/** Long load runs must not grow memory without bound: the oldest rows go first. */
const MAX_ROWS = 10_000;

export class RequestLog {
  private rows: RecordedRequest[] = [];

  add(row: RecordedRequest): RecordedRequest {
    this.rows.push(row);
    if (this.rows.length > MAX_ROWS) this.rows.splice(0, this.rows.length - MAX_ROWS);
    return row;
  }

  list(): RecordedRequest[] {
    return this.rows.map((row) => ({ ...row }));
  }

  clear(): void {
    this.rows = [];
  }
}
