// The protocol between the CLI and the workers: titles round-trip, the clause selector selects exactly the
// titles naming an id, and the settings are written and read by the same code with no default of their own.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  checkTitle,
  parseCheckTitle,
  readSettings,
  SETTING_DEFAULTS,
  settingsIfAny,
  titlesNaming,
  writeSettings,
} from "../../runner/contract.ts";

const clauseId = fc.stringMatching(/^[a-z]{1,8}\.[a-z0-9-]{1,12}$/);
const checkName = fc.string({ minLength: 1, maxLength: 40 }).filter((s) => !s.includes("["));

describe("check titles", () => {
  it("round-trip: the name and the clause ids come back as written", () => {
    fc.assert(
      fc.property(checkName, fc.array(clauseId, { minLength: 1, maxLength: 4 }), (name, ids) => {
        expect(parseCheckTitle(checkTitle(name, ids))).toEqual({ name, clauses: ids });
      }),
    );
  });

  it("a title without ids is all name", () => {
    expect(parseCheckTitle("setup of the file")).toEqual({ name: "setup of the file", clauses: [] });
  });

  it("titlesNaming selects a title exactly when it names one of the ids (not a prefix of one)", () => {
    fc.assert(
      fc.property(checkName, fc.array(clauseId, { minLength: 1, maxLength: 4 }), clauseId, (name, ids, wanted) => {
        expect(titlesNaming([wanted]).test(checkTitle(name, ids))).toBe(ids.includes(wanted));
      }),
    );
    expect(titlesNaming(["paging.limit"]).test(checkTitle("x", ["paging.limit-above-ceiling-422"]))).toBe(false);
    expect(titlesNaming(["a.b", "c.d"]).test(checkTitle("x", ["e.f", "c.d"]))).toBe(true);
  });
});

describe("run settings", () => {
  const settings = {
    targetFile: "/tmp/target.json",
    seed: 42,
    ...SETTING_DEFAULTS,
    prefix: "capct-abc-",
    shrink: false,
    livenessFile: "/tmp/no-answer",
  };

  it("are read back as written, through one environment variable", () => {
    const env: NodeJS.ProcessEnv = {};
    writeSettings(settings, env);
    expect(Object.keys(env)).toEqual(["CAP_RUN_SETTINGS"]);
    expect(readSettings(env)).toEqual(settings);
  });

  it("are absent outside a run, and reading them then says how suites are run", () => {
    expect(settingsIfAny({})).toBeUndefined();
    expect(() => readSettings({})).toThrow(/cap-conformance run/);
  });

  it("refuse what is not a setting, so a misspelt one is never ignored", () => {
    expect(() => writeSettings({ ...settings, seeed: 1 } as typeof settings, {})).toThrow();
    expect(() => readSettings({ CAP_RUN_SETTINGS: JSON.stringify({ ...settings, numRuns: 0 }) })).toThrow();
  });
});
