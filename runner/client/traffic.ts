// Where a suite file's time goes, so the critical path of a run is visible (report.json `traffic`):
// requests to the target and the wall time with at least one of them awaiting its response head
// (network), requests to the simulators and the time awaiting them (the webhook sink's long-polls are
// most of it), and the checks' deliberate waits (pauses between polls, reading an open stream for the
// frames the server sends later). Overlaps count once, in that order of precedence. Every undici
// request of the worker is seen (the harness client, fetch, streams) through undici's diagnostics
// channels, so no helper has to report its own.
import { subscribe } from "node:diagnostics_channel";
import type { SuiteTraffic } from "../../spec/report.ts";
import { runConfig } from "./run-config.ts";

type Totals = Omit<SuiteTraffic, "file" | "lane" | "duration_ms">;

interface Meter {
  totals: Totals;
  /** Requests awaiting their response head, by whether they went to the target. */
  pending: Map<object, boolean>;
  targetPending: number;
  waiting: number;
  since: number;
}

/**
 * One meter per worker thread, kept on globalThis: vitest gives each suite file fresh modules, and the
 * channels must be subscribed to once, not once per file.
 */
const KEY = Symbol.for("cap-conformance.traffic");

function meter(): Meter {
  const holder = globalThis as { [KEY]?: Meter };
  if (holder[KEY] !== undefined) return holder[KEY];
  const created: Meter = {
    totals: { requests: 0, network_ms: 0, helper_requests: 0, helper_ms: 0, waits_ms: 0 },
    pending: new Map(),
    targetPending: 0,
    waiting: 0,
    since: performance.now(),
  };
  holder[KEY] = created;
  subscribe("undici:request:create", (message) => {
    const { request } = message as { request: { origin?: unknown } };
    settle(created);
    const toTarget = targetOrigins().has(String(request.origin));
    created.pending.set(request, toTarget);
    if (toTarget) {
      created.totals.requests += 1;
      created.targetPending += 1;
    } else {
      created.totals.helper_requests += 1;
    }
  });
  // A request stops being awaited at its response head, or at its error; a second error of the same
  // request (undici may report one after an abort) finds it gone and changes nothing.
  const answered = (message: unknown) => {
    const { request } = message as { request: object };
    const toTarget = created.pending.get(request);
    if (toTarget === undefined) return;
    settle(created);
    created.pending.delete(request);
    if (toTarget) created.targetPending -= 1;
  };
  subscribe("undici:request:headers", answered);
  subscribe("undici:request:error", answered);
  return created;
}

let origins: Set<string> | undefined;

/** The origins of the target's regions and test control: the server under test, proxied or not. */
function targetOrigins(): Set<string> {
  if (origins !== undefined) return origins;
  const { target } = runConfig();
  const urls = [...target.regions.map((region) => region.base_url), target.test_control].filter(
    (url): url is string => url !== undefined,
  );
  origins = new Set(urls.map((url) => new URL(url).origin));
  return origins;
}

/** Books the time since the last change of state to what was going on during it. */
function settle(m: Meter): void {
  const now = performance.now();
  const elapsed = now - m.since;
  m.since = now;
  if (m.targetPending > 0) m.totals.network_ms += elapsed;
  else if (m.pending.size > 0) m.totals.helper_ms += elapsed;
  else if (m.waiting > 0) m.totals.waits_ms += elapsed;
}

/** Runs `work` as a deliberate wait: the time is the server's to take (a poll's pause, a stream's next frame). */
export async function waiting<T>(work: Promise<T>): Promise<T> {
  const m = meter();
  settle(m);
  m.waiting += 1;
  try {
    return await work;
  } finally {
    settle(m);
    m.waiting -= 1;
  }
}

/** A pause between two polls of a condition, counted as a wait. */
export function pause(ms: number): Promise<void> {
  return waiting(new Promise<void>((resolve) => setTimeout(resolve, ms)));
}

export interface TrafficMark {
  at: number;
  totals: Totals;
}

/** Where the worker's counts stand now; `trafficSince` answers what happened after it. */
export function markTraffic(): TrafficMark {
  const m = meter();
  settle(m);
  return { at: performance.now(), totals: { ...m.totals } };
}

export function trafficSince(mark: TrafficMark, file: string, lane: SuiteTraffic["lane"]): SuiteTraffic {
  const m = meter();
  settle(m);
  const round = (n: number) => Math.round(n);
  return {
    file,
    lane,
    duration_ms: round(performance.now() - mark.at),
    ended_at: new Date().toISOString(),
    requests: m.totals.requests - mark.totals.requests,
    network_ms: round(m.totals.network_ms - mark.totals.network_ms),
    helper_requests: m.totals.helper_requests - mark.totals.helper_requests,
    helper_ms: round(m.totals.helper_ms - mark.totals.helper_ms),
    waits_ms: round(m.totals.waits_ms - mark.totals.waits_ms),
  };
}
