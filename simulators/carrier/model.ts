// The carrier's state: accounts with credentials, the numbers they own, and calls; plus the
// renderers that turn them into Twilio-shaped resources.
import { createHash } from "node:crypto";
import { randomHex } from "../shared/random-hex.ts";
import type { ResolvedStep } from "./outcomes.ts";
import {
  API_VERSION,
  type CallbackEvent,
  type CallResource,
  type CallStatus,
  type IncomingPhoneNumber,
  TERMINAL_STATUSES,
} from "./schemas.ts";

export type HttpMethod = "GET" | "POST";

export interface Account {
  sid: string;
  /** Secret: never logged, never in an error message. */
  authToken: string;
  friendlyName: string;
}

export interface PhoneNumber {
  sid: string;
  accountSid: string;
  phoneNumber: string;
  friendlyName: string;
  voiceUrl: string | null;
  voiceMethod: HttpMethod;
  statusCallback: string | null;
  statusCallbackMethod: HttpMethod;
  createdSimMs: number;
  updatedSimMs: number;
}

export interface Call {
  sid: string;
  accountSid: string;
  direction: "outbound-api" | "inbound";
  to: string;
  from: string;
  phoneNumberSid: string | null;
  status: CallStatus;
  answeredBy: "human" | "machine_start" | null;
  createdSimMs: number;
  updatedSimMs: number;
  startSimMs: number | null;
  endSimMs: number | null;
  durationS: number | null;
  statusCallback: string | null;
  statusCallbackMethod: HttpMethod;
  events: ReadonlySet<CallbackEvent>;
  /** Next SequenceNumber of a status callback. */
  sequence: number;
  /** Ends the scripted lifecycle's current wait (hang-up, reset, close): call-flow.ts. */
  lifecycle: Lifecycle;
  /** Ringing longer than this (the dial's Timeout) is no-answer. */
  timeoutMs: number;
  /** Twilio reports AnsweredBy=human only when machine detection was asked for. */
  machineDetection: boolean;
  step: ResolvedStep;
  attempt: number;
}

/**
 * A call's scripted lifecycle: whether it was stopped, and how to end the wait it is in. A timer and a
 * function per call, where an AbortController and its listeners cost several times as much per dial.
 */
export interface Lifecycle {
  stopped: boolean;
  cancel: (() => void) | undefined;
}

export const isTerminal = (status: CallStatus) => TERMINAL_STATUSES.has(status);

const hex32 = () => randomHex(16);

/** First number of the deterministic allocation sequence: +1 415 555 0100, 0101, ... */
const FIRST_ALLOCATED = 14155550100;

export class CarrierModel {
  readonly accounts = new Map<string, Account>();
  private readonly numbers = new Map<string, PhoneNumber>();
  private readonly numbersByE164 = new Map<string, PhoneNumber>();
  readonly calls = new Map<string, Call>();
  private nextAllocated = FIRST_ALLOCATED;

  constructor(readonly now: () => number) {}

  createAccount(friendlyName?: string): Account {
    const sid = `AC${hex32()}`;
    const account: Account = { sid, authToken: hex32(), friendlyName: friendlyName ?? `Account ${sid.slice(-6)}` };
    this.accounts.set(sid, account);
    return account;
  }

  /** Adds a number to an account; undefined when the number is already owned by someone. */
  addNumber(
    accountSid: string,
    fields: { phone_number?: string; friendly_name?: string; voice_url?: string; status_callback?: string },
  ): PhoneNumber | undefined {
    const phoneNumber = fields.phone_number ?? this.allocate();
    if (this.numbersByE164.has(phoneNumber)) return undefined;
    const now = this.now();
    const number: PhoneNumber = {
      // Derived from the number alone, so a seeded number has the same sid on every run.
      sid: `PN${createHash("md5").update(phoneNumber).digest("hex")}`,
      accountSid,
      phoneNumber,
      friendlyName: fields.friendly_name ?? formatNumber(phoneNumber),
      voiceUrl: fields.voice_url ?? null,
      voiceMethod: "POST",
      statusCallback: fields.status_callback ?? null,
      statusCallbackMethod: "POST",
      createdSimMs: now,
      updatedSimMs: now,
    };
    this.numbers.set(number.sid, number);
    this.numbersByE164.set(phoneNumber, number);
    return number;
  }

  private allocate(): string {
    while (this.numbersByE164.has(`+${this.nextAllocated}`)) this.nextAllocated += 1;
    return `+${this.nextAllocated++}`;
  }

  numbersOf(accountSid: string): PhoneNumber[] {
    return [...this.numbers.values()].filter((number) => number.accountSid === accountSid);
  }

  number(sid: string): PhoneNumber | undefined {
    return this.numbers.get(sid);
  }

  numberByE164(e164: string): PhoneNumber | undefined {
    return this.numbersByE164.get(e164);
  }

  newCallSid(): string {
    return `CA${hex32()}`;
  }
}

/** The last second rendered: a call resource renders two or four dates, mostly of the same second. */
let rendered = { second: Number.NaN, text: "" };

/** Twilio's date format: RFC 2822 with a numeric zone, e.g. `Tue, 31 Aug 2010 20:36:28 +0000`. */
export function rfc2822(ms: number): string {
  const second = Math.floor(ms / 1000);
  if (second !== rendered.second) rendered = { second, text: new Date(ms).toUTCString().replace("GMT", "+0000") };
  return rendered.text;
}

/** `(415) 555-0100` for North American numbers, the E.164 text otherwise. */
export function formatNumber(e164: string): string {
  const nanp = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(e164);
  return nanp === null ? e164 : `(${nanp[1]}) ${nanp[2]}-${nanp[3]}`;
}

export function callResource(call: Call): CallResource {
  return {
    sid: call.sid,
    account_sid: call.accountSid,
    parent_call_sid: null,
    to: call.to,
    to_formatted: formatNumber(call.to),
    from: call.from,
    from_formatted: formatNumber(call.from),
    phone_number_sid: call.phoneNumberSid,
    status: call.status,
    direction: call.direction,
    answered_by: call.answeredBy,
    date_created: rfc2822(call.createdSimMs),
    date_updated: rfc2822(call.updatedSimMs),
    start_time: call.startSimMs === null ? null : rfc2822(call.startSimMs),
    end_time: call.endSimMs === null ? null : rfc2822(call.endSimMs),
    duration: call.durationS === null ? null : String(call.durationS),
    price: null,
    price_unit: "USD",
    queue_time: "0",
    caller_name: null,
    forwarded_from: null,
    api_version: API_VERSION,
    uri: `/${API_VERSION}/Accounts/${call.accountSid}/Calls/${call.sid}.json`,
  };
}

export function numberResource(number: PhoneNumber): IncomingPhoneNumber {
  return {
    sid: number.sid,
    account_sid: number.accountSid,
    friendly_name: number.friendlyName,
    phone_number: number.phoneNumber,
    voice_url: number.voiceUrl,
    voice_method: number.voiceMethod,
    status_callback: number.statusCallback,
    status_callback_method: number.statusCallbackMethod,
    capabilities: { voice: true, sms: true, mms: false, fax: false },
    status: "in-use",
    origin: "twilio",
    date_created: rfc2822(number.createdSimMs),
    date_updated: rfc2822(number.updatedSimMs),
    api_version: API_VERSION,
    uri: `/${API_VERSION}/Accounts/${number.accountSid}/IncomingPhoneNumbers/${number.sid}.json`,
  };
}
