// What every provider route needs: the state, the shared clock, and waits that end when the client leaves
// or the simulator closes (so close() never waits on a paced reply).
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
export function clientGone(reply: FastifyReply): AbortSignal {
  const known = goneSignals.get(reply.raw);
  if (known !== undefined) return known;
  const controller = new AbortController();
  goneSignals.set(reply.raw, controller.signal);
  const res = reply.raw;
  const onClose = () => {
    if (!res.writableFinished) controller.abort(new Error("client closed the connection"));
  };
  if (res.destroyed) onClose();
  else res.once("close", onClose);
  return controller.signal;
}

const endSignals = new WeakMap<object, AbortSignal>();

/** The response's end: its client left or the simulator closes; combined once per response. */
function endOf(reply: FastifyReply, shutdown: AbortSignal): AbortSignal {
  let signal = endSignals.get(reply.raw);
  if (signal === undefined) {
    signal = AbortSignal.any([shutdown, clientGone(reply)]);
    endSignals.set(reply.raw, signal);
  }
  return signal;
}

export function createContext(state: ProviderState, clock: Clock, shutdown: AbortSignal): ApiContext {
  return {
    state,
    clock,
    shutdown,
    async pause(simMs, reply) {
      if (shutdown.aborted) return drop(reply);
      if (simMs <= 0) return true;
      // A paced reply may stay silent longer than the server's idle timeout; only the client or close() ends it.
      reply.raw.socket?.setTimeout(0);
      try {
        await clock.sleep(simMs, endOf(reply, shutdown));
        return true;
      } catch {
        return drop(reply);
      }
    },
  };
}

function drop(reply: FastifyReply): false {
  if (!reply.sent) reply.hijack();
  reply.raw.destroy();
  return false;
}
