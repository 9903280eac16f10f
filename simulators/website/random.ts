// A seeded generator (mulberry32) and the vocabulary pages are written from: the same seed always gives
// the same site, byte for byte.

export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  int(maxExclusive: number): number;
  pick<T>(items: readonly T[]): T;
}

export function createRng(seed: number): Rng {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (maxExclusive: number) => Math.floor(next() * maxExclusive);
  return { next, int, pick: (items) => items[int(items.length)]! };
}

export const SECTIONS = ["docs", "guides", "blog", "help", "products"] as const;

export const WORDS = [
  "agent",
  "voice",
  "call",
  "river",
  "signal",
  "amber",
  "harbor",
  "meadow",
  "orbit",
  "canyon",
  "lantern",
  "copper",
  "willow",
  "summit",
  "quartz",
  "ember",
  "falcon",
  "glacier",
  "island",
  "juniper",
  "kestrel",
  "lagoon",
  "marble",
  "nectar",
  "opal",
  "prairie",
  "quill",
  "raven",
  "sable",
  "tundra",
  "umber",
  "velvet",
  "walnut",
  "yonder",
  "zephyr",
  "beacon",
  "cedar",
  "delta",
  "estuary",
  "fjord",
  "granite",
  "hollow",
  "indigo",
  "jasper",
  "kiln",
  "lichen",
  "mosaic",
  "nimbus",
  "ochre",
  "pebble",
  "routing",
  "greeting",
  "transcript",
  "webhook",
  "batch",
  "window",
  "number",
  "carrier",
  "prompt",
  "tool",
  "setup",
  "billing",
  "limits",
  "schedule",
  "pricing",
  "support",
  "account",
  "region",
  "publish",
  "draft",
] as const;
