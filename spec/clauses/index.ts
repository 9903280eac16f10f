// The whole catalogue: one module per area, the area being the id prefix and the suite file name.
import { Clause } from "../clause.ts";
import { agentsClauses } from "./agents.ts";
import { authClauses } from "./auth.ts";
import { errorsClauses } from "./errors.ts";
import { pagingClauses } from "./paging.ts";

export const CLAUSES: readonly Clause[] = [...pagingClauses, ...errorsClauses, ...authClauses, ...agentsClauses].map(
  (c) => Clause.parse(c),
);

export const CLAUSE_BY_ID: ReadonlyMap<string, Clause> = new Map(CLAUSES.map((c) => [c.id, c]));
