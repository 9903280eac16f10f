// Agent overrides (2.11): a valid value for each 2.9 field an override may carry, so a check can send any
// subset of them next to an agent_id. Model slots take listed pairs (the second of a kind where there is
// one, so the override differs from a stored agent built on the first). Left out: name and channel (an
// override adjusts a run, it does not rename or re-channel the agent), realtime (it excludes the cascade
// slots the stored agent has), and the hooks and MCP servers, which would call out during the run.
import { listedLanguage, listedPairs, type Pair, type PairKind } from "./catalog.ts";
import { httpOperation } from "./tools.ts";

export const OVERRIDE_FIELDS = [
  "prompt",
  "greeting",
  "language",
  "timezone",
  "kb_ids",
  "llm",
  "stt",
  "tts",
  "avatar",
  "analysis",
  "background_audio",
  "conversation",
  "handoffs",
  "mcps",
  "noise_cancellation",
  "recording",
  "turn_handling",
  "vars",
  "vision_input",
  "tools",
] as const;
export type OverrideField = (typeof OVERRIDE_FIELDS)[number];

async function secondListed(kind: PairKind): Promise<Pair | undefined> {
  const pairs = await listedPairs(kind);
  return pairs[1] ?? pairs[0];
}

let values: Promise<Record<OverrideField, unknown>> | undefined;

/** One valid value per override field (fields whose kind the catalog does not list get a value without a pair). */
export function overrideValues(): Promise<Record<OverrideField, unknown>> {
  values ??= (async () => {
    const [llm, stt, tts, avatar, noise] = await Promise.all(
      (["llm", "stt", "tts", "avatar", "noise_cancellation"] as const).map(secondListed),
    );
    return {
      prompt: "For this run, answer in one sentence.",
      greeting: "Hello from the override.",
      language: await listedLanguage(),
      timezone: "Europe/Berlin",
      kb_ids: [],
      llm: llm ?? {},
      stt: stt ?? {},
      tts: tts === undefined ? {} : { ...tts, speed: 1.1 },
      avatar: avatar ?? {},
      analysis: {
        enabled: true,
        summary: true,
        fields: [{ name: "outcome", description: "how it ended", type: "string" }],
      },
      background_audio: { enabled: false },
      conversation: { context: "override", summary_limit: 3 },
      handoffs: [{ name: "billing", description: "questions about invoices", context: "transcript", recent_turns: 4 }],
      mcps: [],
      noise_cancellation: noise === undefined ? { enabled: false } : { enabled: true, ...noise },
      recording: { enabled: false, consent: "off" },
      turn_handling: { endpointing: { min_silence_duration: 0.5, max_silence_duration: 2 } },
      vars: [{ name: "order_id", description: "the order asked about", required: false }],
      vision_input: { screenshare: { enabled: false } },
      tools: [{ tool: { name: "lookup_order", description: "Looks up an order.", operations: [httpOperation()] } }],
    };
  })();
  return values;
}

/** The override made of `fields` (model slots the catalog cannot fill, and a language it lists none of, are dropped). */
export async function overrideOf(fields: readonly OverrideField[]): Promise<Record<string, unknown>> {
  const all = await overrideValues();
  const override: Record<string, unknown> = {};
  for (const field of fields) {
    const value = all[field];
    const emptyPair =
      typeof value === "object" && value !== null && !Array.isArray(value) && Object.keys(value).length === 0;
    if (!emptyPair && value !== undefined) override[field] = value;
  }
  return override;
}
