// Every rule an agent config must meet, in one place: at write time (400, 7) and in validate/publish (3.3).
// Other areas that run an inline agent (calls, batches) call these too.
import type { AgentConfig } from "../../../spec/agent.ts";
import type { ValidationResult } from "../../../spec/tool.ts";
import { ApiError } from "../../shared/api-error.ts";
import { keyMissing } from "../byok-keys.ts";
import { catalogOf } from "../catalog/catalog.ts";
import type { PlatformContext } from "../context.ts";
import {
  languageNoModelSpeaks,
  languageRequiredByNamedModel,
  lastNamesDropped,
  unlistedBuiltinTools,
  unlistedLanguage,
  unlistedVoices,
} from "./catalog-names.ts";
import { type ModelRef, modelRefs, realtimeWithCascade, unlistedPairs } from "./catalog-rules.ts";
import { toolReferenceProblems } from "./tool-refs.ts";
import { validateAgent } from "./validation.ts";

/** The pairs the catalog rule looks up: all of them, or whole ones alone under the planted fault half-pair-accepted. */
function pairRefs(ctx: PlatformContext, config: AgentConfig): ModelRef[] {
  const refs = modelRefs(config);
  return ctx.faults.has("half-pair-accepted") ? refs.filter((ref) => ref.provider !== "" && ref.model !== "") : refs;
}

/**
 * realtime beside the cascade slots (2.9: "never both"), unless the planted fault accepts it. The spec gives the
 * rule no moment: the `realtime-xor-at-validate` variant stores such a draft and reports it at validate/publish.
 */
function bothProblems(ctx: PlatformContext, config: AgentConfig, atValidate: boolean): string[] {
  if (ctx.faults.has("realtime-with-cascade-accepted")) return [];
  return ctx.variants.has("realtime-xor-at-validate") === atValidate ? realtimeWithCascade(config) : [];
}

/** Rules a write must meet (the request matched the schema but a rule rejects it: 400). */
export function writeProblems(ctx: PlatformContext, workspaceId: string, config: AgentConfig): string[] {
  const names = ctx.faults.has("last-listed-names-refused") ? lastNamesDropped(catalogOf(ctx)) : catalogOf(ctx);
  return [
    ...bothProblems(ctx, config, false),
    ...(ctx.faults.has("unlisted-model-accepted") ? [] : unlistedPairs(catalogOf(ctx), config, pairRefs(ctx, config))),
    ...(ctx.faults.has("unlisted-voice-accepted") ? [] : unlistedVoices(names, config)),
    ...(ctx.faults.has("language-checked-only-when-required") && !languageRequiredByNamedModel(catalogOf(ctx), config)
      ? []
      : unlistedLanguage(names, config)),
    ...(ctx.variants.has("agent-language-of-its-models") ? languageNoModelSpeaks(catalogOf(ctx), config) : []),
    ...(ctx.faults.has("unlisted-builtin-tool-accepted") ? [] : unlistedBuiltinTools(catalogOf(ctx), config)),
    ...toolReferenceProblems(ctx, workspaceId, config),
  ];
}

export function assertAgentWritable(ctx: PlatformContext, workspaceId: string, config: AgentConfig): void {
  const problems = writeProblems(ctx, workspaceId, config);
  // The planted bug checks the stored keys when the agent is written, never again.
  if (ctx.faults.has("keys-checked-at-write-only")) problems.push(...missingKeys(ctx, workspaceId, config));
  if (problems.length === 0) return;
  throw ApiError.problems(400, `${problems.length} problems in the agent`, problems);
}

/** A provider named by a slot needs a stored key (4: after DELETE /v1/byok an agent needing it cannot publish). */
function missingKeys(ctx: PlatformContext, workspaceId: string, config: AgentConfig): string[] {
  return modelRefs(config)
    .filter((ref) => ref.provider !== "" && keyMissing(ctx, workspaceId, ref.provider))
    .map((ref) => `${ref.path}: no ${ref.provider} provider key is stored (PUT /v1/byok/${ref.provider})`);
}

/** What validate answers and publish refuses on. Rules checked at write are re-checked: tools and keys change. */
export function agentValidation(
  ctx: PlatformContext,
  workspaceId: string,
  config: AgentConfig,
  agentExists: (id: string) => boolean,
): ValidationResult {
  const base = validateAgent(config, agentExists);
  const own = ctx.variants.has("agent-vars-checked") ? varsRule(base.errors, config) : base.errors;
  return {
    errors: [
      ...bothProblems(ctx, config, true),
      ...writeProblems(ctx, workspaceId, config),
      ...own,
      ...(ctx.faults.has("keys-checked-at-write-only") ? [] : missingKeys(ctx, workspaceId, config)),
    ],
    warnings: base.warnings,
  };
}

/**
 * The `agent-vars-checked` variant's rules (legal variants only): an agent without an llm runs on the server's
 * default one (2.13: defaults not shown), and a required var without a default is an error (a run could not fill it).
 */
function varsRule(errors: string[], config: AgentConfig): string[] {
  const unfilled = (config.vars ?? []).flatMap((v, i) =>
    v.required === true && v.default === undefined ? [`vars.${i}.default: a required var needs a default`] : [],
  );
  return [...errors.filter((line) => !line.startsWith("llm: ")), ...unfilled];
}
