// Errors on the Twilio paths answer in Twilio's own body, not the spec's envelope:
// {code, message, more_info, status}.
import type { TwilioErrorBody } from "./schemas.ts";

export class TwilioError extends Error {
  readonly status: number;
  readonly code: number;

  constructor(status: number, code: number, message: string) {
    super(message);
    this.status = status;
    this.code = code;
  }

  get body(): TwilioErrorBody {
    return twilioErrorBody(this.status, this.code, this.message);
  }
}

export function twilioErrorBody(status: number, code: number, message: string): TwilioErrorBody {
  return { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status };
}

/** Twilio's answer to missing or wrong credentials. */
export const AUTHENTICATE = twilioErrorBody(401, 20003, "Authenticate");

export function notFound(path: string): TwilioError {
  return new TwilioError(404, 20404, `The requested resource ${path} was not found`);
}

/** A 4xx the framework raised (a bad URL, a body too large): 20404 for a 404, else Twilio's generic 20001. */
export function refusedRequest(status: number, message: string): TwilioErrorBody {
  return twilioErrorBody(status, status === 404 ? 20404 : 20001, message);
}
