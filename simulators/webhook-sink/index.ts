// What the harness imports from the webhook sink.
export { Delivery, DeliveryList, type HookConfigInput, HookView, type WaitOptions, WaitResult } from "./schemas.ts";
export { startWebhookSink, type WebhookSink } from "./server.ts";
