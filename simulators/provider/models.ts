// The models the provider simulator serves, one list shared with the reference catalog (simulators/platform/catalog/content.ts)
// so every provider/model pair the catalog names is one the simulator answers for.

export type ModelKind = "llm" | "stt" | "tts" | "realtime";

export interface SimModel {
  id: string;
  /** The catalog's provider name; OpenAI's `owned_by`. */
  owned_by: "simai" | "simvoice";
  kind: ModelKind;
}

export const SIM_MODELS: readonly SimModel[] = [
  { id: "sim-chat-1", owned_by: "simai", kind: "llm" },
  { id: "sim-chat-mini", owned_by: "simai", kind: "llm" },
  { id: "sim-reasoner-1", owned_by: "simai", kind: "llm" },
  { id: "sim-realtime-1", owned_by: "simai", kind: "realtime" },
  { id: "sim-whisper-1", owned_by: "simai", kind: "stt" },
  { id: "sim-tts-1", owned_by: "simai", kind: "tts" },
  { id: "simvoice-stt-stream", owned_by: "simvoice", kind: "stt" },
  { id: "simvoice-tts-1", owned_by: "simvoice", kind: "tts" },
  { id: "simvoice-tts-expressive", owned_by: "simvoice", kind: "tts" },
];

/** A fixed `created` second, so listings are deterministic. */
export const MODELS_CREATED = 1_700_000_000;

export function findModel(id: string): SimModel | undefined {
  return SIM_MODELS.find((model) => model.id === id);
}
