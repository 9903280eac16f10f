// The oldest Node the dependencies run on (package.json engines says the same; a test keeps them equal).
// undici 8, vitest 5 and testcontainers 12 need 22.22 or later: on an older Node the command would fail on
// import with an error that names none of this, so bin/ asks first.
export const OLDEST_NODE = "22.22.0";

/** Why this Node cannot run the command, or undefined when it can. */
export function unsupportedNode(version: string): string | undefined {
  const [major = 0, minor = 0] = version.split(".").map(Number);
  const [oldestMajor = 0, oldestMinor = 0] = OLDEST_NODE.split(".").map(Number);
  if (major > oldestMajor || (major === oldestMajor && minor >= oldestMinor)) return undefined;
  return `cap-conformance needs Node ${OLDEST_NODE} or later (22 or 24); this is Node ${version}`;
}
