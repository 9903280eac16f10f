// `cap-conformance load k6 [--where]`: the k6 `load` runs, built for these pins (or found in the cache) and its
// path printed, so a CI step can build it ahead or cache its folder (action.yml does both); --where prints the
// folder the build of these pins goes to, without building.
import { ensureK6, K6Unavailable, k6BuildDir } from "../load/build-k6.ts";
import { LOAD_K6_FLAGS } from "./command-flags.ts";
import { parseFlags } from "./flags.ts";

export async function loadK6Command(argv: string[]): Promise<number> {
  const { values } = parseFlags(LOAD_K6_FLAGS, argv);
  if (values.where) {
    console.log(k6BuildDir());
    return 0;
  }
  try {
    const k6 = await ensureK6({ log: (line) => console.error(`[k6 build] ${line}`) });
    console.log(k6.bin);
    return 0;
  } catch (error) {
    console.error((error as Error).message);
    return error instanceof K6Unavailable ? 2 : 1;
  }
}
