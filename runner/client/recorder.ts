// The exchanges, the request count and the universal-rule observations of the check that is running now.
// Each check runs inside its own record (AsyncLocalStorage), so checks that run concurrently in one worker
// never write into each other's record, and work a check started keeps writing into that check's record.
// Bounded by design: the last few exchanges (what a failure shows, bodies already clipped) and, per rule, a
// count and the first violations.
import { AsyncLocalStorage } from "node:async_hooks";
import { clipText, type Exchange } from "../../spec/report.ts";
import type { Ambiguity, RuleObservation } from "../contract.ts";
import { LIMITS } from "./limits.ts";

export type { Ambiguity, RuleObservation };

export interface CheckRecord {
  /** The check's first exchanges (LIMITS.firstExchangesKept), each numbered (`seq`) in the order made. */
  first: Exchange[];
  /** Its last exchanges after those (LIMITS.exchangesKept). */
  last: Exchange[];
  /** Exchanges an assertion's message named (explain, a stream's describe), most recent last. */
  named: Array<{ line: string; exchange: Exchange }>;
  /** Exchanges whose answer the check read (a response's `text` or `json`), most recent last. */
  read: Exchange[];
  /** How many exchanges the check recorded. */
  made: number;
  universal: Record<string, RuleObservation>;
  /** Requests sent to the target's regions (API calls and stream opens), answered or not. */
  requests: number;
  /** Clauses this check judged under one reading of a sentence the spec contradicts (see noteAmbiguity). */
  ambiguities: Ambiguity[];
  /** The clause ids the running check names. */
  clauses: string[];
  /** When the check's own deadline ends it (epoch ms), if it has one. */
  endsAt?: number;
  /** When the check began (epoch ms). */
  startedAt: number;
}

/** A violation as a line: the server's own text in it (a huge errors value) is cut. */
const VIOLATION_CHARS = 500;
const storage = new AsyncLocalStorage<CheckRecord>();

/** Runs `work` with a fresh record of its own for a check naming `clauses`; answers the record (filled in as `work` goes). */
export function recording(
  clauses: string[],
  work: () => Promise<void>,
  endsAt?: number,
): { record: CheckRecord; done: Promise<void> } {
  const record: CheckRecord = {
    ...(endsAt === undefined ? {} : { endsAt }),
    startedAt: Date.now(),
    first: [],
    last: [],
    named: [],
    read: [],
    made: 0,
    universal: {},
    requests: 0,
    ambiguities: [],
    clauses,
  };
  return { record, done: storage.run(record, work) };
}

/** What is left of the running check's deadline, in ms (undefined outside a check or without one). */
export function checkTimeLeft(): number | undefined {
  const endsAt = storage.getStore()?.endsAt;
  return endsAt === undefined ? undefined : endsAt - Date.now();
}

/** How long the running check may take in all, in ms (undefined outside a check or without a deadline). */
export function checkSpan(): number | undefined {
  const record = storage.getStore();
  return record?.endsAt === undefined ? undefined : record.endsAt - record.startedAt;
}

/** The clause ids the running check names (none outside a check). */
export function runningClauses(): string[] {
  return storage.getStore()?.clauses ?? [];
}

/** Counts one request to the target, sent by the running check (nothing outside a check is counted). */
export function noteRequest(): void {
  const current = storage.getStore();
  if (current !== undefined) current.requests += 1;
}

/** Keeps an exchange of the running check (numbered in the order made); it may be filled in later (a stream). */
export function recordExchange(exchange: Exchange): void {
  const current = storage.getStore();
  if (current === undefined) return;
  current.made += 1;
  exchange.seq = current.made;
  if (current.first.length < LIMITS.firstExchangesKept) current.first.push(exchange);
  else {
    current.last.push(exchange);
    if (current.last.length > LIMITS.exchangesKept) current.last.shift();
  }
}

/** The line an assertion message names an exchange by (explain, a stream's describe): `GET url → 200`. */
export function exchangeLine(exchange: Pick<Exchange, "method" | "url" | "status">): string {
  return `${exchange.method} ${exchange.url} → ${exchange.status}`;
}

/** An assertion's message is naming this exchange: kept until the check ends, should it fail on it. */
export function noteNamed(exchange: Exchange | undefined): void {
  const current = storage.getStore();
  if (current === undefined || exchange === undefined) return;
  const line = exchangeLine(exchange);
  current.named = current.named.filter((n) => n.exchange !== exchange);
  current.named.push({ line, exchange });
  if (current.named.length > LIMITS.namedExchangesKept) current.named.shift();
}

/**
 * The exchange a failed assertion is about: the latest one its message names (explain puts an exchange's line in
 * it); else, for an assertion on a value a check read from an answer (`expected 'text' to deeply equal
 * 'voice'`), the latest answer read whose body holds that value, when it is a string specific enough to tell.
 */
export function subjectOf(record: CheckRecord, message: string, actual?: unknown): Exchange | undefined {
  const named = [...record.named].reverse().find((n) => message.includes(n.line))?.exchange;
  if (named !== undefined || typeof actual !== "string" || actual.length < 3) return named;
  const value = JSON.stringify(actual);
  return [...record.read].reverse().find((x) => x.response_body?.includes(value));
}

/**
 * What a failure keeps: the exchange it is about (subjectOf, marked `subject`), then the check's first and last
 * ones around it, in the order they were made.
 */
export function keptExchanges(record: CheckRecord, message: string, actual?: unknown): Exchange[] {
  const subject = subjectOf(record, message, actual);
  const kept = new Set([...record.first, ...(subject === undefined ? [] : [subject]), ...record.last]);
  return [...kept]
    .sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0))
    .map((x) => (x === subject ? { ...x, subject: true as const } : { ...x }));
}

/** The exchange behind each response the clients answer (a response is not an exchange: it holds the raw body). */
const exchangeOfResponse = new WeakMap<object, Exchange>();

/**
 * Links a response to its exchange, and makes reading its `text` or `json` a note that the check read that answer
 * (subjectOf): the properties stay plain enumerable values to whoever reads or writes them.
 */
export function linkExchange<T extends { text: string; json: unknown }>(response: T, exchange: Exchange): T {
  exchangeOfResponse.set(response, exchange);
  const current = storage.getStore();
  if (current === undefined) return response;
  for (const key of ["text", "json"] as const) {
    let value: unknown = response[key];
    Object.defineProperty(response, key, {
      enumerable: true,
      configurable: true,
      get() {
        noteRead(current, exchange);
        return value;
      },
      // The suites' callOp reads a body through the profile's field maps and puts the reading in its place.
      set(next: unknown) {
        value = next;
      },
    });
  }
  return response;
}

/**
 * The same response with its JSON read another way (a profile's field maps turn a server's record into the
 * reference's shape): still linked to its exchange, a read of it still noted.
 */
export function withJson<T extends { text: string; json: unknown }>(response: T, json: unknown): T {
  const exchange = exchangeOfResponse.get(response);
  const current = storage.getStore();
  const read =
    exchange === undefined || current === undefined
      ? { value: json, writable: true }
      : {
          get() {
            noteRead(current, exchange);
            return json;
          },
        };
  Object.defineProperty(response, "json", { enumerable: true, configurable: true, ...read });
  return response;
}

function noteRead(record: CheckRecord, exchange: Exchange): void {
  if (record.read[record.read.length - 1] === exchange) return;
  record.read = record.read.filter((x) => x !== exchange);
  record.read.push(exchange);
  if (record.read.length > LIMITS.namedExchangesKept) record.read.shift();
}

export function exchangeOf(response: object): Exchange | undefined {
  return exchangeOfResponse.get(response);
}

export function observeRule(rule: string, violation?: string): void {
  const current = storage.getStore();
  if (current === undefined) return;
  current.universal[rule] ??= { seen: 0, violations: [] };
  const observation = current.universal[rule];
  observation.seen += 1;
  if (violation !== undefined && observation.violations.length < 5)
    observation.violations.push(clipText(violation, VIOLATION_CHARS));
}

/** A universal rule accepted a response under one reading of two contradicting sentences of the spec. */
export function noteRuleAmbiguity(rule: string, note: string): void {
  const current = storage.getStore();
  if (current === undefined) return;
  current.universal[rule] ??= { seen: 0, violations: [] };
  const observation = current.universal[rule];
  observation.ambiguities ??= [];
  if (!observation.ambiguities.includes(note)) observation.ambiguities.push(note);
}

/**
 * The server followed one of two sentences of the spec that contradict each other, and the check accepted it:
 * the clause passes, and every report says it passed under that reading.
 */
export function noteAmbiguity(note: string, clauses?: string[]): void {
  const current = storage.getStore();
  if (current === undefined) return;
  for (const clause of clauses ?? current.clauses) {
    if (!current.ambiguities.some((a) => a.clause === clause && a.note === note))
      current.ambiguities.push({ clause, note });
  }
}
