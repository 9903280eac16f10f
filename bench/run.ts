// `npm run bench`: the reference platform measured against a baseline taken in the same run on the
// same machine. Prints a table and writes reports/out/bench.json. Every figure is a ratio to its
// baseline, so numbers from different machines stay comparable.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { request } from "undici";
import { type FullRunResult, fullRunRows, measureFullRun } from "./full-run.ts";
import { measureGet, type RateResult } from "./http-rate.ts";
import { startBaseline, startServe } from "./processes.ts";
import { measureSse, type SseResult } from "./sse-capacity.ts";
import { measureWebhooks, CONCURRENCY as WEBHOOK_CONCURRENCY, type WebhookRateResult } from "./webhook-rate.ts";

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const CONNECTIONS = 32;
const AGENTS = 60;
const STREAMS = Number(process.env.BENCH_STREAMS ?? 10_000);
const POSTS = 20;
const WEBHOOK_EVENTS = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 2000);
/** `BENCH_FULL_RUNS=0` skips the full runs (several minutes); they run on loopback and with each of these latencies. */
const FULL_RUNS = process.env.BENCH_FULL_RUNS !== "0";
/** Added to every response of the target, one full run each (`BENCH_LATENCIES=30,100`). */
const LATENCIES = (process.env.BENCH_LATENCIES ?? "30,100")
  .split(",")
  .filter((v) => v.trim() !== "")
  .map(Number);
const RUN_SEED = 42;
/** Sockets besides the streams: the servers, the simulators, the control plane's pool, node itself. */
const SPARE_DESCRIPTORS = 1_000;

/** Each stream is a socket in the bench and one in `serve` (which inherits this limit): fail early, saying so. */
function assertDescriptors(): void {
  const limit = execFileSync("sh", ["-c", "ulimit -n"], { encoding: "utf8" }).trim();
  const needed = STREAMS + SPARE_DESCRIPTORS;
  if (limit !== "unlimited" && Number(limit) < needed) {
    throw new Error(
      `the SSE row holds ${STREAMS} streams, so the bench and serve need ${needed} file descriptors each, ` +
        `but ulimit -n is ${limit}: raise it (ulimit -n ${needed}) or set BENCH_STREAMS lower`,
    );
  }
}

/** Full runs on loopback, then with each added latency, each against a fresh two-region serve (same start state). */
async function fullRuns(dir: string): Promise<FullRunResult[]> {
  const runs: FullRunResult[] = [];
  for (const ms of [0, ...LATENCIES]) {
    const targetFile = join(dir, `run-target-${ms}.json`);
    const { child } = await startServe(targetFile);
    try {
      runs.push(await measureFullRun(targetFile, ms, RUN_SEED));
    } finally {
      await child.stop();
    }
  }
  return runs;
}

async function seedAgents(base: string, token: string): Promise<void> {
  for (let i = 0; i < AGENTS; i++) {
    const response = await request(`${base}/v1/agents`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ name: `bench-agent-${i}`, prompt: "You answer questions about the weather." }),
    });
    await response.body.dump();
  }
}

/** A provider key the provider simulator accepts, registered through its admin API. */
async function providerKey(target: { simulators: { provider?: string } }): Promise<string> {
  const response = await request(`${target.simulators.provider}/_admin/keys`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: "{}",
  });
  return ((await response.body.json()) as { key: string }).key;
}

function row(r: RateResult, baseline: RateResult): string {
  const ratio = (r.requestsPerSecond / baseline.requestsPerSecond).toFixed(2);
  const ms = (n: number) => n.toFixed(1);
  const cpu = r.cpuUsPerRequest === undefined ? "" : Math.round(r.cpuUsPerRequest).toString();
  const cpuRatio =
    r.cpuUsPerRequest === undefined || baseline.cpuUsPerRequest === undefined
      ? ""
      : (baseline.cpuUsPerRequest / r.cpuUsPerRequest).toFixed(2);
  return `| ${r.label} | ${Math.round(r.requestsPerSecond)} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.p99)} | ${ratio} | ${cpu} | ${cpuRatio} | ${r.non2xx + r.errors} |`;
}

interface Measured {
  baseline: RateResult;
  platform: RateResult;
  sse: SseResult;
  webhooks: WebhookRateResult;
}

/** The rate, stream and webhook rows, against one serve seeded with agents and the bare baseline. */
async function measureReference(dir: string): Promise<Measured> {
  const { child: serve, target } = await startServe(join(dir, "target.json"));
  const base = target.regions[0]!.base_url;
  const headers = { authorization: `Bearer ${target.credentials.admin}` };
  try {
    await seedAgents(base, target.credentials.admin);
    const page = await request(`${base}/v1/agents?limit=20`, { headers });
    const bodyFile = join(dir, "page.json");
    writeFileSync(bodyFile, Buffer.from(await page.body.arrayBuffer()));
    const { child: bare, url } = await startBaseline(bodyFile);
    try {
      const opts = { connections: CONNECTIONS, durationS: DURATION_S };
      // Warm both servers (JIT, connection pools) before measuring.
      await measureGet("warm-up", `${url}/`, {}, { connections: 8, durationS: 2 });
      await measureGet("warm-up", `${base}/v1/agents?limit=20`, headers, { connections: 8, durationS: 2 });
      const baseline = await measureGet(
        "bare node:http, same JSON",
        `${url}/`,
        {},
        {
          ...opts,
          serverPid: bare.process.pid,
        },
      );
      const platform = await measureGet(
        "reference platform GET /v1/agents?limit=20",
        `${base}/v1/agents?limit=20`,
        headers,
        { ...opts, serverPid: serve.process.pid },
      );
      const sse = await measureSse(target, await providerKey(target), STREAMS, POSTS, serve.process.pid);
      const webhooks = await measureWebhooks(target, WEBHOOK_EVENTS);
      return { baseline, platform, sse, webhooks };
    } finally {
      await bare.stop();
    }
  } finally {
    await serve.stop();
  }
}

async function main(): Promise<void> {
  assertDescriptors();
  const dir = mkdtempSync(join(tmpdir(), "cap-bench-"));
  const { baseline, platform, sse, webhooks } = await measureReference(dir);
  const runs = FULL_RUNS ? await fullRuns(dir) : [];
  const lines = [
    `Benchmark ${new Date().toISOString().slice(0, 10)} on ${cpus().length}x ${cpus()[0]?.model ?? "cpu"}, Node ${process.version}, ${CONNECTIONS} connections, ${DURATION_S} s each`,
    "",
    "| what | req/s | p50 ms | p95 ms | p99 ms | ratio to baseline | server CPU µs per request | CPU ratio (baseline's / this) | errors |",
    "|---|---|---|---|---|---|---|---|---|",
    row(baseline, baseline),
    row(platform, baseline),
    "",
    "| streams | what | value | baseline | ratio |",
    "|---|---|---|---|---|",
    `| SSE | streams held open through a 15 s keep-alive period (all got a keep-alive) | ${sse.held} of ${sse.streams} (${sse.keptAlive} kept alive) | | |`,
    `| SSE | post to first assistant.delta on every one of ${sse.streams} streams, p50 / p99 ms (${sse.posts} posts) | ${sse.firstDeltaP50.toFixed(1)} / ${sse.firstDeltaP99.toFixed(1)} | provider time to first token p99 ${sse.providerTtftP99.toFixed(1)} | ${(sse.firstDeltaP99 / sse.providerTtftP99).toFixed(1)}x |`,
    `| SSE | serve CPU per post: the reply and all its frames to every one of ${sse.streams} streams, ms | ${sse.serverCpuMsPerPost?.toFixed(0) ?? "(no /proc)"} | | |`,
    `| webhooks | deliveries per second to the sink (${webhooks.events} events, ${WEBHOOK_CONCURRENCY} at a time) | ${Math.round(webhooks.platformPerSecond)} | direct POSTs to the sink, ${WEBHOOK_CONCURRENCY} at a time: ${Math.round(webhooks.baselinePerSecond)}/s | ${(webhooks.platformPerSecond / webhooks.baselinePerSecond).toFixed(2)} |`,
    ...(runs.length > 0 ? ["", ...fullRunRows(runs)] : []),
  ];
  console.log(lines.join("\n"));
  mkdirSync("reports/out", { recursive: true });
  writeFileSync(
    "reports/out/bench.json",
    `${JSON.stringify({ date: new Date().toISOString(), baseline, platform, sse, webhooks, runs }, null, 2)}\n`,
  );
}

await main();
