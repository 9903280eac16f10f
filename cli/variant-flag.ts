// `--variant NAME` (serve, run): known names only, and never two that shape the same layer of the server.
import { isVariantName, layerClashes, VARIANTS, type VariantName } from "../simulators/platform/variants/index.ts";
import { UsageError } from "./usage-error.ts";

export function variantsFlag(names: readonly string[] = []): VariantName[] {
  const unknown = names.find((name) => !isVariantName(name));
  if (unknown !== undefined) throw new UsageError(`unknown variant ${unknown} (see cap-conformance variants)`);
  const variants = [...new Set(names)] as VariantName[];
  const clash = layerClashes(variants)[0];
  if (clash !== undefined) {
    throw new UsageError(
      `variants ${clash[0]} and ${clash[1]} both shape the ${VARIANTS[clash[0]].layer} layer; serve one at a time`,
    );
  }
  return variants;
}
