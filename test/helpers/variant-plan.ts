// The variant matrix's plan (test/cli/variant-matrix.test.ts): which variants are served together in which
// run, and which suites each run is narrowed to. The reasoning is in the test's header comment.
import { VARIANTS, type VariantName } from "../../simulators/platform/variants/index.ts";

export interface VariantRun {
  label: string;
  variants: VariantName[];
  /** The suites the run is narrowed to; undefined for a full run. */
  suites?: string[];
}

/**
 * Variants that change how every response is written (no declared reach) are stacked, one per layer, into
 * `bundles` full runs, spread evenly; each variant with a declared reach gets a run of its own, narrowed to
 * those suites.
 */
export function variantPlan(bundles = 3): VariantRun[] {
  const names = Object.keys(VARIANTS) as VariantName[];
  const everywhere = names.filter((name) => !("reach" in VARIANTS[name]));
  const perLayer = new Map<string, number>();
  for (const name of everywhere) perLayer.set(VARIANTS[name].layer, (perLayer.get(VARIANTS[name].layer) ?? 0) + 1);
  const needed = Math.max(bundles, ...perLayer.values());
  const stacks: VariantName[][] = Array.from({ length: needed }, () => []);
  // Layers with most variants first, so each of theirs lands in a bundle of its own.
  const ordered = [...everywhere].sort(
    (a, b) =>
      perLayer.get(VARIANTS[b].layer)! - perLayer.get(VARIANTS[a].layer)! || names.indexOf(a) - names.indexOf(b),
  );
  for (const name of ordered) {
    const layer = VARIANTS[name].layer;
    const open = stacks.filter((stack) => !stack.some((other) => VARIANTS[other].layer === layer));
    open.sort((a, b) => a.length - b.length)[0]!.push(name);
  }
  const runs: VariantRun[] = stacks.map((variants, i) => ({ label: `every-response-${i + 1}`, variants }));
  for (const name of names) {
    const spec = VARIANTS[name];
    if ("reach" in spec) runs.push({ label: name, variants: [name], suites: [...spec.reach] });
  }
  return runs;
}
