// The clause list against the spec it paraphrases: ids, sections, areas, assumptions and the "not shown" gaps.
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { assumptionRows } from "../../spec/assumptions.ts";
import { areaOf, Clause } from "../../spec/clause.ts";
import { CLAUSE_BY_ID, CLAUSES, CLAUSES_BY_AREA } from "../../spec/clauses/index.ts";
import { DEFAULT_OPERATIONS, DEFAULT_PROFILE, Profile } from "../../spec/profile.ts";

const SPEC_PATH = fileURLToPath(new URL("../../spec/platform-api.md", import.meta.url));
const CLAUSES_DIR = fileURLToPath(new URL("../../spec/clauses/", import.meta.url));
const specLines = readFileSync(SPEC_PATH, "utf8").split("\n");

/** Section numbers of the spec's headings: "## 1. What..." gives "1", "### 2.1 Page..." gives "2.1". */
function headingSection(line: string): string | undefined {
  return /^#{2,3} (\d+(?:\.\d+)*)\.? /.exec(line)?.[1];
}
const SECTIONS = new Set(specLines.map(headingSection).filter((s): s is string => s !== undefined));

/** The areas the team agreed on; each is a file spec/clauses/<area>.ts and a suite file. */
const AREAS = [
  "paging",
  "errors",
  "auth",
  "service",
  "agents",
  "tools",
  "tasks",
  "versioning",
  "catalog",
  "knowledge",
  "integrations",
  "telephony",
  "calls",
  "batches",
  "conversations",
  "streams",
  "webhooks",
  "delivery",
  "events",
  "regions",
  "byok",
  "credits",
];

describe("clause list", () => {
  it("parses every clause", () => {
    for (const c of CLAUSES) expect(() => Clause.parse(c), c.id).not.toThrow();
    expect(CLAUSES.length).toBeGreaterThan(150);
  });

  it("has unique ids and unique statements", () => {
    const ids = CLAUSES.map((c) => c.id);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    expect(CLAUSE_BY_ID.size).toBe(CLAUSES.length);
    const statements = CLAUSES.map((c) => c.statement);
    expect(statements.filter((s, i) => statements.indexOf(s) !== i)).toEqual([]);
  });

  it("keeps the ids other engineers already check against", () => {
    const kept = [
      "paging.envelope-fields",
      "paging.no-total-no-cursor",
      "paging.has-more-extra-row",
      "paging.limit-offset-echoed",
      "paging.default-limit",
      "paging.limit-range",
      "paging.limit-above-ceiling-422",
      "paging.offset-non-negative",
      "paging.newest-first",
      "paging.pages-concatenate",
      "errors.envelope",
      "errors.errors-always-array",
      "errors.json-content-type",
      "errors.no-429",
      "errors.422-line-format",
      "errors.422-prefix-stripped",
      "errors.422-single-problem-message",
      "errors.unknown-route-404",
      "auth.bearer-required",
      "auth.missing-401",
      "auth.malformed-401",
      "auth.revoked-401",
      "auth.removed-member-401",
      "auth.role-reread",
      "auth.control-plane-503",
      "auth.health-unauthenticated",
      "agents.names-unique",
      "agents.patch-replaces",
      "agents.delete-ok",
    ];
    for (const id of kept) expect(CLAUSE_BY_ID.has(id), id).toBe(true);
  });

  it("names only sections the spec has", () => {
    expect(SECTIONS.size).toBeGreaterThan(20);
    for (const c of CLAUSES) expect(SECTIONS.has(c.section), `${c.id} section ${c.section}`).toBe(true);
  });

  it("has one file per area, each holding only its own ids", () => {
    const files = readdirSync(CLAUSES_DIR)
      .filter((f) => f.endsWith(".ts") && f !== "index.ts")
      .map((f) => f.slice(0, -3))
      .sort();
    expect(files).toEqual(Object.keys(CLAUSES_BY_AREA).sort());
    expect([...AREAS].sort()).toEqual(files);
    for (const [area, clauses] of Object.entries(CLAUSES_BY_AREA)) {
      expect(clauses.length, area).toBeGreaterThan(0);
      for (const c of clauses) expect(areaOf(c.id), c.id).toBe(area);
    }
  });

  it("exports each area's clauses from its own file", async () => {
    for (const area of AREAS) {
      const mod = (await import(`../../spec/clauses/${area}.ts`)) as Record<string, unknown>;
      expect(mod[`${area}Clauses`], area).toBe(CLAUSES_BY_AREA[area]);
    }
  });

  it("names only assumptions the profile defines", () => {
    // Operations of the profile, its other fields (signature headers, provider-key body...), or the override
    // keys the assumption rows name (`fields.webhook_envelope`, `readings.weekday_numbering`...); several are
    // joined by "; ".
    const known = new Set<string>([
      ...Object.keys(DEFAULT_OPERATIONS),
      ...Object.keys(Profile.shape).filter((k) => k !== "name" && k !== "operations"),
      ...assumptionRows(DEFAULT_PROFILE).flatMap((row) => row.fields),
    ]);
    for (const c of CLAUSES) {
      for (const part of c.assumption?.split("; ") ?? []) expect(known.has(part), `${c.id}: ${part}`).toBe(true);
    }
  });

  it("writes not-shown statements as gaps, and only those", () => {
    for (const c of CLAUSES) expect(c.statement.includes("not shown"), c.id).toBe(c.kind === "not-shown");
  });
});

describe("not shown gaps", () => {
  // Every "not shown" phrase of the spec, with the section it sits in. The preamble's phrase only defines the term.
  const occurrences: { section: string; line: string }[] = [];
  let section: string | undefined;
  for (const line of specLines) {
    section = headingSection(line) ?? section;
    if (section !== undefined && /not shown/i.test(line)) occurrences.push({ section, line });
  }

  // Two gaps are stated twice; each is one clause, filed under the other section.
  const REPEATS = [
    { section: "4.1", phrase: "Response body of POST /v1/calls/batches", clause: "batches.create-response" },
    { section: "5", phrase: "their exact text is not shown", clause: "errors.403-messages" },
  ];

  it("finds the phrases (30 in the spec, one of them the preamble's definition)", () => {
    const all = specLines.join("\n").match(/not shown/gi) ?? [];
    expect(all.length - occurrences.length).toBe(1);
    expect(occurrences.length).toBeGreaterThanOrEqual(29);
  });

  it("covers each repeated gap with one not-shown clause", () => {
    for (const r of REPEATS) {
      expect(
        occurrences.some((o) => o.section === r.section && o.line.includes(r.phrase)),
        r.phrase,
      ).toBe(true);
      expect(CLAUSE_BY_ID.get(r.clause)?.kind, r.clause).toBe("not-shown");
    }
  });

  it("has at least one not-shown clause per phrase, section by section", () => {
    // A phrase may list several gaps (several clauses), so clauses may outnumber phrases; never the other way.
    const phrases = new Map<string, number>();
    for (const o of occurrences) {
      if (REPEATS.some((r) => r.section === o.section && o.line.includes(r.phrase))) continue;
      phrases.set(o.section, (phrases.get(o.section) ?? 0) + 1);
    }
    const clauses = new Map<string, number>();
    for (const c of CLAUSES) if (c.kind === "not-shown") clauses.set(c.section, (clauses.get(c.section) ?? 0) + 1);
    for (const [s, n] of phrases) expect(clauses.get(s) ?? 0, `section ${s}`).toBeGreaterThanOrEqual(n);
    for (const s of clauses.keys())
      expect(phrases.has(s), `not-shown clause in section ${s} without a phrase`).toBe(true);
  });
});
