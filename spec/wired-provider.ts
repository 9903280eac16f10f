// Where a wired server lists the provider simulator (README, "Wiring your server"): the catalog entries (2.8)
// whose model is one the simulator serves (its `GET /v1/models`), under whatever provider id the server gives
// them and wherever they stand in the catalog's arrays (2.8 gives them no order). The checks build their agents
// on these pairs and store a key for each of their providers; `doctor` prints them.

/** The catalog keys whose entries are provider/model pairs an agent slot may name (2.8). */
export const PAIR_KINDS = ["llm", "stt", "tts", "realtime", "avatar", "noise_cancellation"] as const;
export type PairKind = (typeof PAIR_KINDS)[number];

/** The kinds an agent runs on, which a wired server must list at least one simulator model of. */
export const RUN_KINDS: readonly PairKind[] = ["llm", "stt", "tts", "realtime"];

export interface Pair {
  provider: string;
  model: string;
}

/** The pairs a catalog lists under `kind`, in its order, read leniently (the catalog suite judges its shape). */
export function listedPairsOf(catalog: unknown, kind: PairKind): Pair[] {
  const entries = (catalog as Record<string, unknown> | null)?.[kind];
  if (!Array.isArray(entries)) return [];
  return entries
    .filter((e): e is Pair => typeof e?.provider === "string" && typeof e?.model === "string")
    .map(({ provider, model }) => ({ provider, model }));
}

/** The model ids an OpenAI-style `GET /v1/models` answer lists (`{data: [{id}]}`). */
export function modelIdsOf(answer: unknown): string[] {
  const data = (answer as { data?: unknown } | null)?.data;
  if (!Array.isArray(data)) return [];
  return data.map((model) => model?.id).filter((id): id is string => typeof id === "string");
}

export type WiredPairs = Record<PairKind, Pair[]>;

/** Per kind, the catalog's pairs whose model the provider simulator serves, in the catalog's order. */
export function wiredPairsOf(catalog: unknown, served: readonly string[]): WiredPairs {
  const known = new Set(served);
  return Object.fromEntries(
    PAIR_KINDS.map((kind) => [kind, listedPairsOf(catalog, kind).filter((pair) => known.has(pair.model))]),
  ) as WiredPairs;
}

/** The provider ids the wired pairs are listed under, sorted. */
export function wiredProvidersOf(wired: WiredPairs): string[] {
  return [...new Set(PAIR_KINDS.flatMap((kind) => wired[kind].map((pair) => pair.provider)))].sort();
}
