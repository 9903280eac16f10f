// The areas `npm run mutation -- --area NAME` mutates: the reference platform's rule modules (Stryker
// `mutate` patterns, a `:from-to` suffix narrowing a file to its lines) and the suites whose checks must
// kill their mutants (`cap-conformance run --suite ...` against each mutant).
export interface MutationArea {
  mutate: string[];
  suites: string[];
}

export const MUTATION_AREAS = {
  paging: { mutate: ["simulators/platform/http/paging.ts"], suites: ["paging"] },
  // The envelope and the 422 lines (7); api-error.ts only its ApiError class (parsePart serves the other
  // simulators). Node's own parser refusals (shared/client-error.ts) cannot be sent by the suites' HTTP
  // client; the robustness matrix of npm test covers them.
  errors: {
    mutate: ["simulators/shared/api-error.ts:7-30", "simulators/platform/http/parse.ts"],
    suites: ["errors"],
  },
  auth: { mutate: ["simulators/platform/http/auth.ts"], suites: ["auth"] },
  agents: {
    mutate: [
      "simulators/platform/agents/rules.ts",
      "simulators/platform/agents/catalog-rules.ts",
      "simulators/platform/agents/catalog-names.ts",
      "simulators/platform/agents/validation.ts",
      "simulators/platform/agents/tool-refs.ts",
    ],
    // Tool references are the tools suite's checks, stored provider keys the byok suite's.
    suites: ["agents", "versioning", "tools", "byok"],
  },
  // The PATCH handlers (4: the general merge, the agent's replace, the tool's merge with a whole operations tree).
  patch: {
    mutate: [
      "simulators/platform/routes/agents.ts:66-79",
      "simulators/platform/routes/tasks.ts:73-87",
      "simulators/platform/routes/telephony.ts:228-242",
      "simulators/platform/routes/tools.ts:85-99",
      "simulators/platform/routes/webhooks.ts:118-131",
    ],
    suites: ["service", "agents", "tools", "tasks", "webhooks", "telephony"],
  },
  webhooks: {
    mutate: [
      "simulators/platform/webhooks/pipeline.ts",
      "simulators/platform/webhooks/sender.ts",
      "simulators/platform/webhooks/public-address.ts",
      "simulators/platform/webhooks/secret.ts",
      "simulators/platform/webhooks/event-types.ts",
    ],
    suites: ["webhooks", "delivery"],
  },
  sse: {
    mutate: [
      "simulators/platform/sse/hub.ts",
      "simulators/platform/sse/connection.ts",
      "simulators/platform/sse/frame.ts",
    ],
    suites: ["streams"],
  },
  batches: {
    mutate: ["simulators/platform/batches/scheduler.ts", "simulators/platform/batches/calling-window.ts"],
    suites: ["batches", "credits"],
  },
} as const satisfies Record<string, MutationArea>;

export type AreaName = keyof typeof MUTATION_AREAS;

export function isAreaName(name: string): name is AreaName {
  return Object.hasOwn(MUTATION_AREAS, name);
}
