// The Twilio-shaped carrier API subset the platform uses (README "Wiring your server"): list and
// configure the account's numbers, dial, hang up. Every call is bounded by ctx.upstreamTimeoutMs;
// no answer, refused credentials or a carrier failure is a 502 (7). The auth token never appears in
// an error message.
import { request } from "undici";
import { ApiError } from "../../shared/api-error.ts";
import type { PlatformContext } from "../context.ts";

/** What the platform needs to reach one carrier account. */
export interface CarrierAccess {
  url: string;
  accountSid: string;
  /** Secret. */
  authToken: string;
}

/** A 4xx the carrier gave about the request itself (a bad number, an unknown sid). */
export class CarrierRefusal extends Error {
  constructor(
    readonly status: number,
    readonly code: number | undefined,
    message: string,
  ) {
    super(message);
  }
}

export interface CarrierNumber {
  sid: string;
  phone_number: string;
  friendly_name: string;
  voice_url: string | null;
  status_callback: string | null;
  capabilities?: { voice?: boolean };
}

export interface CarrierCall {
  sid: string;
  status: string;
}

type Form = Array<[string, string]>;

async function twilio(
  ctx: PlatformContext,
  access: CarrierAccess,
  method: "GET" | "POST",
  path: string,
  form?: Form,
): Promise<unknown> {
  const url = `${access.url.replace(/\/$/, "")}/2010-04-01/Accounts/${encodeURIComponent(access.accountSid)}${path}`;
  const basic = Buffer.from(`${access.accountSid}:${access.authToken}`).toString("base64");
  let status: number;
  let body: unknown;
  try {
    const response = await request(url, {
      method,
      headers: {
        authorization: `Basic ${basic}`,
        ...(form === undefined ? {} : { "content-type": "application/x-www-form-urlencoded" }),
      },
      body: form === undefined ? undefined : new URLSearchParams(form).toString(),
      headersTimeout: ctx.upstreamTimeoutMs,
      bodyTimeout: ctx.upstreamTimeoutMs,
      signal: AbortSignal.timeout(ctx.upstreamTimeoutMs),
    });
    status = response.statusCode;
    body = await response.body.json().catch(() => undefined);
  } catch {
    throw new ApiError(502, "the carrier API did not answer");
  }
  if (status === 401 || status === 403) {
    // The carrier did answer: a legal variant says so with a 400 rather than 7's 502 (`got no answer`).
    if (ctx.variants.has("carrier-refusal-400"))
      throw new ApiError(400, "the carrier refused this account's credentials");
    throw new ApiError(502, "the carrier refused the account credentials");
  }
  if (status >= 500) throw new ApiError(502, `the carrier API failed (HTTP ${status})`);
  if (status >= 400) {
    const error = body as { code?: number; message?: string } | undefined;
    throw new CarrierRefusal(status, error?.code, error?.message ?? `the carrier answered ${status}`);
  }
  return body;
}

/** Every number the account owns, read live (no cache), across the carrier's pages. */
export async function listCarrierNumbers(ctx: PlatformContext, access: CarrierAccess): Promise<CarrierNumber[]> {
  const numbers: CarrierNumber[] = [];
  // A sanity bound: 50 pages of 1,000 numbers.
  for (let page = 0; page < 50; page++) {
    const body = (await twilio(ctx, access, "GET", `/IncomingPhoneNumbers.json?PageSize=1000&Page=${page}`)) as {
      incoming_phone_numbers?: CarrierNumber[];
      next_page_uri?: string | null;
    };
    numbers.push(...(body?.incoming_phone_numbers ?? []));
    if (!body?.next_page_uri) break;
  }
  return numbers;
}

export async function getCarrierNumber(
  ctx: PlatformContext,
  access: CarrierAccess,
  sid: string,
): Promise<CarrierNumber | undefined> {
  try {
    return (await twilio(ctx, access, "GET", `/IncomingPhoneNumbers/${encodeURIComponent(sid)}.json`)) as CarrierNumber;
  } catch (error) {
    if (error instanceof CarrierRefusal && error.status === 404) return undefined;
    throw error;
  }
}

/** Points the number's voice webhook and status callback (empty strings clear them). */
export async function configureCarrierNumber(
  ctx: PlatformContext,
  access: CarrierAccess,
  sid: string,
  urls: { voiceUrl: string; statusCallback: string },
): Promise<CarrierNumber> {
  return (await twilio(ctx, access, "POST", `/IncomingPhoneNumbers/${encodeURIComponent(sid)}.json`, [
    ["VoiceUrl", urls.voiceUrl],
    ["VoiceMethod", "POST"],
    ["StatusCallback", urls.statusCallback],
    ["StatusCallbackMethod", "POST"],
  ])) as CarrierNumber;
}

export interface DialRequest {
  to: string;
  from: string;
  /** TwiML URL (recorded by the carrier; the media layer takes over on answer). */
  url: string;
  statusCallback: string;
  events: Array<"initiated" | "ringing" | "answered" | "completed">;
  timeoutSeconds: number;
}

export async function dialCarrier(
  ctx: PlatformContext,
  access: CarrierAccess,
  dial: DialRequest,
): Promise<CarrierCall> {
  const form: Form = [
    ["To", dial.to],
    ["From", dial.from],
    ["Url", dial.url],
    ["StatusCallback", dial.statusCallback],
    ["StatusCallbackMethod", "POST"],
    ["Timeout", String(dial.timeoutSeconds)],
    ...dial.events.map((event): [string, string] => ["StatusCallbackEvent", event]),
  ];
  return (await twilio(ctx, access, "POST", "/Calls.json", form)) as CarrierCall;
}

/** Ends a live call or cancels one not yet answered; a call already over is left alone. */
export async function hangUpCarrier(ctx: PlatformContext, access: CarrierAccess, callSid: string): Promise<void> {
  await twilio(ctx, access, "POST", `/Calls/${encodeURIComponent(callSid)}.json`, [["Status", "completed"]]);
}
