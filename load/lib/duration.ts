// k6 duration strings ("30s", "1m30s", "2h", "500ms") to milliseconds. Pure: the CLI uses it
// for its hard kill timeout, the scenarios for stream lifetimes.
const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

export function durationMs(text: string): number {
  const trimmed = text.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Number(trimmed) * 1000; // k6 reads a bare number as seconds
  const parts = [...trimmed.matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h)/g)];
  if (parts.length === 0 || parts.map((p) => p[0]).join("") !== trimmed) {
    throw new Error(`not a duration: "${text}" (use e.g. 30s, 2m, 1h30m)`);
  }
  return parts.reduce((total, p) => total + Number(p[1]) * UNIT_MS[p[2]!]!, 0);
}
