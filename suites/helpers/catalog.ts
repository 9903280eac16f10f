// The target's catalog (2.8), read once per suite file, for the provider/model pairs a config may name.
// Read leniently: the catalog's own shape is the catalog suite's to judge, not every user of it.

import { uniqueName } from "../../runner/client/resources.ts";
import { TargetError } from "../../runner/client/target-error.ts";
import { callOp } from "./profile.ts";

export type PairKind = "llm" | "stt" | "tts" | "realtime" | "avatar" | "noise_cancellation";
export interface Pair {
  provider: string;
  model: string;
}

let cached: Record<string, unknown> | undefined;

async function rawCatalog(): Promise<Record<string, unknown>> {
  if (cached !== undefined) return cached;
  const response = await callOp("catalog.get");
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

/** The catalog entry listing `pair` under `kind`, read leniently. */
async function entryOf(kind: PairKind, pair: Pair): Promise<Record<string, unknown> | undefined> {
  const entries = (await rawCatalog())[kind];
  if (!Array.isArray(entries)) return undefined;
  return entries.find((e) => e?.provider === pair.provider && e?.model === pair.model);
}

/** The `field` of each object in the array `list`, where it is a string. */
function stringsOf(list: unknown, field: string): string[] {
  if (!Array.isArray(list)) return [];
  return list.map((item) => item?.[field]).filter((value): value is string => typeof value === "string");
}

/** Ids of the voices the catalog lists for a tts or realtime pair. */
export async function listedVoices(kind: "tts" | "realtime", pair: Pair): Promise<string[]> {
  return stringsOf((await entryOf(kind, pair))?.voices, "id");
}

/** Types of the builtin tools an llm pair offers that need no option set (none marked required). */
export async function listedBuiltinTools(pair: Pair): Promise<string[]> {
  const tools = (await entryOf("llm", pair))?.builtin_tools;
  if (!Array.isArray(tools)) return [];
  const free = tools.filter(
    (tool) =>
      !Array.isArray(tool?.options) ||
      !tool.options.some((option: { required?: unknown }) => option?.required === true),
  );
  return stringsOf(free, "type");
}

/** The codes of the catalog's `languages` list. */
export async function listedLanguages(): Promise<string[]> {
  return stringsOf((await rawCatalog()).languages, "code");
}
