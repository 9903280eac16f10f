// Shows which agent definition a session ran, from what the provider simulator received: a definition
// that enables analysis (2.9 `analysis`; 6.1: "what a model inferred") has its session's end analysed by
// its analysis model, so a chat completion for that model reaches the provider once the session is over.
// A server that ran another definition (dropped an inline agent or an override) asks for no such analysis.
import { expect } from "vitest";
import { pause } from "../../runner/client/traffic.ts";
import { ensureLlmKey } from "./byok.ts";
import { finished, SHORT_CALL_MS, waitForCall } from "./calls.ts";
import { firstPair, listedPairs, type Pair } from "./catalog.ts";
import { chatRequestsSince, providerRequests } from "./provider.ts";

/**
 * An analysis model whose provider holds the workspace's key: the last such llm pair the catalog lists,
 * the one least likely to serve other traffic of the run (the first is every other check's llm).
 */
export async function analysisModel(): Promise<Pair> {
  await ensureLlmKey();
  const { provider } = await firstPair("llm");
  const pairs = (await listedPairs("llm")).filter((pair) => pair.provider === provider);
  return pairs[pairs.length - 1]!;
}

/** The agent fields that make a session's end ask `model` for its analysis. */
export function analysedBy(model: Pair): Record<string, unknown> {
  return { analysis: { enabled: true, summary: true, model: { ...model, priority: false } } };
}

/** Provider requests seen so far: take it before starting the session, pass it to expectAnalysed. */
export async function providerMark(): Promise<number> {
  return (await providerRequests()).length;
}

/** Waits for the session to end, then for a chat completion for `model` at the provider since `mark`. */
export async function expectAnalysed(sessionId: string, model: Pair, mark: number, what: string): Promise<void> {
  await waitForCall(sessionId, finished, SHORT_CALL_MS(), "ended");
  await expectModelAsked(model, mark, `${what} (session ${sessionId})`);
}

/** Waits for a chat completion for `model` at the provider since `mark` (sessions already over). */
export async function expectModelAsked(model: Pair, mark: number, what: string): Promise<void> {
  const until = Date.now() + SHORT_CALL_MS();
  for (;;) {
    const models = (await chatRequestsSince(mark)).map((row) => row.model);
    if (models.includes(model.model)) return;
    if (Date.now() > until) {
      expect(models, `${what}: chat completions at the provider since the run began`).toContain(model.model);
    }
    await pause(50);
  }
}
