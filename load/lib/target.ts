// The target file (ARCHITECTURE.md, "The target file"), read once per VU in the init context from
// the path in CAP_TARGET. Only the fields load scenarios use are read; the CLI validated the file.

export interface LoadTarget {
  /** Base URL of the region under load (CAP_REGION names it; the first region otherwise). */
  baseUrl: string;
  region: string;
  /** ADMIN credential: load exercises writes, and role rules are not what load measures. */
  token: string;
  simulators: { carrier?: string; webhook_sink?: string; website?: string; provider?: string };
  testControl?: string;
  /** Real milliseconds per simulated minute, when the stack runs on a scaled clock. */
  minuteMs?: number;
}

interface TargetFile {
  regions?: Array<{ name?: string; base_url?: string }>;
  credentials?: { admin?: string };
  simulators?: LoadTarget["simulators"];
  test_control?: string;
  minute_ms?: number;
}

function readTarget(): LoadTarget {
  const path = __ENV.CAP_TARGET;
  if (!path) throw new Error("CAP_TARGET is not set: give the path of a target JSON file");
  const file = JSON.parse(open(path)) as TargetFile;
  const regions = file.regions ?? [];
  const wanted = __ENV.CAP_REGION;
  const region = wanted ? regions.find((r) => r.name === wanted) : regions[0];
  if (!region?.base_url || !region.name) {
    throw new Error(wanted ? `target has no region named ${wanted}` : "target has no regions");
  }
  const token = file.credentials?.admin;
  if (!token) throw new Error("target has no credentials.admin");
  return {
    baseUrl: region.base_url.replace(/\/+$/, ""),
    region: region.name,
    token,
    simulators: file.simulators ?? {},
    testControl: file.test_control?.replace(/\/+$/, ""),
    minuteMs: file.minute_ms,
  };
}

export const target: LoadTarget = readTarget();
