// The types of bin/node-version.js (plain JavaScript, so that any Node parses it), for the TypeScript that imports it.
export declare const PINNED_NODE: { version: string; packages: string[] };
export declare function oldestNode(): string;
export declare function atLeast(version: string, oldest: string): boolean;
export declare function pinnedPackage(platform: string, arch: string): string | undefined;
export declare function nodeProblem(where: {
  version: string;
  oldest: string;
  platform: string;
  arch: string;
  checkout: boolean;
  pinnedInstalled: boolean;
  command: string[];
}): string | undefined;
export declare function thisNodeProblem(command: string[]): string | undefined;
