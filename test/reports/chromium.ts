// Runs Debian's headless Chromium for the report screenshot test: fresh profile, no background services, every
// host name unresolvable (nothing can leave the machine), a hard deadline that kills the whole process group.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestContext } from "vitest";

export const CHROMIUM = "/usr/bin/chromium";
export const hasChromium = existsSync(CHROMIUM);

/** CI installs Chromium (.ci/run), so there a missing browser is a broken CI image, not a reason to skip.
 * `CI=false` or `CI=0` count as not CI. */
export const chromiumRequired = !["", "0", "false"].includes((process.env.CI ?? "").toLowerCase());

export const SKIP_NOTE = `${CHROMIUM} is not installed (apt-get install -y chromium); skipping the rendered-page checks (they fail instead when CI is set)`;

/** Skips the test (saying why) without Chromium, or fails it when CI is set. */
export function needChromium(ctx: TestContext): void {
  if (hasChromium) return;
  if (chromiumRequired) {
    throw new Error(`${CHROMIUM} is missing but CI is set: .ci/run installs it (apt-get install -y chromium)`);
  }
  ctx.skip(true, SKIP_NOTE);
}

const FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--host-resolver-rules=MAP * ~NOTFOUND",
];

export interface ChromiumRun {
  stdout: string;
  /** URLs the page itself asked for (browser-internal requests excluded). */
  pageRequests: string[];
}

export async function runChromium(args: string[], timeoutMs: number): Promise<ChromiumRun> {
  const profile = await mkdtemp(join(tmpdir(), "cap-chromium-"));
  const netLog = join(profile, "netlog.json");
  try {
    const stdout = await new Promise<string>((resolve, reject) => {
      const child = spawn(CHROMIUM, [...FLAGS, `--user-data-dir=${profile}`, `--log-net-log=${netLog}`, ...args], {
        detached: true,
        stdio: ["ignore", "pipe", "ignore"],
      });
      const chunks: Buffer[] = [];
      child.stdout.on("data", (c: Buffer) => chunks.push(c));
      const timer = setTimeout(() => {
        if (child.pid !== undefined) process.kill(-child.pid, "SIGKILL");
        reject(new Error(`chromium did not finish within ${timeoutMs} ms`));
      }, timeoutMs);
      child.on("error", (e) => {
        clearTimeout(timer);
        reject(e);
      });
      child.on("close", (code) => {
        clearTimeout(timer);
        if (code === 0) resolve(Buffer.concat(chunks).toString("utf8"));
        else reject(new Error(`chromium exited with ${code}`));
      });
    });
    return { stdout, pageRequests: await pageRequests(netLog) };
  } finally {
    await rm(profile, { recursive: true, force: true });
  }
}

/** Requests in a NetLog started on behalf of a page: the browser's own carry the initiator "not an origin". */
async function pageRequests(netLogPath: string): Promise<string[]> {
  const log = JSON.parse(await readFile(netLogPath, "utf8")) as {
    constants: { logEventTypes: Record<string, number> };
    events: Array<{ type: number; params?: { url?: string; initiator?: string } }>;
  };
  const startJob = log.constants.logEventTypes.URL_REQUEST_START_JOB;
  return log.events
    .filter((e) => e.type === startJob && e.params?.url !== undefined && e.params.initiator !== "not an origin")
    .map((e) => e.params!.url!);
}
