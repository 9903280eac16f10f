// OpenAI's error body `{error: {message, type, param, code}}`: the provider API answers in the provider's
// shape, not the platform's envelope, because a platform under test must relay what a real provider says.
import { z } from "zod";

export const OpenAiErrorBody = z.object({
  error: z.object({ message: z.string(), type: z.string(), param: z.string().nullable(), code: z.string().nullable() }),
});
export type OpenAiErrorBody = z.infer<typeof OpenAiErrorBody>;

export class OpenAiError extends Error {
  readonly status: number;
  readonly body: OpenAiErrorBody;
  readonly headers: Record<string, string>;

  constructor(
    status: number,
    message: string,
    type: string,
    code: string | null = null,
    param: string | null = null,
    headers: Record<string, string> = {},
  ) {
    super(message);
    this.status = status;
    this.body = { error: { message, type, param, code } };
    this.headers = headers;
  }
}

export const missingApiKey = () =>
  new OpenAiError(
    401,
    "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY).",
    "invalid_request_error",
  );

/** The key is masked as OpenAI does; the whole key is never echoed. */
export const invalidApiKey = (masked: string) =>
  new OpenAiError(
    401,
    `Incorrect API key provided: ${masked}. You can find your API key at https://platform.openai.com/account/api-keys.`,
    "invalid_request_error",
    "invalid_api_key",
  );

export const rateLimited = (model: string) =>
  new OpenAiError(
    429,
    `Rate limit reached for ${model} in organization org-sim on requests per min (RPM): Limit 3, Used 3, Requested 1. Please try again in 1s.`,
    "requests",
    "rate_limit_exceeded",
    null,
    { "retry-after": "1", "x-ratelimit-remaining-requests": "0" },
  );

export const serverError = () =>
  new OpenAiError(500, "The server had an error while processing your request. Sorry about that!", "server_error");

export const modelNotFound = (model: string) =>
  new OpenAiError(
    404,
    `The model \`${model}\` does not exist or you do not have access to it.`,
    "invalid_request_error",
    "model_not_found",
  );

/** OpenAI's body for a request refused before any route read it (a bad URL, a path segment too long). */
export const refusedRequest = (status: number, message: string): OpenAiErrorBody =>
  new OpenAiError(status, message, "invalid_request_error").body;

export const invalidRequest = (message: string, param: string | null, code: string | null) =>
  new OpenAiError(400, message, "invalid_request_error", code, param);

export const invalidUrl = (method: string, path: string) =>
  new OpenAiError(404, `Invalid URL (${method} ${path})`, "invalid_request_error");
