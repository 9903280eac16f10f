// The Twilio-shaped REST subset under /2010-04-01: HTTP Basic AccountSid:AuthToken, form bodies,
// and Twilio's error body ({code, message, more_info, status}) on every failure, never a 500.
import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { CallFlow } from "./call-flow.ts";
import { all, first, MalformedForm, parseForm } from "./form.ts";
import { type Account, type Call, type CarrierModel, callResource, type HttpMethod, numberResource } from "./model.ts";
import { API_VERSION, CallbackEvent, E164, type IncomingPhoneNumbersPage } from "./schemas.ts";
import { AUTHENTICATE, notFound, refusedRequest, TwilioError, twilioErrorBody } from "./twilio-errors.ts";
import type { FormParams } from "./twilio-signature.ts";

export interface TwilioRouteDeps {
  model: CarrierModel;
  flow: CallFlow;
}

type AccountParams = { AccountSid: string };
type SidParams = AccountParams & { Sid: string };

const digest = (text: string) => createHash("sha256").update(text).digest();

/** The challenge a 401 carries. */
export const WWW_AUTHENTICATE = 'Basic realm="Twilio API"';

/** Compared against when the account does not exist, so a wrong SID costs what a wrong token does. */
const NO_ACCOUNT = digest("\u0000no-account");
/** Each account's token digest, made once: tokens never change. */
const tokenDigests = new WeakMap<Account, Buffer>();

function tokenDigest(account: Account | undefined): Buffer {
  if (account === undefined) return NO_ACCOUNT;
  let known = tokenDigests.get(account);
  if (known === undefined) {
    known = digest(account.authToken);
    tokenDigests.set(account, known);
  }
  return known;
}

/** The account named by `Authorization: Basic sid:token`, compared in constant time. */
export function authenticate(model: CarrierModel, header: string | undefined): Account | undefined {
  const match = /^Basic\s+(\S+)$/i.exec(header ?? "");
  if (match === null) return undefined;
  const decoded = Buffer.from(match[1]!, "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon < 0) return undefined;
  const account = model.accounts.get(decoded.slice(0, colon));
  // Digests of both sides: equal lengths for timingSafeEqual whatever the token given.
  const given = digest(decoded.slice(colon + 1));
  return timingSafeEqual(given, tokenDigest(account)) && account !== undefined ? account : undefined;
}

const isHttpUrl = (value: string) => {
  try {
    return ["http:", "https:"].includes(new URL(value).protocol);
  } catch {
    return false;
  }
};

function method(params: FormParams, name: string, code: number): HttpMethod {
  const value = (first(params, name) ?? "POST").toUpperCase();
  if (value !== "GET" && value !== "POST") throw new TwilioError(400, code, `${name} must be GET or POST`);
  return value;
}

function optionalUrl(params: FormParams, name: string, code: number): string | null | undefined {
  const value = first(params, name);
  if (value === undefined) return undefined;
  if (value === "") return null;
  if (!isHttpUrl(value)) throw new TwilioError(400, code, `${name} is not a valid URL: ${value}`);
  return value;
}

export function registerTwilioRoutes(app: FastifyInstance, deps: TwilioRouteDeps): void {
  const { model, flow } = deps;
  const authenticated = new WeakMap<FastifyRequest, Account>();

  app.register(
    async (scope) => {
      scope.removeAllContentTypeParsers();
      // Bytes, not a string: fastify's string decoding would turn bad UTF-8 into U+FFFD silently.
      scope.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "buffer" }, (_request, body, done) => {
        try {
          done(null, parseForm(body as Buffer));
        } catch (error) {
          if (!(error instanceof MalformedForm)) throw error;
          done(new TwilioError(400, 20001, error.message), undefined);
        }
      });
      // Twilio reads only form parameters; any other body counts as none (so a JSON dial lacks `To`).
      scope.addContentTypeParser("*", { parseAs: "buffer" }, (_request, _body, done) => done(null, {}));

      scope.setErrorHandler((error: unknown, _request, reply) => {
        if (error instanceof TwilioError) return reply.status(error.status).send(error.body);
        const failure = error as { statusCode?: number; message?: string };
        const status = failure.statusCode ?? 500;
        if (status >= 400 && status < 500) {
          const message = status === 413 ? "request body too large" : (failure.message ?? "bad request");
          return reply.status(status).send(refusedRequest(status, message));
        }
        reply.log.error(error);
        return reply.status(500).send(twilioErrorBody(500, 20500, "Internal Server Error"));
      });
      scope.setNotFoundHandler((request, reply) => {
        reply.status(404).send(notFound(request.url.split("?")[0]!).body);
      });

      // A callback hook, not an async one: no promise and no extra turn on every request.
      scope.addHook("onRequest", (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
        const account = authenticate(model, request.headers.authorization);
        if (account === undefined) {
          reply.status(401).header("www-authenticate", WWW_AUTHENTICATE).send(AUTHENTICATE);
          return;
        }
        authenticated.set(request, account);
        done();
      });

      /** The authenticated account, which must be the one in the path. */
      const accountOf = (request: FastifyRequest): Account => {
        const account = authenticated.get(request)!;
        const { AccountSid } = request.params as AccountParams;
        if (AccountSid !== account.sid) throw notFound(request.url.split("?")[0]!);
        return account;
      };
      const form = (request: FastifyRequest): FormParams => (request.body as FormParams | undefined) ?? {};

      scope.get("/Accounts/:AccountSid.json", async (request) => {
        const account = accountOf(request);
        return {
          sid: account.sid,
          friendly_name: account.friendlyName,
          status: "active",
          type: "Full",
          uri: `/${API_VERSION}/Accounts/${account.sid}.json`,
        };
      });

      scope.get(
        "/Accounts/:AccountSid/IncomingPhoneNumbers.json",
        async (request): Promise<IncomingPhoneNumbersPage> => {
          const account = accountOf(request);
          // A repeated query parameter arrives as an array; like a form's, its first value counts.
          const query = request.query as FormParams;
          const pageSize = integerParam(first(query, "PageSize"), 50, 1, 1000, "PageSize");
          const page = integerParam(first(query, "Page"), 0, 0, Number.MAX_SAFE_INTEGER, "Page");
          const filter = first(query, "PhoneNumber");
          const numbers = model
            .numbersOf(account.sid)
            .filter((number) => filter === undefined || number.phoneNumber.includes(filter));
          const start = page * pageSize;
          const rows = numbers.slice(start, start + pageSize);
          const base = `/${API_VERSION}/Accounts/${account.sid}/IncomingPhoneNumbers.json`;
          const filterPart = filter === undefined ? "" : `&PhoneNumber=${encodeURIComponent(filter)}`;
          const pageUri = (n: number) => `${base}?PageSize=${pageSize}&Page=${n}${filterPart}`;
          return {
            incoming_phone_numbers: rows.map(numberResource),
            page,
            page_size: pageSize,
            start,
            end: start + Math.max(rows.length - 1, 0),
            uri: pageUri(page),
            first_page_uri: pageUri(0),
            next_page_uri: start + pageSize < numbers.length ? pageUri(page + 1) : null,
            previous_page_uri: page > 0 ? pageUri(page - 1) : null,
          };
        },
      );

      const numberOf = (request: FastifyRequest) => {
        const account = accountOf(request);
        const number = model.number((request.params as SidParams).Sid);
        if (number === undefined || number.accountSid !== account.sid) throw notFound(request.url.split("?")[0]!);
        return number;
      };

      scope.get("/Accounts/:AccountSid/IncomingPhoneNumbers/:Sid.json", async (request) =>
        numberResource(numberOf(request)),
      );

      scope.post("/Accounts/:AccountSid/IncomingPhoneNumbers/:Sid.json", async (request) => {
        const number = numberOf(request);
        const params = form(request);
        const voiceUrl = optionalUrl(params, "VoiceUrl", 21402);
        const statusCallback = optionalUrl(params, "StatusCallback", 21609);
        const voiceMethod =
          first(params, "VoiceMethod") === undefined ? undefined : method(params, "VoiceMethod", 21403);
        const callbackMethod =
          first(params, "StatusCallbackMethod") === undefined
            ? undefined
            : method(params, "StatusCallbackMethod", 21608);
        const friendlyName = first(params, "FriendlyName");
        // Validate everything before changing anything.
        if (voiceUrl !== undefined) number.voiceUrl = voiceUrl;
        if (statusCallback !== undefined) number.statusCallback = statusCallback;
        if (voiceMethod !== undefined) number.voiceMethod = voiceMethod;
        if (callbackMethod !== undefined) number.statusCallbackMethod = callbackMethod;
        if (friendlyName !== undefined && friendlyName !== "") number.friendlyName = friendlyName.slice(0, 64);
        number.updatedSimMs = model.now();
        return numberResource(number);
      });

      scope.post("/Accounts/:AccountSid/Calls.json", async (request, reply) => {
        const call = placeDial(model, flow, accountOf(request), form(request));
        return reply.status(201).send(callResource(call));
      });

      const callOf = (request: FastifyRequest) => {
        const account = accountOf(request);
        const call = model.calls.get((request.params as SidParams).Sid);
        if (call === undefined || call.accountSid !== account.sid) throw notFound(request.url.split("?")[0]!);
        return call;
      };

      scope.get("/Accounts/:AccountSid/Calls/:Sid.json", async (request) => callResource(callOf(request)));

      scope.post("/Accounts/:AccountSid/Calls/:Sid.json", async (request) => {
        const call = callOf(request);
        const status = first(form(request), "Status");
        if (status !== undefined) {
          if (status !== "completed" && status !== "canceled")
            throw new TwilioError(400, 21218, `Invalid Status: ${status}; use completed or canceled`);
          flow.hangup(call, status);
        }
        return callResource(call);
      });
    },
    { prefix: `/${API_VERSION}` },
  );
}

/**
 * A dial's form checked in Twilio's order, then the call placed: what POST .../Calls.json does once the
 * account is authenticated and matches the path. Throws TwilioError. A front worker's dials run it too
 * (dial-answer.ts), in the process that holds the calls.
 */
export function placeDial(model: CarrierModel, flow: CallFlow, account: Account, params: FormParams): Call {
  const to = first(params, "To");
  if (to === undefined || to === "") throw new TwilioError(400, 21201, "No 'To' number is specified");
  if (!E164.safeParse(to).success) throw new TwilioError(400, 21211, `Invalid 'To' Phone Number: ${to}`);
  const from = first(params, "From");
  if (from === undefined || from === "") throw new TwilioError(400, 21603, "A 'From' phone number is required.");
  if (!E164.safeParse(from).success) throw new TwilioError(400, 21212, `Invalid 'From' Phone Number: ${from}`);
  const owned = model.numberByE164(from);
  if (owned === undefined || owned.accountSid !== account.sid)
    throw new TwilioError(400, 21210, `The source phone number provided, ${from}, is not owned by this account.`);
  const url = first(params, "Url");
  const twiml = first(params, "Twiml");
  if ((url === undefined || url === "") && (twiml === undefined || twiml === ""))
    throw new TwilioError(400, 21205, "Url parameter is required.");
  if (url !== undefined && url !== "" && !isHttpUrl(url))
    throw new TwilioError(400, 21205, `Url is not a valid URL: ${url}`);
  const statusCallback = optionalUrl(params, "StatusCallback", 21609) ?? null;
  const callbackMethod = method(params, "StatusCallbackMethod", 21608);
  const named = all(params, "StatusCallbackEvent");
  const events = new Set<CallbackEvent>();
  for (const name of named) {
    const event = CallbackEvent.safeParse(name.toLowerCase());
    if (!event.success) throw new TwilioError(400, 21626, `Invalid 'StatusCallbackEvent': ${name}`);
    events.add(event.data);
  }
  // Without a StatusCallbackEvent, Twilio reports only the end of the call.
  if (events.size === 0) events.add("completed");
  const timeoutS = integerParam(first(params, "Timeout"), 60, 1, 600, "Timeout");
  const detection = first(params, "MachineDetection");
  return flow.dial({
    accountSid: account.sid,
    to,
    from,
    phoneNumberSid: owned.sid,
    statusCallback,
    statusCallbackMethod: callbackMethod,
    events,
    timeoutMs: timeoutS * 1000,
    machineDetection: detection !== undefined && detection !== "" && detection.toLowerCase() !== "none",
  });
}

/** Decimal digits only: Number() would also take `1e3`, `0x10` and ` 7 `, which Twilio refuses. */
function integerParam(value: string | undefined, fallback: number, min: number, max: number, name: string): number {
  if (value === undefined || value === "") return fallback;
  const parsed = /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isInteger(parsed) || parsed < min || parsed > max)
    throw new TwilioError(400, 20001, `${name} must be an integer between ${min} and ${max}`);
  return parsed;
}
