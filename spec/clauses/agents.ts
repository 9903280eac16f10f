import type { Clause } from "../clause.ts";

export const agentsClauses: Clause[] = [
  {
    id: "agents.names-unique",
    section: "4",
    kind: "testable",
    statement:
      "Agent names are unique per workspace; a duplicate create is a 400 whose message says the name is taken.",
  },
  {
    id: "agents.patch-replaces",
    section: "4",
    kind: "testable",
    statement: "PATCH /v1/agents/{agent_id} replaces the whole config: anything omitted reverts to its default.",
  },
  {
    id: "agents.delete-ok",
    section: "2.7",
    kind: "testable",
    statement: "Deleting an agent returns {ok: true}, and the agent is then a 404.",
    assumption: "agent.delete",
  },
];
