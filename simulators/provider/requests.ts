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
  /**
   * What the request names as the session it was made for (`metadata.session_id`, README's wiring contract),
   * so a check ties what the provider received to the call or text window under test; null when not named.
   */
  session: z.string().nullable(),
  /** The text conversation a reply was asked for (`metadata.conversation_id`); null when not named. */
  conversation: z.string().nullable(),
  /** Status answered; null while in flight, for a hang, or a dropped connection. */
  status: z.int().nullable(),
  fault: FaultKind.nullable(),
});
export type RecordedRequest = z.infer<typeof RecordedRequest>;

/** Long load runs must not grow memory without bound: the oldest rows go first. */
const MAX_ROWS = 10_000;

/** A ring once full: dropping the oldest row of a full array shifted all 10,000 others on every request. */
export class RequestLog {
  private rows: RecordedRequest[] = [];
  /** Where the oldest row is once the ring is full (and so where the next row goes). */
  private oldest = 0;

  add(row: RecordedRequest): RecordedRequest {
    if (this.rows.length < MAX_ROWS) {
      this.rows.push(row);
    } else {
      this.rows[this.oldest] = row;
      this.oldest = (this.oldest + 1) % MAX_ROWS;
    }
    return row;
  }

  list(): RecordedRequest[] {
    const inOrder = [...this.rows.slice(this.oldest), ...this.rows.slice(0, this.oldest)];
    return inOrder.map((row) => ({ ...row }));
  }

  clear(): void {
    this.rows = [];
    this.oldest = 0;
  }
}
