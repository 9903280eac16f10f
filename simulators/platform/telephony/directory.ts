// Which workspace owns a phone number or a session in this region. Carrier webhooks carry no
// credential (they are signed instead), so the platform finds the owner from the id in their URL.
import type { RegionStore } from "../store.ts";

export class RegionDirectory {
  readonly numbers = new Map<string, string>();
  readonly sessions = new Map<string, string>();
}

const directories = new WeakMap<RegionStore, RegionDirectory>();

export function regionDirectory(store: RegionStore): RegionDirectory {
  let directory = directories.get(store);
  if (directory === undefined) {
    directory = new RegionDirectory();
    directories.set(store, directory);
  }
  return directory;
}
