// The reference platform's defaults for an agent config (2.13: the spec does not show defaults;
// the harness learns them from a minimal create, so any server's own defaults pass).
import type { AgentConfig } from "../../../spec/agent.ts";

/** `config` with the defaults filled in; `language` is the default language as the instance's catalog lists it. */
export function withDefaults(config: AgentConfig, language: string): AgentConfig {
  return {
    channel: "voice",
    prompt: "",
    greeting: "",
    language,
    timezone: "UTC",
    kb_ids: [],
    handoffs: [],
    mcps: [],
    vars: [],
    tools: [],
    recording: { enabled: false, consent: "off" },
    ...config,
  };
}
