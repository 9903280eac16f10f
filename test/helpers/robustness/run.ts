// Sends probes a few at a time, in order, and collects one line per problem.
import type { RawClient } from "./client.ts";
import { problemWith, type Verdict } from "./judge.ts";
import type { Probe } from "./probe.ts";

/** Requests in flight at once: enough to overlap, few enough for a shared 2-core machine. */
const CONCURRENCY = 4;

export async function runProbes(
  client: RawClient,
  probes: readonly Probe[],
  verdictFor: (probe: Probe) => Verdict,
): Promise<string[]> {
  const problems: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < probes.length) {
      const probe = probes[next++]!;
      const where = `${probe.kind}: ${probe.method} ${probe.path.slice(0, 120)}`;
      try {
        const answer = await client.send(probe.method, probe.path, probe.payload, probe.headers);
        const problem = problemWith(probe, answer, verdictFor(probe));
        if (problem !== undefined) problems.push(`${where} → ${problem}: ${answer.text.slice(0, 200)}`);
      } catch (error) {
        problems.push(`${where} → no answer: ${(error as Error).message}`);
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return problems;
}
