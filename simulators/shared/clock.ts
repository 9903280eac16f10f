// The clock the reference platform and the simulators share (ARCHITECTURE.md, "Simulated time").
// With minuteMs = 60_000 it is the wall clock; with minuteMs = 50 one simulated minute lasts 50 ms,
// so batch retries and calling windows run in seconds. Simulated time starts at the real time, or at the origin
// given: two processes with the same scale and origin (simulators and a platform apart, `serve --simulators`) agree.

export interface Clock {
  /** Real milliseconds per simulated minute. */
  readonly minuteMs: number;
  /** The real epoch milliseconds at which simulated time equalled real time. */
  readonly originMs: number;
  /** Simulated epoch milliseconds. */
  now(): number;
  /** Resolves after `simMs` simulated milliseconds; rejects with the signal's reason when aborted. */
  sleep(simMs: number, signal?: AbortSignal): Promise<void>;
  /** Converts a simulated duration into real milliseconds. */
  toReal(simMs: number): number;
}

export function createClock(minuteMs = 60_000, originMs = Date.now()): Clock {
  if (!(minuteMs > 0)) throw new Error(`minuteMs must be positive, got ${minuteMs}`);
  const scale = 60_000 / minuteMs;
  const realStart = originMs;
  const toReal = (simMs: number) => simMs / scale;
  return {
    minuteMs,
    originMs,
    now: () => realStart + (Date.now() - realStart) * scale,
    toReal,
    sleep: (simMs, signal) =>
      new Promise<void>((resolve, reject) => {
        if (signal?.aborted) return reject(signal.reason);
        const timer = setTimeout(
          () => {
            signal?.removeEventListener("abort", onAbort);
            resolve();
          },
          Math.max(0, toReal(simMs)),
        );
        const onAbort = () => {
          clearTimeout(timer);
          reject(signal?.reason);
        };
        signal?.addEventListener("abort", onAbort, { once: true });
      }),
  };
}
