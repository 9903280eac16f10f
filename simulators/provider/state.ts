// The provider simulator's mutable state, shared by the API routes, the admin API and in-process callers.
import { FaultBook } from "./faults.ts";
import { KeyStore } from "./keys.ts";
import { RequestLog } from "./requests.ts";
import type { Script } from "./scripts.ts";
import { DEFAULT_TIMING, type Timing } from "./timing.ts";

export class ProviderState {
  readonly keys = new KeyStore();
  readonly faults = new FaultBook();
  readonly requests = new RequestLog();
  scripts: Script[] = [];
  timing: Timing = { ...DEFAULT_TIMING };
  /** Drops every non-admin connection unanswered, like an unreachable provider. */
  offline = false;

  /** Back to the state after start. Keys stay: they are credentials a platform under test may have stored. */
  reset(): void {
    this.faults.set([]);
    this.requests.clear();
    this.scripts = [];
    this.timing = { ...DEFAULT_TIMING };
    this.offline = false;
  }
}
