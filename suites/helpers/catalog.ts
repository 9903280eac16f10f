// The target's catalog (2.8), read once per suite file, for the provider/model pairs a config may name.
// Read leniently: the catalog's own shape is the catalog suite's to judge, not every user of it.

import { call } from "../../runner/http-client.ts";
import { uniqueName } from "../../runner/resources.ts";
import { TargetError } from "../../runner/target-error.ts";

export type PairKind = "llm" | "stt" | "tts" | "realtime" | "avatar" | "noise_cancellation";
export interface Pair {
  provider: string;
  model: string;
}

let cached: Record<string, unknown> | undefined;

async function rawCatalog(): Promise<Record<string, unknown>> {
  if (cached !== undefined) return cached;
  const response = await call("/v1/catalog");
  if (response.status !== 200 || typeof response.json !== "object" || response.json === null) {
    throw new TargetError(`GET /v1/catalog answered ${response.status} with no catalog object`);
  }
  cached = response.json as Record<string, unknown>;
  return cached;
}

export async function listedPairs(kind: PairKind): Promise<Pair[]> {
  const entries = (await rawCatalog())[kind];
  if (!Array.isArray(entries)) return [];
  return entries
    .filter((e): e is Pair => typeof e?.provider === "string" && typeof e?.model === "string")
    .map(({ provider, model }) => ({ provider, model }));
}

export async function isListed(kind: PairKind, pair: Pair): Promise<boolean> {
  return (await listedPairs(kind)).some((p) => p.provider === pair.provider && p.model === pair.model);
}

/** The first listed pair of `kind`; the checks that need one fail loudly when a catalog lists none. */
export async function firstPair(kind: PairKind): Promise<Pair> {
  const pair = (await listedPairs(kind))[0];
  if (pair === undefined) throw new Error(`the catalog lists no ${kind} model`);
  return pair;
}

/** Every provider the catalog's model lists name. */
export async function catalogProviders(): Promise<string[]> {
  const kinds: PairKind[] = ["llm", "stt", "tts", "realtime", "avatar", "noise_cancellation"];
  const all = await Promise.all(kinds.map(listedPairs));
  return [...new Set(all.flat().map((p) => p.provider))].sort();
}

/** A name (voice, language, builtin tool type...) the catalog lists nowhere: run-prefixed, and checked absent. */
export async function unlistedName(label: string): Promise<string> {
  const name = uniqueName(label);
  if (JSON.stringify(await rawCatalog()).includes(name)) throw new TargetError(`the catalog lists ${name}`);
  return name;
}
