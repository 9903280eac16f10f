// Waits for a condition with a deadline (never a bare sleep): polls every 10 ms, fails naming what it waited for.
export async function until(condition: () => boolean, timeoutMs: number, what = "the condition"): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`not ${what} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
