// `cap-conformance cleanup --target FILE --prefix P`: sweeps what crashed runs left behind. Every resource a run
// creates carries its run prefix (`capct-<hex>-`) in its name, label or URL, so the prefix finds it. Paths follow
// the target's profile; every list is read to its end; what cannot be listed or deleted is said, and is exit 1.

import { type SweepFailure, sweepRegion } from "../runner/target/sweep.ts";
import { loadProfile } from "../spec/profile.ts";
import { CLEANUP_FLAGS } from "./command-flags.ts";
import { intFlag, parseFlags } from "./flags.ts";
import { checkProfile } from "./profile-flag.ts";
import { explicitTarget } from "./resolve-target.ts";
import { UsageError } from "./usage-error.ts";

export async function cleanupCommand(argv: string[]): Promise<number> {
  const { values } = parseFlags(CLEANUP_FLAGS, argv);
  if (!values.prefix || values.prefix.length < 4)
    throw new UsageError("--prefix is required (at least 4 characters, e.g. capct-1a2b3c-)");
  const timeoutMs = intFlag(CLEANUP_FLAGS, values, "timeout-ms", 100);
  // Only the admin token is used: editor and viewer are filled in so a target of flags alone is complete.
  const target = explicitTarget({ ...values, "token-editor": "-", "token-viewer": "-" });
  if (target === undefined) throw new UsageError("give --target FILE (or --base-url and --token-admin)");
  checkProfile(target.profile);
  const profile = loadProfile(target.profile);
  let deleted = 0;
  const failures: SweepFailure[] = [];
  const notes = new Set<string>();
  for (const region of target.regions) {
    const swept = await sweepRegion({
      baseUrl: region.base_url,
      token: target.credentials.admin,
      profile,
      prefix: values.prefix,
      timeoutMs,
    });
    deleted += swept.deleted.length;
    for (const line of swept.deleted) console.log(`deleted: ${region.name} ${line}`);
    failures.push(...swept.failures.map((f) => ({ ...f, what: `${region.name} ${f.what}` })));
    for (const note of swept.notes) notes.add(note);
  }
  console.log(`Deleted ${deleted} resource(s) named ${values.prefix}* in ${target.regions.length} region(s)`);
  for (const note of notes) console.log(`note: ${note}`);
  for (const failure of failures) console.error(`error: could not ${failure.verb} ${failure.what}: ${failure.reason}`);
  return failures.length > 0 ? 1 : 0;
}
