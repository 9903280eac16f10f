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
import { READING_NAMES } from "../../spec/readings.ts";
import { movableFields, SHAPE_NAMES, SHAPES } from "../../spec/shapes.ts";
import { WORD_LIST_NAMES } from "../../spec/words.ts";
import { ROOT } from "../helpers/cli.ts";

test("README's assumptions section is the default profile's, as generated", () => {
  const readme = readFileSync(join(ROOT, "README.md"), "utf8");
  const section = /<!-- assumptions:begin -->\n([\s\S]*?)<!-- assumptions:end -->/.exec(readme)?.[1];
  expect(section, "the markers around the generated section").toBeDefined();
  expect(section).toBe(assumptionsMarkdown(DEFAULT_PROFILE));
});

test("every field of the profile, operation, record, word list and reading is named by an assumption row", () => {
  const named = new Set(assumptionRows(DEFAULT_PROFILE).flatMap((row) => row.fields));
  const maps = ["optional", "fields", "words", "readings"];
  const fields = Object.keys(Profile.shape).filter((key) => key !== "name" && key !== "operations");
  for (const field of fields.filter((f) => !maps.includes(f))) expect([...named], field).toContain(field);
  // A record whose every field the spec names (the webhook) has only its words to override; a derived map is
  // one of the profile's single values, named above.
  const movable = SHAPE_NAMES.filter((shape) => movableFields(shape).length > 0 && !("derived" in SHAPES[shape]));
  for (const shape of movable) expect([...named], shape).toContain(`fields.${shape}`);
  for (const list of WORD_LIST_NAMES) expect([...named], list).toContain(`words.${list}`);
  for (const reading of READING_NAMES) expect([...named], reading).toContain(`readings.${reading}`);
  // The operations whose path the spec itself gives are in the profile only so every suite calls operations one way.
  const given = new Set<string>(operationRows().flatMap((row) => (row.profile === "given" ? [row.name] : [])));
  for (const op of Object.keys(DEFAULT_OPERATIONS).filter((name) => !given.has(name))) {
    expect([...named], op).toContain(`operations.${op}`);
  }
});

test("no assumption is fixed: every row names the profile fields that override it", () => {
  for (const row of assumptionRows(DEFAULT_PROFILE)) expect(row.fields, row.assumption).not.toEqual([]);
});

test("a clause's assumption names profile fields or operations the assumptions list", () => {
  const rows = assumptionRows(DEFAULT_PROFILE);
  const known = new Set([
    ...rows.flatMap((row) => row.fields.map((f) => f.replace(/^operations\./, ""))),
    ...Object.keys(DEFAULT_OPERATIONS),
  ]);
  for (const clause of CLAUSES.filter((c) => c.assumption !== undefined)) {
    for (const part of clause.assumption!.split("; ")) expect([...known], `${clause.id}: ${part}`).toContain(part);
  }
});
