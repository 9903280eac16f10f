// The carrier's fast path in a front worker (shared/front-worker.ts): POST .../Calls.json with a form
// body, the dial a wired platform makes for every call. The worker reads the request; the primary
// answers it (dial-answer.ts). A dial it cannot take as is (another body type, an escaped path) goes to
// the primary whole.
import type { IncomingMessage } from "node:http";
import { type FastPath, writeJsonAnswer } from "../shared/fast-path.ts";
import type { JsonAnswer } from "../shared/front-protocol.ts";
import { DIAL_OP, type DialInput } from "./dial-answer.ts";
import { API_VERSION } from "./schemas.ts";

/** The route's URL with a plain account SID (no escapes, within the router's 100 characters), any query. */
const DIAL_URL = new RegExp(`^/${API_VERSION}/Accounts/([A-Za-z0-9]{1,100})/Calls\\.json(?:\\?[^#]*)?$`);

export const dialFastPath: FastPath = {
  matches: (request: IncomingMessage) =>
    request.method === "POST" &&
    request.headers["content-type"] === "application/x-www-form-urlencoded" &&
    DIAL_URL.test(request.url ?? ""),
  async answer(request, response, body, primary) {
    const url = request.url ?? "";
    const input: DialInput = {
      authorization: request.headers.authorization,
      accountSid: DIAL_URL.exec(url)![1]!,
      path: url.split("?")[0]!,
      form: body,
    };
    writeJsonAnswer(response, await primary.call<JsonAnswer>(DIAL_OP, input));
  },
};
