// The provider's matrix plan: its default key on every request, a registered key to revoke, a voice
// sample to name. The OpenAI-compatible /v1 routes answer OpenAI's error body; /_admin and /samples the
// spec's envelope.
import { KeyBody } from "../../../simulators/provider/admin.ts";
import { SpeechRequest } from "../../../simulators/provider/audio.ts";
import { ChatRequest } from "../../../simulators/provider/chat.ts";
import { FaultsBody } from "../../../simulators/provider/faults.ts";
import { SessionRequest } from "../../../simulators/provider/realtime.ts";
import { ScriptsBody } from "../../../simulators/provider/scripts.ts";
import { Timing } from "../../../simulators/provider/timing.ts";
import { OfflineBody } from "../../../simulators/shared/offline-body.ts";
import { DEFAULT_BODY_LIMIT } from "../../../simulators/shared/server.ts";
import type { Simulators } from "../../../simulators/stack.ts";
import { created, RawClient } from "../../helpers/robustness/client.ts";
import { ENVELOPE } from "../../helpers/robustness/envelope.ts";
import { bearerProbes } from "./credentials.ts";
import { multipartProbes } from "./multipart-bodies.ts";
import { definePlan, type RouteBody, type SimulatorPlan } from "./plan.ts";
import { OPENAI } from "./shapes.ts";

const TRANSCRIPTIONS = "/v1/audio/transcriptions";

export async function providerPlan(sims: Simulators): Promise<SimulatorPlan> {
  const url = sims.target.simulators!.provider!;
  const admin = new RawClient(url);
  const { default_key } = await created<{ default_key: string }>(admin, "GET", "/_admin/keys");
  await admin.close();
  const client = new RawClient(url, { authorization: `Bearer ${default_key}` });
  const { key: registered } = await created<{ key: string }>(client, "POST", "/_admin/keys", {});

  const bodies: Record<string, RouteBody> = {
    "POST /v1/chat/completions": {
      kind: "json",
      schema: ChatRequest,
      valid: { model: "sim-chat-1", messages: [{ role: "user", content: "hi" }] },
    },
    "POST /v1/audio/speech": {
      kind: "json",
      schema: SpeechRequest,
      valid: { model: "sim-tts-1", input: "hi", voice: "sim-alloy" },
    },
    [`POST ${TRANSCRIPTIONS}`]: { kind: "multipart" },
    "POST /v1/realtime/sessions": { kind: "json", schema: SessionRequest, valid: { model: "sim-realtime-1" } },
    "POST /_admin/keys": { kind: "json", schema: KeyBody.partial(), valid: {} },
    "POST /_admin/keys/revoke": { kind: "json", schema: KeyBody, valid: { key: registered } },
    "PUT /_admin/scripts": { kind: "json", schema: ScriptsBody, valid: { scripts: [] } },
    "PUT /_admin/timing": { kind: "json", schema: Timing, valid: {} },
    // Never a fault rule: the matrix must meet no injected failure.
    "PUT /_admin/faults": { kind: "json", schema: FaultsBody, valid: { faults: [] } },
    "POST /_admin/offline": { kind: "json", schema: OfflineBody, valid: { offline: false } },
    "POST /_admin/reset": { kind: "none" },
  };

  return definePlan({
    name: "provider",
    client,
    param: (_url, param) => (param === "voice" ? "sim-alloy.mp3" : undefined),
    bodies,
    verdict: (path) => ({ shape: path.startsWith("/v1/") ? OPENAI : ENVELOPE }),
    extraProbes: (route, path) => {
      if (route.url === TRANSCRIPTIONS) return multipartProbes(route, path, DEFAULT_BODY_LIMIT, "sim-whisper-1");
      return route.url === "/v1/models" ? bearerProbes(path) : [];
    },
    stillServing: ["/v1/models", "/_admin/requests", "/samples/sim-alloy.mp3"],
  });
}
