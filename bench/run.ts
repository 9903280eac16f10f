// `npm run bench`: the reference platform and the simulators measured against baselines taken in the
// same run on the same machine. Prints tables and writes reports/out/bench.json. Every figure is a
// ratio to its baseline, so numbers from different machines stay comparable.
// BENCH_PARTS=platform,runs,simulators,scenarios picks parts (default: all four); BENCH_SIMULATORS picks the
// simulators' rows (floor,control-plane,sink,carrier,provider; default all), BENCH_WORKERS the front workers of
// the carrier's and the provider's second rows (default 2, 0 for none); BENCH_DURATION_S, BENCH_STREAMS,
// BENCH_WEBHOOK_EVENTS, BENCH_LATENCIES, BENCH_NEVER_MINUTE_MS, BENCH_SIM_DURATION_S and BENCH_SCENARIO_DURATION
// size them.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { request } from "undici";
import { type FullRunResult, fullRunRows, measureFullRun } from "./full-run.ts";
import { measureGet, type RateResult } from "./http-rate.ts";
import { startBaseline, startServe, startSimulate } from "./processes.ts";
import { type ScenarioCpu, type ScenarioLoad, scenarioCpu, startPlatformChild } from "./scenario-cpu.ts";
import {
  type CapacityRow,
  carrierDials,
  controlPlaneResolves,
  frameworkFloor,
  providerStreams,
  sinkDeliveries,
} from "./simulator-capacity.ts";
import { measureFanOutFloor, measureSse } from "./sse-capacity.ts";
import { measureWebhooks, CONCURRENCY as WEBHOOK_CONCURRENCY } from "./webhook-rate.ts";

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const SIM_DURATION_S = Number(process.env.BENCH_SIM_DURATION_S ?? 4);
/** Front workers for the carrier's and the provider's second rows (`simulate --workers N`); 0 leaves them out. */
const WORKERS = Number(process.env.BENCH_WORKERS ?? 2);
const SCENARIO_DURATION = process.env.BENCH_SCENARIO_DURATION ?? "20s";
const CONNECTIONS = 32;
const AGENTS = 60;
const STREAMS = Number(process.env.BENCH_STREAMS ?? 10_000);
const POSTS = 20;
const WEBHOOK_EVENTS = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 2000);
const PARTS = new Set((process.env.BENCH_PARTS ?? "platform,runs,simulators,scenarios").split(","));
/** Added to every response of the target, one full run each after the loopback one (`BENCH_LATENCIES=30,100`). */
const LATENCIES = (process.env.BENCH_LATENCIES ?? "30,100")
  .split(",")
  .filter((v) => v.trim() !== "")
  .map(Number);
const RUN_SEED = 42;
/**
 * The simulated minute of the row "full run against a server whose sessions never end" (`serve --fault
 * sessions-stay-queued`): by default real time, as `simulate` runs for a vendor's server, so every wait a check
 * makes lasts what it would against one (`BENCH_NEVER_MINUTE_MS`; empty leaves the row out).
 */
const NEVER_MINUTE_MS = process.env.BENCH_NEVER_MINUTE_MS ?? "60000";
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
const SIMULATOR_ROWS = new Set(
  (process.env.BENCH_SIMULATORS ?? "floor,control-plane,sink,carrier,provider").split(","),
);

/** The loads the scenarios put on the platform (and so on the simulators) for the CPU shares. */
const SCENARIO_LOADS: ScenarioLoad[] = [
  {
    scenario: "api-mix",
    load: `${process.env.BENCH_API_RATE ?? 200} iterations/s`,
    env: { CAP_RATE: process.env.BENCH_API_RATE ?? "200", CAP_VUS: "200" },
    achieved: (s) =>
      `${(s.metrics.iterations?.values.rate ?? 0).toFixed(1)} iterations/s, ${(s.metrics.http_reqs?.values.rate ?? 0).toFixed(0)} requests/s`,
  },
  {
    scenario: "streams",
    load: "20 conversations x 25 streams (500), 10 messages/s",
    env: {
      CAP_CONVERSATIONS: "20",
      CAP_SUBSCRIBERS: "24",
      CAP_RATE: "10",
      CAP_VUS: "10",
      CAP_REPLY_TIMEOUT_MS: "5000",
    },
    achieved: (s) =>
      `${s.metrics.stream_snapshot_first?.values.passes ?? 0} streams opened, ${s.metrics.messages_posted?.values.count ?? 0} messages answered at p95 ${(s.metrics.assistant_reply_ms?.values["p(95)"] ?? 0).toFixed(0)} ms`,
  },
  {
    scenario: "calls",
    load: "10 calls/s + a batch every 10 s (calls last 12 s)",
    env: { CAP_RATE: "10", CAP_VUS: "200", CAP_CALL_TIMEOUT_MS: "30000" },
    achieved: (s) =>
      `${s.metrics.calls_placed?.values.count ?? 0} calls placed, carrier peak ${s.metrics.carrier_peak_concurrency?.values.value ?? "?"} at once`,
  },
];

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

/** bench/auth-floor-server.ts measured as the baseline is: the same page, after the control-plane exchange. */
async function measureExchangeFloor(
  bodyFile: string,
  headers: Record<string, string>,
  opts: { connections: number; durationS: number },
): Promise<RateResult> {
  const { child: floor, url } = await startBaseline(bodyFile, [], "bench/auth-floor-server.ts");
  try {
    await measureGet("warm-up", `${url}/`, headers, { connections: 8, durationS: 2 });
    return await measureGet(
      "bare node:http, same JSON, after a POST of the credential to a bare control plane in the same process",
      `${url}/`,
      headers,
      { ...opts, serverPid: floor.process.pid },
    );
  } finally {
    await floor.stop();
  }
}

const cpuMs = (ms: number | undefined) => ms?.toFixed(0) ?? "(no /proc)";
/** This CPU as a multiple of a floor's ("1.30x"), where row()'s column divides the baseline's by this. */
const timesFloor = (ms: number | undefined, floor: number | undefined) =>
  ms === undefined || floor === undefined ? "" : `${(ms / floor).toFixed(2)}x`;

async function platformPart(dir: string, lines: string[], out: Record<string, unknown>): Promise<void> {
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
        { ...opts, serverPid: bare.process.pid },
      );
      const exchangeFloor = await measureExchangeFloor(bodyFile, headers, opts);
      const platform = await measureGet(
        "reference platform GET /v1/agents?limit=20",
        `${base}/v1/agents?limit=20`,
        headers,
        { ...opts, serverPid: serve.process.pid },
      );
      const sse = await measureSse(target, await providerKey(target), STREAMS, POSTS, serve.process.pid);
      const fanOutFloor = await measureFanOutFloor(STREAMS, POSTS);
      const webhooks = await measureWebhooks(target, WEBHOOK_EVENTS);
      lines.push(
        "",
        "| what | req/s | p50 ms | p95 ms | p99 ms | ratio to baseline | server CPU µs per request | CPU ratio (baseline's / this) | errors |",
        "|---|---|---|---|---|---|---|---|---|",
        row(baseline, baseline),
        row(exchangeFloor, baseline),
        row(platform, baseline),
        "",
        `The reference platform against the second row, the floor of a server that asks a control plane in its own process over HTTP on every request: ${(platform.requestsPerSecond / exchangeFloor.requestsPerSecond).toFixed(2)} of its rate, ${timesFloor(platform.cpuUsPerRequest, exchangeFloor.cpuUsPerRequest)} its CPU per request.`,
        "",
        "| streams | what | value | baseline | ratio |",
        "|---|---|---|---|---|",
        `| SSE | streams held open through a 15 s keep-alive period (all got a keep-alive) | ${sse.held} of ${sse.streams} (${sse.keptAlive} kept alive) | | |`,
        `| SSE | post to first assistant.delta on every one of ${sse.streams} streams, p50 / p99 ms (${sse.posts} posts) | ${sse.firstDeltaP50.toFixed(1)} / ${sse.firstDeltaP99.toFixed(1)} | bare node:http writing a reply to every stream in one loop (the fan-out's floor): ${fanOutFloor.firstDeltaP50.toFixed(1)} / ${fanOutFloor.firstDeltaP99.toFixed(1)}; the provider's own time to first token p99 ${sse.providerTtftP99.toFixed(1)} | ${(sse.firstDeltaP99 / fanOutFloor.firstDeltaP99).toFixed(2)}x the floor's p99 |`,
        `| SSE | serve CPU per post: the reply and all its frames to every one of ${sse.streams} streams, ms | ${cpuMs(sse.serverCpuMsPerPost)} | bare node:http: ${cpuMs(fanOutFloor.serverCpuMsPerPost)} | ${timesFloor(sse.serverCpuMsPerPost, fanOutFloor.serverCpuMsPerPost)} |`,
        `| webhooks | deliveries per second to the sink (${webhooks.events} events, ${WEBHOOK_CONCURRENCY} at a time) | ${Math.round(webhooks.platformPerSecond)} | direct POSTs to the sink, ${WEBHOOK_CONCURRENCY} at a time: ${Math.round(webhooks.baselinePerSecond)}/s | ${(webhooks.platformPerSecond / webhooks.baselinePerSecond).toFixed(2)} |`,
      );
      Object.assign(out, { baseline, exchangeFloor, platform, sse, fanOutFloor, webhooks });
    } finally {
      await bare.stop();
    }
  } finally {
    await serve.stop();
  }
}

/** One full run, through `addedLatencyMs`, against a fresh two-region serve started with `serveArgs` (same start state). */
async function runAgainstServe(
  dir: string,
  name: string,
  serveArgs: string[],
  addedLatencyMs: number,
): Promise<FullRunResult> {
  const targetFile = join(dir, `run-target-${name}.json`);
  const { child } = await startServe(targetFile, serveArgs);
  try {
    return await measureFullRun(targetFile, addedLatencyMs, RUN_SEED);
  } finally {
    await child.stop();
  }
}

/** Full runs on loopback, then with each added latency, then at real time (clean and never-ending). */
async function runsPart(dir: string, lines: string[], out: Record<string, unknown>): Promise<void> {
  const runs: FullRunResult[] = [];
  for (const ms of [0, ...LATENCIES]) runs.push(await runAgainstServe(dir, String(ms), [], ms));
  if (NEVER_MINUTE_MS !== "") {
    // The clean reference at the same clock first: what a conforming server at that minute takes, the never row's
    // baseline (the loopback row runs at serve's scaled minute). The two run side by side: both mostly wait.
    const rows = [
      { name: "clean", faults: [], label: `full run against the clean reference at minute_ms ${NEVER_MINUTE_MS}` },
      {
        name: "never",
        faults: ["--fault", "sessions-stay-queued"],
        label: `full run against a server whose sessions never end (sessions-stay-queued, minute_ms ${NEVER_MINUTE_MS})`,
      },
    ];
    const measured = await Promise.all(
      rows.map(async (row) => ({
        ...(await runAgainstServe(dir, row.name, [...row.faults, "--minute-ms", NEVER_MINUTE_MS], 0)),
        label: row.label,
      })),
    );
    runs.push(...measured);
  }
  lines.push(
    "",
    `Full runs (\`run --target\`, seed ${RUN_SEED}) against a fresh two-region serve each, on loopback and through the shaping proxy (\`--add-latency-ms\`)`,
    "",
    ...fullRunRows(runs),
  );
  out.runs = runs;
}

async function simulatorsPart(dir: string, lines: string[], out: Record<string, unknown>): Promise<void> {
  const { child: sims, target } = await startSimulate(join(dir, "simulators.json"), ["--minute-ms", "60000"]);
  const o = { dir, connections: CONNECTIONS, durationS: SIM_DURATION_S, pid: sims.process.pid };
  const rows: CapacityRow[] = [];
  try {
    if (SIMULATOR_ROWS.has("floor")) rows.push(await frameworkFloor(target, o));
    if (SIMULATOR_ROWS.has("control-plane")) rows.push(await controlPlaneResolves(target, o));
    if (SIMULATOR_ROWS.has("sink")) rows.push(await sinkDeliveries(target, o));
    if (SIMULATOR_ROWS.has("carrier")) rows.push(await carrierDials(target, o));
    if (SIMULATOR_ROWS.has("provider")) rows.push(...(await providerStreams(target, await providerKey(target), o)));
  } finally {
    await sims.stop();
  }
  // The same two rows with the carrier and the provider behind front workers (`simulate --workers N`).
  const fronted = ["carrier", "provider"].filter((name) => SIMULATOR_ROWS.has(name));
  if (WORKERS > 0 && fronted.length > 0) {
    const args = ["--minute-ms", "60000", "--workers", String(WORKERS)];
    const { child, target: workersTarget } = await startSimulate(join(dir, "simulators-workers.json"), args);
    const label = (name: string) => `${name}, ${WORKERS} front workers + primary`;
    const w = { ...o, pid: child.process.pid, label };
    try {
      if (fronted.includes("carrier")) rows.push(await carrierDials(workersTarget, w));
      if (fronted.includes("provider"))
        rows.push(...(await providerStreams(workersTarget, await providerKey(workersTarget), w)));
    } finally {
      await child.stop();
    }
  }
  lines.push(
    "",
    `Simulators (\`cap-conformance simulate\`, one process unless the row says front workers) against bare node:http answering the same bytes, ${CONNECTIONS} connections, best of 2 alternated ${SIM_DURATION_S} s rounds each, on ${cpus().length} cores shared with the load generator`,
    "",
    "| simulator | what | value | bare node:http | ratio | notes |",
    "|---|---|---|---|---|---|",
    ...rows.map((r) => {
      const ratio =
        r.unit === "ms" ? `${(r.value / r.baseline).toFixed(2)}x the time` : (r.value / r.baseline).toFixed(2);
      const fmt = (v: number) => (r.unit === "ms" ? `${v.toFixed(1)} ms` : `${Math.round(v)} ${r.unit}`);
      return `| ${r.simulator} | ${r.what} | ${fmt(r.value)} | ${fmt(r.baseline)} | ${ratio} | ${r.note ?? ""} |`;
    }),
  );
  out.simulators = rows;
}

async function scenariosPart(dir: string, lines: string[], out: Record<string, unknown>): Promise<void> {
  const simsFile = join(dir, "scenario-simulators.json");
  const targetFile = join(dir, "scenario-target.json");
  const { child: sims } = await startSimulate(simsFile, ["--minute-ms", "60000"]);
  const platform = await startPlatformChild(simsFile, targetFile);
  const results: ScenarioCpu[] = [];
  try {
    for (const load of SCENARIO_LOADS) {
      results.push(
        await scenarioCpu(
          load,
          targetFile,
          { simulators: sims.process.pid, platform: platform.process.pid },
          dir,
          SCENARIO_DURATION,
        ),
      );
    }
  } finally {
    await platform.stop();
    await sims.stop();
  }
  lines.push(
    "",
    `CPU while our scenarios run (${SCENARIO_DURATION} each): the simulators, the platform and k6 each in its own process`,
    "",
    "| scenario | load asked | achieved | simulators CPU s | platform CPU s | k6 CPU s | simulators' share | simulators' cores |",
    "|---|---|---|---|---|---|---|---|",
    ...results.map((r) => {
      const total = r.cpu.simulators + r.cpu.platform + r.cpu.k6;
      return `| ${r.scenario} | ${r.load} | ${r.achieved}${r.passed ? "" : " (thresholds crossed)"} | ${r.cpu.simulators.toFixed(1)} | ${r.cpu.platform.toFixed(1)} | ${r.cpu.k6.toFixed(1)} | ${((100 * r.cpu.simulators) / total).toFixed(1)} % | ${(r.cpu.simulators / r.seconds).toFixed(2)} |`;
    }),
  );
  out.scenarios = results;
}

async function main(): Promise<void> {
  if (PARTS.has("platform")) assertDescriptors();
  const dir = mkdtempSync(join(tmpdir(), "cap-bench-"));
  const lines = [
    `Benchmark ${new Date().toISOString().slice(0, 10)} on ${cpus().length}x ${cpus()[0]?.model ?? "cpu"}, Node ${process.version}, load average ${loadavg()[0]!.toFixed(1)} at the start, ${CONNECTIONS} connections, ${DURATION_S} s each`,
  ];
  const out: Record<string, unknown> = { date: new Date().toISOString(), loadavg: loadavg() };
  if (PARTS.has("platform")) await platformPart(dir, lines, out);
  if (PARTS.has("runs")) await runsPart(dir, lines, out);
  if (PARTS.has("simulators")) await simulatorsPart(dir, lines, out);
  if (PARTS.has("scenarios")) await scenariosPart(dir, lines, out);
  console.log(lines.join("\n"));
  mkdirSync("reports/out", { recursive: true });
  writeFileSync("reports/out/bench.json", `${JSON.stringify(out, null, 2)}\n`);
}

await main();
