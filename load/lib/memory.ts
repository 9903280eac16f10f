// The server's memory during a soak. Profile assumption: GET {test_control}/memory answers the
// shape of Node's process.memoryUsage() ({rss, heapUsed, ...}, bytes); `rss` is what is watched.
// Without test_control, or when it answers 404, nothing is recorded.
import { Trend } from "k6/metrics";
import { control, json } from "./api.ts";
import { target } from "./target.ts";

const memory = new Trend("server_memory_bytes");

export function hasMemoryProbe(): boolean {
  return target.testControl !== undefined;
}

export function recordServerMemory(): void {
  if (!target.testControl) return;
  const res = control("GET", `${target.testControl}/memory`, "test-control.memory");
  const rss = json(res)?.rss;
  if (res.status === 200 && typeof rss === "number") memory.add(rss);
}

/**
 * What the memory figure is, or why there is none, for the drift finding. Without --target the
 * CLI runs the reference platform in its own process, beside the simulators (CAP_EMBEDDED_STACK):
 * the probe then measures all of them, not the platform alone.
 */
export function memoryNote(): string | undefined {
  if (!target.testControl) return "the target has no test_control, so GET {test_control}/memory could not be read";
  if (__ENV.CAP_EMBEDDED_STACK === "1") {
    return "the embedded stack's one process: platform, simulators and the load command together";
  }
  return undefined;
}
