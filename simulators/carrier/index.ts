// What a platform or the harness imports from the carrier simulator.
export { type CallbackEvent, type CallResource, type IncomingPhoneNumber, WitnessSnapshot } from "./schemas.ts";
export { type Carrier, type CarrierOptions, startCarrier, type WitnessReader } from "./server.ts";
export {
  type FormParams,
  SIGNATURE_HEADER,
  signedPayload,
  twilioSignature,
  validateTwilioSignature,
} from "./twilio-signature.ts";
