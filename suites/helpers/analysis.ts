// Shows which agent definition a session ran, from what the provider simulator received: a definition
// that enables analysis (2.9 `analysis`; 6.1: "what a model inferred") has its session's end analysed by
// its analysis model, so a chat completion for that model, naming that session, reaches the provider once
// the session is over. A server that ran another definition (dropped an inline agent or an override) asks
// for no such analysis for that session.
import { expect } from "vitest";
import { pause } from "../../runner/client/traffic.ts";
import { skipCheck } from "../../runner/framework/check.ts";
import { callsOfBatch, waitForBatch } from "./batches.ts";
import { ensureLlmKey } from "./byok.ts";
import { finished, SHORT_CALL_MS, waitForCall } from "./calls.ts";
import { firstPair, type Pair, usablePairs } from "./catalog.ts";
import { describeRun, madeFor, namesRuns, providerRequests, type Run, UNTIED } from "./provider.ts";

/**
 * An analysis model whose provider holds the workspace's key: the last such llm pair the catalog lists,
 * the one least likely to serve other traffic of the run (the first is every other check's llm).
 */
export async function analysisModel(): Promise<Pair> {
  await ensureLlmKey();
  const { provider } = await firstPair("llm");
  const pairs = (await usablePairs("llm")).filter((pair) => pair.provider === provider);
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

/** Waits for the session to end, then for a chat completion for `model` made for it since `mark`. */
export async function expectAnalysed(sessionId: string, model: Pair, mark: number, what: string): Promise<void> {
  await waitForCall(sessionId, finished, SHORT_CALL_MS(), "ended");
  await expectModelAsked(model, { session: sessionId }, mark, `${what} (session ${sessionId})`);
}

/**
 * Waits for the batch to complete, then for a chat completion for `model` made for each call it placed since
 * `mark`: a batch that ran the definition for its first call only shows in the second.
 */
export async function expectBatchAnalysed(batchId: string, model: Pair, mark: number, what: string): Promise<void> {
  await waitForBatch(batchId, (row) => row.status === "completed", SHORT_CALL_MS(), "completed");
  const reached = (await callsOfBatch(batchId)).filter((row) => row.started_at !== null);
  expect(reached.length, `${what}: calls of batch ${batchId} that were answered`).toBeGreaterThan(0);
  for (const { session_id } of reached) {
    await expectModelAsked(model, { session: session_id }, mark, `${what} (batch ${batchId}, session ${session_id})`);
  }
}

/**
 * Waits for a chat completion for `model` made for `run` since `mark` (its sessions already over): the
 * request names the run (README, wiring contract), so another session's request for the same model never
 * counts. A server that names no run on any request skips the check, with that reason, once the model was
 * asked at all: which run asked cannot be told. Asked for no run at all, it fails.
 */
export async function expectModelAsked(model: Pair, run: Run, mark: number, what: string): Promise<void> {
  const until = Date.now() + SHORT_CALL_MS();
  for (;;) {
    const all = await providerRequests();
    const since = all.slice(mark).filter((row) => row.path.endsWith("/chat/completions"));
    const asked = since.filter((row) => row.model === model.model);
    if (asked.some((row) => madeFor(row, run))) return;
    if (asked.length > 0 && !namesRuns(all, run)) skipCheck(`${what}: ${UNTIED}`);
    if (Date.now() > until) {
      const models = since.filter((row) => madeFor(row, run)).map((row) => row.model);
      expect(models, `${what}: chat completions at the provider for ${describeRun(run)}`).toContain(model.model);
    }
    await pause(50);
  }
}
