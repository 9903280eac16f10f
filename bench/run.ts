// `npm run bench`: the reference platform measured against a baseline taken in the same run on the
// same machine. Prints a table and writes reports/out/bench.json. Every figure is a ratio to its
// baseline, so numbers from different machines stay comparable.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { request } from "undici";
import { measureGet, type RateResult } from "./http-rate.ts";
import { startBaseline, startServe } from "./processes.ts";

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const CONNECTIONS = 32;
const AGENTS = 60;

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

function row(r: RateResult, baseline: RateResult): string {
  const ratio = (r.requestsPerSecond / baseline.requestsPerSecond).toFixed(2);
  const ms = (n: number) => n.toFixed(1);
  return `| ${r.label} | ${Math.round(r.requestsPerSecond)} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.p99)} | ${ratio} | ${r.non2xx + r.errors} |`;
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "cap-bench-"));
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
      const baseline = await measureGet("bare node:http, same JSON", `${url}/`, {}, opts);
      const platform = await measureGet(
        "reference platform GET /v1/agents?limit=20",
        `${base}/v1/agents?limit=20`,
        headers,
        opts,
      );
      const lines = [
        `Benchmark ${new Date().toISOString().slice(0, 10)} on ${cpus().length}x ${cpus()[0]?.model ?? "cpu"}, Node ${process.version}, ${CONNECTIONS} connections, ${DURATION_S} s each`,
        "",
        "| what | req/s | p50 ms | p95 ms | p99 ms | ratio to baseline | errors |",
        "|---|---|---|---|---|---|---|",
        row(baseline, baseline),
        row(platform, baseline),
      ];
      console.log(lines.join("\n"));
      mkdirSync("reports/out", { recursive: true });
      writeFileSync(
        "reports/out/bench.json",
        `${JSON.stringify({ date: new Date().toISOString(), baseline, platform }, null, 2)}\n`,
      );
    } finally {
      await bare.stop();
    }
  } finally {
    await serve.stop();
  }
}

await main();
