// The simulators' capacity, each against a bare node:http server answering the same bytes in the
// same run (bench/baseline-server.ts): control-plane resolves (a wired server calls it on every
// request), webhook-sink deliveries accepted, carrier dials and the calls it then holds at once,
// provider streaming completions and their first token under load. The simulators run as
// `cap-conformance simulate` in their own process, as a deployment runs them.
import { randomUUID } from "node:crypto";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { Pool, request } from "undici";
import type { Target } from "../spec/target.ts";
import { treeCpuSeconds } from "./cpu.ts";
import { measureRequest, percentile, type RateResult, type RequestShape } from "./http-rate.ts";
import { startBaseline } from "./processes.ts";

export interface CapacityRow {
  simulator: string;
  what: string;
  unit: string;
  value: number;
  baseline: number;
  /** A figure with no baseline of its own (calls held), or the latency beside a rate. */
  note?: string;
}

export interface CapacityOptions {
  dir: string;
  connections: number;
  durationS: number;
  /** The simulators' process (`simulate`), whose CPU, with its front workers', each answer costs. */
  pid?: number;
  /** How the simulator is named in the table ("carrier", "carrier, 2 front workers"). */
  label?: (simulator: string) => string;
}

const JSON_HEADERS = { "content-type": "application/json" };

async function answerOf(url: string, shape: RequestShape): Promise<Buffer> {
  const response = await request(url, { method: shape.method ?? "GET", headers: shape.headers, body: shape.body });
  const bytes = Buffer.from(await response.body.arrayBuffer());
  if (response.statusCode >= 300)
    throw new Error(`${url} answered ${response.statusCode}: ${bytes.toString().slice(0, 200)}`);
  return bytes;
}

/** Rounds of bare then simulator, alternated: a machine shared with other work drifts less between the two. */
const ROUNDS = 2;

/**
 * The simulator's rate and the bare server's, answering what the simulator answered: after a
 * warm-up of each, ROUNDS alternating measurements, the better round of each side kept.
 */
async function versusBare(
  label: string,
  url: string,
  shape: RequestShape,
  o: CapacityOptions,
  sse = false,
): Promise<{ sim: RateResult; bare: RateResult; cpu?: AnswerCpu }> {
  const file = join(o.dir, `${label.replace(/\W+/g, "-")}.body`);
  writeFileSync(file, await answerOf(url, shape));
  const { child, url: bareUrl } = await startBaseline(file, sse ? ["--sse"] : []);
  try {
    const opts = { connections: o.connections, durationS: o.durationS };
    const warm = { connections: 8, durationS: 1 };
    await measureRequest("warm-up", bareUrl, shape, warm);
    await measureRequest("warm-up", url, shape, warm);
    const bare: RateResult[] = [];
    const sim: RateResult[] = [];
    const cpu = { all: 0, own: 0, answers: 0, bare: 0, bareAnswers: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      const bareBefore = treeCpuSeconds(child.process.pid);
      const bareResult = await measureRequest(`bare ${label}`, bareUrl, shape, opts);
      const bareAfter = treeCpuSeconds(child.process.pid);
      bare.push(bareResult);
      if (bareBefore !== undefined && bareAfter !== undefined) {
        cpu.bare += bareAfter.own - bareBefore.own;
        cpu.bareAnswers += bareResult.requestsPerSecond * o.durationS;
      }
      const before = treeCpuSeconds(o.pid);
      const result = await measureRequest(label, url, shape, opts);
      const after = treeCpuSeconds(o.pid);
      sim.push(result);
      if (before !== undefined && after !== undefined) {
        cpu.all += after.all - before.all;
        cpu.own += after.own - before.own;
        cpu.answers += result.requestsPerSecond * o.durationS;
      }
    }
    const best = (results: RateResult[]) =>
      results.reduce((a, b) => (b.requestsPerSecond > a.requestsPerSecond ? b : a));
    const errors = sim.reduce((n, r) => n + r.non2xx + r.errors, 0);
    if (errors > 0) throw new Error(`${label}: ${errors} non-2xx answers or errors`);
    const perAnswer =
      cpu.answers > 0 && cpu.bareAnswers > 0
        ? {
            allUs: (1e6 * cpu.all) / cpu.answers,
            ownUs: (1e6 * cpu.own) / cpu.answers,
            bareUs: (1e6 * cpu.bare) / cpu.bareAnswers,
          }
        : undefined;
    return { sim: best(sim), bare: best(bare), cpu: perAnswer };
  } finally {
    await child.stop();
  }
}

/**
 * CPU microseconds per answer, over all rounds: the simulators' processes in all, the `simulate` process
 * alone, and the bare server. Steadier than rates on a shared machine: a process's CPU per answer does
 * not depend on how much of the machine the scheduler gave it.
 */
export interface AnswerCpu {
  allUs: number;
  ownUs: number;
  bareUs: number;
}

/**
 * The simulators' framework floor: their shared fastify base answering the control plane's resolve
 * bytes to the same POST, against bare node:http. No simulator can be faster than this on its own.
 */
export async function frameworkFloor(target: Target, o: CapacityOptions): Promise<CapacityRow> {
  const shape = {
    method: "POST" as const,
    headers: JSON_HEADERS,
    body: JSON.stringify({ token: target.credentials.admin }),
  };
  const file = join(o.dir, "floor.body");
  writeFileSync(file, await answerOf(`${target.simulators.control_plane}/v1/auth/resolve`, shape));
  const { child, url } = await startBaseline(file, [], "bench/framework-floor-server.ts");
  try {
    const measured = await versusBare("framework floor", `${url}/v1/auth/resolve`, shape, {
      ...o,
      pid: child.process.pid,
    });
    return row("(all)", "their shared fastify base answering fixed bytes to the same POST", "answers/s", measured);
  } finally {
    await child.stop();
  }
}

export async function controlPlaneResolves(target: Target, o: CapacityOptions): Promise<CapacityRow> {
  const shape = {
    method: "POST" as const,
    headers: JSON_HEADERS,
    body: JSON.stringify({ token: target.credentials.admin }),
  };
  const measured = await versusBare(
    "control-plane resolve",
    `${target.simulators.control_plane}/v1/auth/resolve`,
    shape,
    o,
  );
  return row("control plane", "POST /v1/auth/resolve (a token)", "resolves/s", measured);
}

export async function sinkDeliveries(target: Target, o: CapacityOptions): Promise<CapacityRow> {
  const sink = target.simulators.webhook_sink!;
  await answerOf(`${sink}/_admin/hooks/bench-capacity`, { method: "PUT", headers: JSON_HEADERS, body: "{}" });
  const event = {
    type: "session.completed",
    agent_id: randomUUID(),
    data: { session_id: randomUUID(), transcript: [{ role: "assistant", text: "Thanks for calling." }], cost: null },
  };
  const shape = { method: "POST" as const, headers: JSON_HEADERS, body: JSON.stringify(event) };
  const measured = await versusBare("webhook-sink delivery", `${sink}/hooks/bench-capacity`, shape, o);
  // Deliveries are kept for the harness to read: free them before the next measurement.
  await answerOf(`${sink}/_admin/hooks/bench-capacity`, { method: "DELETE" });
  return row("webhook sink", "deliveries accepted (a 240-byte event each)", "deliveries/s", measured);
}

/** Dials to a destination scripted to hold (answer and never end): every dial stays a call in progress. */
export async function carrierDials(target: Target, o: CapacityOptions): Promise<CapacityRow> {
  const carrier = target.simulators.carrier!;
  const account = target.carrier_account!;
  await answerOf(`${carrier}/_admin/scripts/${encodeURIComponent("+1666*")}`, {
    method: "PUT",
    headers: JSON_HEADERS,
    body: JSON.stringify({ steps: [{ outcome: "hold" }] }),
  });
  const numbers = JSON.parse(
    (await answerOf(`${carrier}/_admin/accounts/${account.accountSid}/numbers`, {})).toString(),
  ) as { numbers: Array<{ phone_number: string }> };
  const form = new URLSearchParams({
    To: "+16665550100",
    From: numbers.numbers[0]!.phone_number,
    Url: "http://127.0.0.1:9/twiml",
  });
  const shape = {
    method: "POST" as const,
    headers: {
      authorization: `Basic ${Buffer.from(`${account.accountSid}:${account.authToken}`).toString("base64")}`,
      "content-type": "application/x-www-form-urlencoded",
    },
    body: form.toString(),
  };
  const measured = await versusBare(
    "carrier dial",
    `${carrier}/2010-04-01/Accounts/${account.accountSid}/Calls.json`,
    shape,
    o,
  );
  const witness = JSON.parse((await answerOf(`${carrier}/_admin/witness`, {})).toString()) as {
    concurrency: { current: number };
  };
  const held = witness.concurrency.current;
  await answerOf(`${carrier}/_admin/reset`, { method: "POST", headers: JSON_HEADERS, body: "{}" }).catch(
    () => undefined,
  );
  const dials = row(o.label?.("carrier") ?? "carrier", "POST .../Calls.json (dial)", "dials/s", measured);
  return { ...dials, note: `${dials.note}; ${held} calls held at once at the end` };
}

/** Streaming completions per second, then the time to the first content token under the same load. */
export async function providerStreams(target: Target, key: string, o: CapacityOptions): Promise<CapacityRow[]> {
  const provider = target.simulators.provider!;
  const shape = {
    method: "POST" as const,
    headers: { ...JSON_HEADERS, authorization: `Bearer ${key}` },
    body: JSON.stringify({
      model: "sim-chat-1",
      stream: true,
      messages: [{ role: "user", content: "What is the weather?" }],
    }),
  };
  const url = `${provider}/v1/chat/completions`;
  const measured = await versusBare("provider streaming completion", url, shape, o, true);
  const file = join(o.dir, "provider-stream.body");
  writeFileSync(file, await answerOf(url, shape));
  const { child, url: bareUrl } = await startBaseline(file, ["--sse"]);
  try {
    const bareTtft = await firstTokens(bareUrl, shape, o);
    const simTtft = await firstTokens(url, shape, o);
    const simulator = o.label?.("provider") ?? "provider";
    return [
      row(simulator, "streaming chat completions (whole stream read)", "completions/s", measured),
      {
        simulator,
        what: `first content token p99 with ${o.connections} streams at a time`,
        unit: "ms",
        value: simTtft,
        baseline: bareTtft,
      },
    ];
  } finally {
    await child.stop();
  }
}

/** p99 of the time to the first non-empty content chunk, `connections` streams at a time for the duration. */
async function firstTokens(url: string, shape: RequestShape, o: CapacityOptions): Promise<number> {
  const origin = new URL(url);
  const pool = new Pool(origin.origin, { connections: o.connections });
  const times: number[] = [];
  const until = Date.now() + o.durationS * 1000;
  try {
    await Promise.all(
      Array.from({ length: o.connections }, async () => {
        while (Date.now() < until) {
          const started = performance.now();
          const response = await pool.request({
            path: origin.pathname,
            method: "POST",
            headers: shape.headers,
            body: shape.body,
          });
          let seen = false;
          for await (const chunk of response.body) {
            if (!seen && /"content":"[^"]/.test(String(chunk))) {
              times.push(performance.now() - started);
              seen = true;
            }
          }
        }
      }),
    );
  } finally {
    await pool.close();
  }
  return percentile(
    times.sort((a, b) => a - b),
    99,
  );
}

function row(
  simulator: string,
  what: string,
  unit: string,
  { sim, bare, cpu }: { sim: RateResult; bare: RateResult; cpu?: AnswerCpu },
): CapacityRow {
  const us = (value: number) => `${value.toFixed(0)} µs`;
  const cost =
    cpu === undefined
      ? ""
      : Math.abs(cpu.allUs - cpu.ownUs) < 0.5
        ? `; CPU per answer ${us(cpu.allUs)} (bare ${us(cpu.bareUs)})`
        : `; CPU per answer ${us(cpu.allUs)}, of it the primary ${us(cpu.ownUs)} (bare ${us(cpu.bareUs)})`;
  return {
    simulator,
    what,
    unit,
    value: sim.requestsPerSecond,
    baseline: bare.requestsPerSecond,
    note: `p99 ${sim.p99.toFixed(1)} ms (bare ${bare.p99.toFixed(1)} ms)${cost}`,
  };
}
