// The planted region-sharing faults: an area's per-workspace state kept in one map of the process, keyed by
// workspace id only, so every regional instance the process serves reads and writes the same rows (1:
// "Everything the workspace owns is regional and is not shared between regions").

const shared = new Map<string, unknown>();

/** The area's state of the workspace, shared by every region of the process (planted faults only). */
export function processWideState<T>(area: string, workspaceId: string, init: () => T): T {
  const key = `${area}:${workspaceId}`;
  if (!shared.has(key)) shared.set(key, init());
  return shared.get(key) as T;
}

/** The region each token was first used in, shared by every instance of the process (planted faults only). */
const firstRegion = new Map<string, string>();

/** Planted `token-pinned-to-first-region`: whether the token was first seen in another region (planted faults only). */
export function pinnedElsewhere(token: string, region: string): boolean {
  const home = firstRegion.get(token) ?? region;
  firstRegion.set(token, home);
  return home !== region;
}
