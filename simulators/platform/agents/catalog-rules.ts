// The catalog's authority over an agent config (2.8, 2.9): every provider/model pair must be listed, and
// realtime replaces the cascade slots, never joins them. Checked at write time (400) and again by validate.
import { type AgentConfig, CASCADE_SLOTS } from "../../../spec/agent.ts";
import type { Catalog } from "../../../spec/catalog.ts";
import { isListed, type ModelKind } from "../catalog/catalog.ts";

/** One provider/model pair a config names, with where it sits and the catalog key it is listed under. */
export interface ModelRef {
  path: string;
  kind: ModelKind;
  provider: string;
  model: string;
}

type Pair = { provider?: string; model?: string } | undefined;

/** Every pair the config names, fallbacks and the analysis model included. */
export function modelRefs(config: AgentConfig): ModelRef[] {
  const refs: ModelRef[] = [];
  const add = (path: string, kind: ModelKind, pair: Pair) => {
    if (pair === undefined || (pair.provider === undefined && pair.model === undefined)) return;
    refs.push({ path, kind, provider: pair.provider ?? "", model: pair.model ?? "" });
  };
  add("llm", "llm", config.llm);
  add("llm.fallback", "llm", config.llm?.fallback);
  add("stt", "stt", config.stt);
  add("stt.fallback", "stt", config.stt?.fallback);
  add("tts", "tts", config.tts);
  add("tts.fallback", "tts", config.tts?.fallback);
  add("realtime", "realtime", config.realtime);
  add("avatar", "avatar", config.avatar);
  add("analysis.model", "llm", config.analysis?.model);
  add("noise_cancellation", "noise_cancellation", config.noise_cancellation);
  return refs;
}

/** `refs` are the config's own unless a planted fault leaves some out. */
export function unlistedPairs(catalog: Catalog, config: AgentConfig, refs = modelRefs(config)): string[] {
  return refs
    .filter((ref) => !isListed(catalog, ref.kind, ref.provider, ref.model))
    .map(
      (ref) => `${ref.path}: unknown model ${ref.provider}/${ref.model} (not listed in the catalog under ${ref.kind})`,
    );
}

export function realtimeWithCascade(config: AgentConfig): string[] {
  if (config.realtime === undefined) return [];
  const cascade = CASCADE_SLOTS.filter((slot) => config[slot] !== undefined);
  if (cascade.length === 0) return [];
  return [`realtime: an agent sets either realtime or the cascade slots, never both (also set: ${cascade.join(", ")})`];
}
