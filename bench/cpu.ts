// CPU time a process has used (user + system), from /proc/<pid>/stat: what the benchmark divides to
// state a process's share of the machine while a scenario runs. Linux only; elsewhere undefined.

import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";

let ticksPerSecond: number | undefined;

function clockTicks(): number {
  ticksPerSecond ??= Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
  return ticksPerSecond;
}

/** Seconds of CPU the process has used so far, or undefined when it cannot be read. */
export function cpuSeconds(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name (field 2) may hold spaces; the fields after it are counted from its ")".
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / clockTicks();
  } catch {
    return undefined;
  }
}

/** The process and every process it started, and theirs (a `simulate --workers N` and its front workers). */
export function processTree(pid: number): number[] {
  let children: number[] = [];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8")
      .trim()
      .split(/\s+/)
      .filter((text) => text !== "")
      .map(Number);
  } catch {
    // Gone, or not Linux: no children to count.
  }
  return [pid, ...children.flatMap(processTree)];
}

/** CPU seconds of a process and of everything under it, and of the process alone. */
export function treeCpuSeconds(pid: number | undefined): { all: number; own: number } | undefined {
  const own = cpuSeconds(pid);
  if (pid === undefined || own === undefined) return undefined;
  return { all: processTree(pid).reduce((sum, each) => sum + (cpuSeconds(each) ?? 0), 0), own };
}
