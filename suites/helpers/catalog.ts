// The target's catalog (2.8), read once per suite file, for the provider/model pairs a config may name.
// Read leniently: the catalog's own shape is the catalog suite's to judge, not every user of it. On a wired
// target the checks build agents on the pairs whose model the provider simulator serves, whatever provider id
// the catalog gives them and wherever they stand in it (spec/wired-provider.ts, README "Wiring your server").

import { uniqueName } from "../../runner/client/resources.ts";
import { runConfig } from "../../runner/client/run-config.ts";
import { TargetError } from "../../runner/client/target-error.ts";
import {
  listedPairsOf,
  PAIR_KINDS,
  type Pair,
  type PairKind,
  RUN_KINDS,
  wiredPairsOf,
  wiredProvidersOf,
} from "../../spec/wired-provider.ts";
import { callOp } from "./profile.ts";
import { servedModels } from "./provider.ts";

export type { Pair, PairKind };

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
  return listedPairsOf(await rawCatalog(), kind);
}

export async function isListed(kind: PairKind, pair: Pair): Promise<boolean> {
  return (await listedPairs(kind)).some((p) => p.provider === pair.provider && p.model === pair.model);
}

/**
 * The pairs of `kind` the checks run agents on: on a wired target those whose model the provider simulator
 * serves (in the catalog's order), otherwise every listed one.
 */
export async function usablePairs(kind: PairKind): Promise<Pair[]> {
  if (!runConfig().target.wired) return listedPairs(kind);
  return wiredPairsOf(await rawCatalog(), await servedModels())[kind];
}

/**
 * The pair of `kind` the checks build agents on: the first usable one. A wired catalog that lists no simulator
 * model of a kind an agent runs on cannot be judged (an error, README "Wiring your server"); for the kinds no
 * simulator model fills (avatar, noise cancellation) the first listed pair stands in.
 */
export async function firstPair(kind: PairKind): Promise<Pair> {
  const pair = (await usablePairs(kind))[0] ?? (RUN_KINDS.includes(kind) ? undefined : (await listedPairs(kind))[0]);
  if (pair !== undefined) return pair;
  if (runConfig().target.wired && (await listedPairs(kind)).length > 0) {
    throw new TargetError(
      `the catalog lists no ${kind} model the provider simulator serves (${(await servedModels()).join(", ")}): a wired server lists them (README, "Wiring your server")`,
    );
  }
  throw new Error(`the catalog lists no ${kind} model`);
}

/**
 * The providers the checks store keys for: on a wired target the ids the catalog lists the provider
 * simulator's models under (a key the simulator issued verifies for no other), otherwise every catalog provider.
 */
export async function keyProviders(): Promise<string[]> {
  if (runConfig().target.wired) return wiredProvidersOf(wiredPairsOf(await rawCatalog(), await servedModels()));
  const all = await Promise.all(PAIR_KINDS.map(listedPairs));
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

/** The codes of a language list read leniently: `{code, name}` rows (2.8) or bare codes. */
function codesOf(list: unknown): string[] {
  if (!Array.isArray(list)) return [];
  return list
    .map((item) => (typeof item === "string" ? item : item?.code))
    .filter((code): code is string => typeof code === "string");
}

/**
 * The language codes an agent naming no speech model can take, best first: those the top-level `languages[]`
 * lists and some speech model speaks, then those only a speech model lists, then those only the top-level list
 * has (2.8: "a config naming anything not listed is rejected"; which listed language an agent may take is not
 * shown, so the codes are the catalog's own, never a fixed one).
 */
export async function listedLanguages(): Promise<string[]> {
  const catalog = await rawCatalog();
  const top = codesOf(catalog.languages);
  const kinds = ["stt", "tts", "realtime"] as const;
  const spoken = kinds.flatMap((kind) =>
    Array.isArray(catalog[kind])
      ? (catalog[kind] as Array<{ languages?: unknown }>).flatMap((e) => codesOf(e?.languages))
      : [],
  );
  const both = top.filter((code) => spoken.includes(code));
  return [...new Set([...both, ...spoken, ...top])];
}

/** A language the catalog lists other than `avoid` where it lists one (see listedLanguages); none: undefined. */
export async function listedLanguage(avoid?: unknown): Promise<string | undefined> {
  const codes = await listedLanguages();
  return codes.find((code) => code !== avoid) ?? codes[0];
}
