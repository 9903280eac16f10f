// The profile an instance serving legal variants is served and checked with: the one asked for, merged with
// the profiles of the variants that come with one (`serve --variant session-status-words` answers in the
// variant's words, and the target file names a profile the run then reads them through).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { mergeProfileFiles, type ProfileFile } from "../../../spec/profile.ts";
import { VARIANTS, type VariantName } from "./index.ts";
import type { VariantSpec } from "./variant.ts";

export interface ServedProfile {
  /** `default`, the file asked for, or a file of the merge (private, removed by `remove`). */
  name: string;
  remove: () => void;
}

export function servedProfile(asked: string, variants: readonly VariantName[]): ServedProfile {
  const fragments = variants.flatMap((name) => {
    const spec: VariantSpec = VARIANTS[name];
    return spec.profile === undefined ? [] : [spec.profile];
  });
  if (fragments.length === 0) return { name: asked, remove: () => undefined };
  const base = asked === "default" ? [] : [JSON.parse(readFileSync(asked, "utf8")) as ProfileFile];
  const merged: ProfileFile = {
    name: `variants ${variants.join(", ")}`,
    ...mergeProfileFiles([...base, ...fragments]),
  };
  const dir = mkdtempSync(join(tmpdir(), "cap-variant-profile-"));
  const file = join(dir, "profile.json");
  writeFileSync(file, JSON.stringify(merged, null, 2), { mode: 0o600 });
  return { name: file, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
