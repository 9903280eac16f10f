// The spec's error envelope (7) as an ErrorShape: what the platform and every simulator's own routes answer.
import { ErrorEnvelope } from "../../../spec/errors.ts";
import type { ErrorShape } from "./judge.ts";

export const ENVELOPE: ErrorShape = {
  name: "the error envelope",
  message: ErrorEnvelope.transform((body) => body.detail.message),
};
