// The areas `npm run mutation -- --area NAME` mutates: the reference platform's rule modules (Stryker
// `mutate` patterns, a `:from-to` suffix narrowing a file to its lines) and the suites whose checks must
// kill their mutants (`cap-conformance run --suite ...` against each mutant).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { PACKAGE_ROOT } from "../../runner/framework/package-info.ts";
import { CLAUSES } from "../../spec/clauses/index.ts";

export interface MutationArea {
  mutate: string[];
  suites: string[];
  /** Only the checks naming these clauses (`run --clause`), when the suites' other checks cannot kill a mutant here. */
  clauses?: readonly string[];
}

const sources = new Map<string, string[]>();

/** The lines of a source file under the package root, read once however many spans are found in it. */
export function sourceLines(file: string): string[] {
  let lines = sources.get(file);
  if (lines === undefined) {
    lines = readFileSync(join(PACKAGE_ROOT, file), "utf8").split("\n");
    sources.set(file, lines);
  }
  return lines;
}

/**
 * The `file:from-to` of the fastify handler `app.<method>(` registers for `route` in a routes file, found
 * in the source at each run, so the area follows the handler when lines above it change.
 */
export function handlerLines(file: string, method: string, route: string): string {
  const lines = sourceLines(file);
  const start = lines.findIndex((line) => line.includes(`app.${method}("${route}"`));
  const end = lines.findIndex((line, i) => i > start && line === "  });");
  if (start < 0 || end < 0) throw new Error(`no app.${method}("${route}", ...) handler in ${file}`);
  return `${file}:${start + 1}-${end + 1}`;
}

/** The lines of `file` from the first holding `start` through the next one holding `end`, as [from, to]. */
export function linesOf(file: string, start: string, end: string): [number, number] {
  const lines = sourceLines(file);
  const from = lines.findIndex((line) => line.includes(start));
  const to = lines.findIndex((line, i) => i >= from && line.includes(end));
  if (from < 0 || to < 0) throw new Error(`no lines from "${start}" to "${end}" in ${file}`);
  return [from + 1, to + 1];
}

/** Stryker patterns for the lines of `file` inside `spans` (sorted, not overlapping). */
export function inside(file: string, spans: Array<[number, number]>): string[] {
  return spans.map(([from, to]) => `${file}:${from}-${to}`);
}

/** Stryker patterns for the lines of `file` outside `spans` (sorted, not overlapping). */
export function outside(file: string, spans: Array<[number, number]>): string[] {
  const count = sourceLines(file).length;
  const gaps: Array<[number, number]> = [];
  let next = 1;
  for (const [from, to] of spans) {
    if (from > next) gaps.push([next, from - 1]);
    next = to + 1;
  }
  if (next <= count) gaps.push([next, count]);
  return inside(file, gaps);
}

const HUB = "simulators/platform/sse/hub.ts";
const CONNECTION = "simulators/platform/sse/connection.ts";
const FRAME = "simulators/platform/sse/frame.ts";
// The keep-alive code of the SSE hub: only the keep-alive check (two 15 s periods, 31 s) can kill its
// mutants, so it is an area of its own and the other streams checks run without that wait.
const HUB_KEEP_ALIVE: Array<[number, number]> = [
  linesOf(HUB, "const configured = ctx.sseKeepAliveMs", "this.keepAliveMs = "),
  linesOf(HUB, "this.ticker ??= setInterval", "this.ticker.unref()"),
  linesOf(HUB, "if ((this.openCount === 0 ||", "    }"),
  linesOf(HUB, "private tick(): void {", "  }"),
  linesOf(HUB, "function tickMs(", "}"),
];
const CONNECTION_KEEP_ALIVE: Array<[number, number]> = [
  linesOf(CONNECTION, "this.nextKeepAliveAt = now + keepAliveMs", "this.nextKeepAliveAt = now + keepAliveMs"),
  linesOf(CONNECTION, "keepAliveDue(now: number): boolean {", "  }"),
];
const FRAME_KEEP_ALIVE: Array<[number, number]> = [linesOf(FRAME, "export function keepAliveComment(", "}")];
/** Every clause id of these areas (`auth.` for auth), and `extra`: a run's `--clause` list. */
function clausesOf(areas: string[], extra: string[] = []): string[] {
  const ids = CLAUSES.map((clause) => clause.id).filter((id) => areas.some((area) => id.startsWith(`${area}.`)));
  for (const id of extra) if (!CLAUSES.some((clause) => clause.id === id)) throw new Error(`no clause ${id}`);
  return [...ids, ...extra];
}

// The checks outside the streams suite that read an event stream: a knowledge base's (they name streams
// clauses) and a conversation's turn.failed in byok.
const STREAMS_ELSEWHERE = ["byok.header-key-ignored", "byok.delete-agents-stop"];
const STREAMS_SUITES = ["streams", "knowledge", "byok"];

const SCHEDULER = "simulators/platform/batches/scheduler.ts";

export const MUTATION_AREAS = {
  paging: { mutate: ["simulators/platform/http/paging.ts"], suites: ["paging"] },
  // The envelope and the 422 lines (7); api-error.ts only its ApiError class (parsePart serves the other
  // simulators). Node's own parser refusals (shared/client-error.ts) cannot be sent by the suites' HTTP
  // client; the robustness matrix of npm test covers them.
  // Beyond the errors suite, the checks that see parse's planted version truncation forced on (an integer
  // version, 2.10, 9) and the platform's other 422s built with ApiError.validation (a webhook's events and
  // secret).
  errors: {
    mutate: ["simulators/shared/api-error.ts:7-30", "simulators/platform/http/parse.ts"],
    suites: ["errors", "tools", "versioning", "webhooks"],
    clauses: clausesOf(
      ["errors"],
      [
        "tools.reference-version-integer",
        "versioning.agent-version-integer",
        "webhooks.subscription-rejects-unknown",
        "webhooks.secret-supplied-form",
      ],
    ),
  },
  // errors: a member of another workspace and a 401's errors list are judged there (7).
  auth: { mutate: ["simulators/platform/http/auth.ts"], suites: ["auth", "errors"] },
  // Not validation.ts: validate's rules beyond a write's (an llm for a cascade agent, stt and tts for a voice
  // one, a handoff's agent) and its warnings are the reference's own; 3.3 and 7 state none, so no check may
  // kill their mutants.
  agents: {
    mutate: [
      "simulators/platform/agents/rules.ts",
      "simulators/platform/agents/catalog-rules.ts",
      "simulators/platform/agents/catalog-names.ts",
      "simulators/platform/agents/tool-refs.ts",
    ],
    // Tool references are the tools suite's checks, stored provider keys the byok suite's.
    suites: ["agents", "versioning", "tools", "byok"],
  },
  // The PATCH handlers (4: the general merge, the agent's replace, the tool's merge with a whole operations tree).
  patch: {
    mutate: [
      handlerLines("simulators/platform/routes/agents.ts", "patch", "/v1/agents/:agent_id"),
      handlerLines("simulators/platform/routes/tasks.ts", "patch", "/v1/tasks/:task_id"),
      handlerLines("simulators/platform/routes/telephony.ts", "patch", "/v1/telephony/phone-numbers/:phone_number_id"),
      handlerLines("simulators/platform/routes/tools.ts", "patch", "/v1/tools/:tool_id"),
      handlerLines("simulators/platform/routes/webhooks.ts", "patch", "/v1/webhooks/:webhook_id"),
    ],
    // paging: an agent's PATCH moves it to the front of its list (2.1, "agents and tools by last edit").
    suites: ["service", "agents", "tools", "tasks", "webhooks", "telephony", "paging"],
  },
  webhooks: {
    mutate: [
      "simulators/platform/webhooks/pipeline.ts",
      "simulators/platform/webhooks/sender.ts",
      "simulators/platform/webhooks/public-address.ts",
      "simulators/platform/webhooks/secret.ts",
      "simulators/platform/webhooks/event-types.ts",
    ],
    // events: which webhooks get an event (active ones, by their filter) is judged there.
    suites: ["webhooks", "delivery", "events"],
  },
  sse: {
    mutate: [
      ...outside(HUB, HUB_KEEP_ALIVE),
      ...outside(CONNECTION, CONNECTION_KEEP_ALIVE),
      ...outside(FRAME, FRAME_KEEP_ALIVE),
    ],
    suites: STREAMS_SUITES,
    clauses: clausesOf(["streams"], STREAMS_ELSEWHERE).filter((id) => id !== "streams.keepalive-15s"),
  },
  "sse-keepalive": {
    mutate: [
      ...inside(HUB, HUB_KEEP_ALIVE),
      ...inside(CONNECTION, CONNECTION_KEEP_ALIVE),
      ...inside(FRAME, FRAME_KEEP_ALIVE),
    ],
    suites: STREAMS_SUITES,
    clauses: clausesOf(["streams"], STREAMS_ELSEWHERE),
  },
  // The scheduler's batches are seen by the events suite (batch.completed, no session.queued), credits (a batch
  // pauses), calls (a batch's calls listed) and an agent_override, agent_version or team run as a batch.
  batches: {
    mutate: [SCHEDULER, "simulators/platform/batches/calling-window.ts"],
    suites: ["batches", "credits", "events", "calls", "agents", "versioning"],
    clauses: clausesOf(
      ["batches", "credits"],
      [
        "events.batch-completed",
        "events.batch-completed-not-cancelled-failed",
        "events.session-queued-not-batches",
        "calls.list-batch-id",
        "agents.override-not-stored",
        "versioning.agent-version-runs-that-version",
        "versioning.team-member-version",
      ],
    ),
  },
} as const satisfies Record<string, MutationArea>;

export type AreaName = keyof typeof MUTATION_AREAS;

export function isAreaName(name: string): name is AreaName {
  return Object.hasOwn(MUTATION_AREAS, name);
}

/** Whether the area's patterns mutate this line of `file` (a pattern without a span is the whole file). */
export function mutatesLine(area: MutationArea, file: string, line: number): boolean {
  return area.mutate.some((pattern) => {
    const [path, span] = pattern.split(":");
    if (path !== file) return false;
    if (span === undefined) return true;
    const [from, to] = span.split("-").map(Number);
    return line >= from! && line <= to!;
  });
}
