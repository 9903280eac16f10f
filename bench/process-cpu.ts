// CPU time a child process has used (user + system), read from /proc on Linux. Requests per second depend
// on the share of the cores a server gets, which on a shared machine is anyone's guess; CPU time per
// request does not, so the bench reports both.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";

let ticksPerSecond: number | undefined;

/** Milliseconds of CPU `pid` has used so far, or undefined where /proc is not there to tell. */
export function cpuMs(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    // The command name (field 2) may hold spaces and parentheses: the fields after it follow the last ")".
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    ticksPerSecond ??= Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
    // utime and stime are fields 14 and 15 of the whole line, 12 and 13 after the command name.
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
  } catch {
    return undefined;
  }
}
