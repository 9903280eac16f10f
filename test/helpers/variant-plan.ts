// The variant matrix's plan (test/cli/variant-matrix.test.ts): which variants are served together in which
// run, and which suites each run is narrowed to. The reasoning is in the test's header comment.
import {
  STRANGER_LABEL,
  strangerProfile,
  strangerVariants,
  VARIANTS,
  type VariantName,
} from "../../simulators/platform/variants/index.ts";
import type { ProfileFile } from "../../spec/profile.ts";

export interface VariantRun {
  label: string;
  variants: VariantName[];
  /** The suites the run is narrowed to; undefined for a full run. */
  suites?: string[];
  /** The profile the variant is served and checked with (a `--profile` file for serve). */
  profile?: ProfileFile;
}

/**
 * Every variant that can share a full run is stacked, one per layer, into at least `bundles` full runs, spread
 * evenly; the variants served with a profile of their own are the stranger, one full run with their profiles
 * merged; a variant that cannot share a run (`alone`: it fails checks outside its reach by design, or slows every
 * response) gets a run of its own, narrowed to its reach.
 */
export function variantPlan(bundles = 3): VariantRun[] {
  const names = Object.keys(VARIANTS) as VariantName[];
  const stranger = strangerVariants();
  const stacked = names.filter((name) => !("alone" in VARIANTS[name]) && !stranger.includes(name));
  const perLayer = new Map<string, number>();
  for (const name of stacked) perLayer.set(VARIANTS[name].layer, (perLayer.get(VARIANTS[name].layer) ?? 0) + 1);
  const needed = Math.max(bundles, ...perLayer.values());
  const stacks: VariantName[][] = Array.from({ length: needed }, () => []);
  // Layers with most variants first, so each of theirs lands in a bundle of its own.
  const ordered = [...stacked].sort(
    (a, b) =>
      perLayer.get(VARIANTS[b].layer)! - perLayer.get(VARIANTS[a].layer)! || names.indexOf(a) - names.indexOf(b),
  );
  for (const name of ordered) {
    const layer = VARIANTS[name].layer;
    const open = stacks.filter((stack) => !stack.some((other) => VARIANTS[other].layer === layer));
    open.sort((a, b) => a.length - b.length)[0]!.push(name);
  }
  const runs: VariantRun[] = [
    ...stacks.map((variants, i) => ({ label: `stack-${i + 1}`, variants })),
    { label: STRANGER_LABEL, variants: stranger, profile: strangerProfile() },
  ];
  // The runs alone follow the stacks, the widest reach first: the longest of them then start as the first
  // stacks end, and the short ones fill in after (the matrix's wall time is the pool's longest lane).
  const alone = names.filter((name) => "alone" in VARIANTS[name]);
  const reachOf = (name: VariantName) => {
    const spec = VARIANTS[name];
    return "reach" in spec ? spec.reach.length : 0;
  };
  alone.sort((a, b) => reachOf(b) - reachOf(a));
  for (const name of alone) {
    const spec = VARIANTS[name];
    if (!("alone" in spec)) continue;
    runs.push({
      label: name,
      variants: [name],
      suites: [...spec.reach],
      ...("profile" in spec ? { profile: spec.profile as ProfileFile } : {}),
    });
  }
  return runs;
}
