// The peak memory of a process and the processes it starts (the forked vitest workers of `run`), read from /proc
// while it runs. Every 100 ms the processes alive are listed and their VmHWM (each one's own high-water mark so
// far) summed; the answer is the largest such sum. That bounds the tree's real peak from above, since each mark
// is at least what its process held at any earlier moment, and it does not add up workers that lived one after
// another (a run forks a fresh worker per suite file).
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

function highWaterKb(pid: number): number {
  const match = /^VmHWM:\s+(\d+) kB$/m.exec(read(`/proc/${pid}/status`) ?? "");
  return match === null ? 0 : Number(match[1]);
}

export interface PeakRss {
  /** Stops watching; answers the peak in MiB (0 where /proc cannot be read). */
  stop(): number;
}

export function watchPeakRss(pid: number): PeakRss {
  let peakKb = 0;
  const sample = () => {
    peakKb = Math.max(
      peakKb,
      tree(pid).reduce((sum, each) => sum + highWaterKb(each), 0),
    );
  };
  sample();
  const timer = setInterval(sample, POLL_MS);
  return {
    stop() {
      clearInterval(timer);
      return Math.round(peakKb / 1024);
    },
  };
}
