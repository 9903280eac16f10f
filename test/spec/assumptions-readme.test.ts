// README's "What the harness assumes" is generated from the profile: a change to spec/profile.ts or
// spec/assumptions.ts that leaves the README behind fails here (regenerate with `cap-conformance assumptions
// --markdown` between the markers).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import { assumptionRows, assumptionsMarkdown } from "../../spec/assumptions.ts";
import { CLAUSES } from "../../spec/clauses/index.ts";
import { operationRows } from "../../spec/operations.ts";
import { DEFAULT_OPERATIONS, DEFAULT_PROFILE, Profile } from "../../spec/profile.ts";
import { ROOT } from "../helpers/cli.ts";

test("README's assumptions section is the default profile's, as generated", () => {
  const readme = readFileSync(join(ROOT, "README.md"), "utf8");
  const section = /<!-- assumptions:begin -->\n([\s\S]*?)<!-- assumptions:end -->/.exec(readme)?.[1];
  expect(section, "the markers around the generated section").toBeDefined();
  expect(section).toBe(assumptionsMarkdown(DEFAULT_PROFILE));
});

test("every field of the profile and every operation is named by an assumption row", () => {
  const named = new Set(assumptionRows(DEFAULT_PROFILE).flatMap((row) => row.fields));
  const fields = Object.keys(Profile.shape).filter((key) => key !== "name" && key !== "operations");
  for (const field of fields.filter((f) => f !== "optional")) expect([...named], field).toContain(field);
  // The operations whose path the spec itself gives are in the profile only so every suite calls operations one way.
  const given = new Set<string>(operationRows().flatMap((row) => (row.profile === "given" ? [row.name] : [])));
  for (const op of Object.keys(DEFAULT_OPERATIONS).filter((name) => !given.has(name))) {
    expect([...named], op).toContain(`operations.${op}`);
  }
});

test("a clause's assumption names profile fields, operations or fixed rows the assumptions list", () => {
  const rows = assumptionRows(DEFAULT_PROFILE);
  const known = new Set([
    ...rows.flatMap((row) => row.fields.map((f) => f.replace(/^operations\./, ""))),
    ...Object.keys(DEFAULT_OPERATIONS),
    ...rows.filter((row) => row.fields.length === 0).map((row) => row.assumption),
  ]);
  for (const clause of CLAUSES.filter((c) => c.assumption !== undefined)) {
    for (const part of clause.assumption!.split("; ")) expect([...known], `${clause.id}: ${part}`).toContain(part);
  }
});
