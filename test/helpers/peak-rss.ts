// The peak memory of a process and every process it starts (the vitest workers of `run`), read from /proc while
// it runs: each process's VmHWM (its own high-water mark), summed over every process seen. The sum is an upper
// bound of the tree's peak, since the processes need not peak at once.
import { readdirSync, readFileSync } from "node:fs";

const POLL_MS = 100;

function read(path: string): string | undefined {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return undefined;
  }
}

/** The process and its descendants, by /proc/PID/task/TID/children. */
function tree(pid: number): number[] {
  const pids = [pid];
  for (let i = 0; i < pids.length; i++) {
    let tasks: string[] = [];
    try {
      tasks = readdirSync(`/proc/${pids[i]}/task`);
    } catch {
      continue;
    }
    for (const task of tasks) {
      for (const child of (read(`/proc/${pids[i]}/task/${task}/children`) ?? "").split(" ").filter(Boolean)) {
        pids.push(Number(child));
      }
    }
  }
  return pids;
}

function highWaterKb(pid: number): number | undefined {
  const match = /^VmHWM:\s+(\d+) kB$/m.exec(read(`/proc/${pid}/status`) ?? "");
  return match === null ? undefined : Number(match[1]);
}

export interface PeakRss {
  /** Stops watching; answers the peak in MiB (0 where /proc cannot be read). */
  stop(): number;
}

export function watchPeakRss(pid: number): PeakRss {
  const peaks = new Map<number, number>();
  const sample = () => {
    for (const each of tree(pid)) {
      const kb = highWaterKb(each);
      if (kb !== undefined) peaks.set(each, Math.max(peaks.get(each) ?? 0, kb));
    }
  };
  sample();
  const timer = setInterval(sample, POLL_MS);
  return {
    stop() {
      clearInterval(timer);
      return Math.round([...peaks.values()].reduce((a, b) => a + b, 0) / 1024);
    },
  };
}
