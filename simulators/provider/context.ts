// What every provider route needs: the state, the shared clock, and waits that end when the client leaves
// or the simulator closes (so close() never waits on a paced reply).
import type { ServerResponse } from "node:http";
import type { FastifyReply } from "fastify";
import type { Clock } from "../shared/clock.ts";
import type { ProviderState } from "./state.ts";

export interface ApiContext {
  state: ProviderState;
  clock: Clock;
  /** Aborted by close(). */
  shutdown: AbortSignal;
  /**
   * Waits `simMs` simulated ms. Answers false, with the connection already dropped, when the client left
   * or the simulator is closing; the caller then returns `reply` and writes nothing.
   */
  pause(simMs: number, reply: FastifyReply): Promise<boolean>;
}

/** One signal per response, however many paced pauses it makes (a listener per token would pile up). */
const goneSignals = new WeakMap<object, AbortSignal>();

/** Aborts when the response's connection closes before the response finished. */
function clientGone(res: ServerResponse): AbortSignal {
  const known = goneSignals.get(res);
  if (known !== undefined) return known;
  const controller = new AbortController();
  goneSignals.set(res, controller.signal);
  const onClose = () => {
    if (!res.writableFinished) controller.abort(new Error("client closed the connection"));
  };
  if (res.destroyed) onClose();
  else res.once("close", onClose);
  return controller.signal;
}

const endSignals = new WeakMap<object, AbortSignal>();

/** The response's end: its client left or the simulator closes; combined once per response. */
function endOf(res: ServerResponse, shutdown: AbortSignal): AbortSignal {
  let signal = endSignals.get(res);
  if (signal === undefined) {
    signal = AbortSignal.any([shutdown, clientGone(res)]);
    endSignals.set(res, signal);
  }
  return signal;
}

/**
 * The wait of a paced reply on a response, in the primary's server or in a front worker: true after
 * `simMs` simulated ms; false, with the connection dropped (after `beforeDrop`), when the client left or
 * `shutdown` aborted.
 */
export async function pauseResponse(
  res: ServerResponse,
  simMs: number,
  clock: Clock,
  shutdown: AbortSignal,
  beforeDrop?: () => void,
): Promise<boolean> {
  if (shutdown.aborted) return drop(res, beforeDrop);
  if (simMs <= 0) return true;
  // A paced reply may stay silent longer than the server's idle timeout; only the client or close() ends it.
  res.socket?.setTimeout(0);
  try {
    await clock.sleep(simMs, endOf(res, shutdown));
    return true;
  } catch {
    return drop(res, beforeDrop);
  }
}

export function createContext(state: ProviderState, clock: Clock, shutdown: AbortSignal): ApiContext {
  return {
    state,
    clock,
    shutdown,
    pause: (simMs, reply) =>
      pauseResponse(reply.raw, simMs, clock, shutdown, () => {
        if (!reply.sent) reply.hijack();
      }),
  };
}

function drop(res: ServerResponse, beforeDrop: (() => void) | undefined): false {
  beforeDrop?.();
  res.destroy();
  return false;
}
