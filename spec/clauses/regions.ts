import type { Clause } from "../clause.ts";

// Sections 1 and 9: regions are base URLs sharing one credential and nothing else. Checks need two regions in the
// target (a one-region target skips them).
export const regionsClauses: Clause[] = [
  {
    id: "regions.token-every-region",
    section: "5",
    kind: "testable",
    assumption: "secret.list",
    statement: "One personal access token works in every region (it names a workspace, not a place).",
  },
  {
    id: "regions.agent-not-in-other-region",
    section: "1",
    kind: "testable",
    assumption: "agent.create",
    statement: "An agent created in one region does not exist in another: it is a 404 there and absent from its list.",
  },
  {
    id: "regions.tools-not-shared",
    section: "1",
    kind: "testable",
    assumption: "tool.create",
    statement: "Tools are regional: a tool created in one region does not exist in another.",
  },
  {
    id: "regions.calls-not-shared",
    section: "1",
    kind: "needs-wiring",
    statement: "Calls are regional: a call placed in one region is not listed or readable in another.",
  },
  {
    id: "regions.phone-numbers-not-shared",
    section: "1",
    kind: "needs-wiring",
    assumption: "phone.import",
    statement: "Phone numbers are regional: a number imported in one region is not listed in another.",
  },
  {
    id: "regions.other-resources-not-shared",
    section: "1",
    kind: "testable",
    statement:
      "Everything else the workspace owns is regional too: a knowledge base, task or webhook created in one region does not exist in another.",
  },
  {
    id: "regions.no-region-field",
    section: "9",
    kind: "testable",
    statement: "The region is selected by the base URL only: no request or response carries a region field.",
  },
  {
    id: "regions.control-host-paths-404",
    section: "1",
    kind: "testable",
    statement:
      "Sign-in, workspace, member, role, token and payment paths belong to the global control host: a regional base URL answers them 404.",
  },
];
