// The foreign error shapes of the imitated APIs: Twilio's on the carrier's /2010-04-01 routes, OpenAI's
// on the provider's /v1 routes.
import { TwilioErrorBody } from "../../../simulators/carrier/schemas.ts";
import { OpenAiErrorBody } from "../../../simulators/provider/openai-errors.ts";
import type { ErrorShape } from "../../helpers/robustness/judge.ts";

export const TWILIO: ErrorShape = {
  name: "Twilio's error body",
  message: TwilioErrorBody.strict().transform((body) => body.message),
};

export const OPENAI: ErrorShape = {
  name: "OpenAI's error body",
  message: OpenAiErrorBody.transform((body) => body.error.message),
};
