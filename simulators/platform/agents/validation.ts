// What validate reports and publish refuses on (3.3): errors block a publish, warnings do not.
import type { AgentConfig } from "../../../spec/agent.ts";

export interface ValidationResult {
  errors: string[];
  warnings: string[];
}

export function validateAgent(config: AgentConfig, agentExists: (id: string) => boolean): ValidationResult {
  const errors: string[] = [];
  const warnings: string[] = [];
  if (config.realtime === undefined) {
    if (config.llm === undefined) errors.push("llm: a cascade agent needs an llm (or set realtime)");
    if (config.channel === "voice") {
      if (config.stt === undefined) errors.push("stt: a voice agent needs speech-to-text (or set realtime)");
      if (config.tts === undefined) errors.push("tts: a voice agent needs text-to-speech (or set realtime)");
    }
  }
  config.handoffs?.forEach((handoff, i) => {
    if (handoff.agent_id !== undefined && !agentExists(handoff.agent_id)) {
      errors.push(`handoffs.${i}.agent_id: no agent with that id in this workspace`);
    }
  });
  if ((config.prompt ?? "").trim() === "") warnings.push("prompt: the prompt is empty");
  if ((config.greeting ?? "").trim() === "") warnings.push("greeting: the agent will not greet the caller");
  return { errors, warnings };
}
