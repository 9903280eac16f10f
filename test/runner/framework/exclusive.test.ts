// Exclusive declarations (runner/framework/exclusive.ts): the lanes the launcher reads from a suite file's text, and
// check()'s guard that a declaration it cannot read never leaves a check in no lane.
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { assertDeclaredVisibly, lanesNaming, lanesOf } from "../../../runner/framework/exclusive.ts";
import { ROOT } from "../../helpers/cli.ts";

describe("lanesOf", () => {
  it("puts a file declaring exclusive(reason) at the start of a line in the exclusive lane alone", () => {
    expect(lanesOf('import { x } from "y";\n\nexclusive("sets the balance");\ncheck("a", [], f);')).toEqual([
      "exclusive",
    ]);
  });

  it("puts a file with an exclusive check option in both lanes", () => {
    expect(lanesOf('check("a", [], f);\ncheck("b", [], f, { needs: ["wiring"], exclusive: REASON });')).toEqual([
      "shared",
      "exclusive",
    ]);
  });

  it("reads an option whose reason the formatter put on the next line", () => {
    expect(lanesOf('check("a", [], f);\ncheck("b", [], f, {\n  exclusive:\n    "a long reason",\n});')).toEqual([
      "shared",
      "exclusive",
    ]);
  });

  it("puts any other file in the shared lane, whatever its comments say of exclusive runs", () => {
    expect(lanesOf('// exclusive checks live elsewhere\ncheck("a", [], f, { needs: ["wiring"] });')).toEqual([
      "shared",
    ]);
  });

  it("reads a lane from every suite file of the package", () => {
    const suites = readdirSync(join(ROOT, "suites")).filter((name) => name.endsWith(".suite.ts"));
    const lanes = suites.map((name) => lanesOf(readFileSync(join(ROOT, "suites", name), "utf8")));
    expect(lanes.every((l) => l.length > 0)).toBe(true);
    expect(lanes.some((l) => l.length === 1 && l[0] === "exclusive")).toBe(true);
  });
});

describe("assertDeclaredVisibly", () => {
  const file = (text: string) => {
    const path = join(mkdtempSync(join(tmpdir(), "cap-exclusive-")), "x.suite.ts");
    writeFileSync(path, text);
    return path;
  };

  it("accepts a check in a lane its file's text declares", () => {
    expect(() => assertDeclaredVisibly(file('check("a", [], f);'), "shared")).not.toThrow();
    expect(() => assertDeclaredVisibly(file('exclusive("why");'), "exclusive")).not.toThrow();
  });

  it("refuses an exclusive check whose file's text declares none, naming the file and the two ways to declare", () => {
    const path = file('const options = { needs: [] };\ncheck("a", [], f, { ...options, ...exclusiveOptions });');
    expect(() => assertDeclaredVisibly(path, "exclusive")).toThrow(
      `${path}: a check in the exclusive lane, but the file's text declares only shared`,
    );
  });
});

describe("lanesNaming", () => {
  const text = [
    'const SHARED_IDS = ["c.in-head"];',
    'check("a", ["c.shared"], f);',
    'check("b", ["c.exclusive"], f, { exclusive: REASON });',
    'check("c", ["c.before-loop"], f);',
    "for (const x of xs) {",
    '  check(x, ["c.in-loop"], f);',
    "}",
  ].join("\n");

  it("gives the lane of the check whose call writes the id", () => {
    expect(lanesNaming(text, ["c.shared"])).toEqual(["shared"]);
    expect(lanesNaming(text, ["c.exclusive"])).toEqual(["exclusive"]);
    expect(lanesNaming(text, ["c.shared", "c.exclusive"])).toEqual(["shared", "exclusive"]);
  });

  it("gives the file's lanes for an id written outside a check's own call: before the checks, or in a loop", () => {
    expect(lanesNaming(text, ["c.in-head"])).toEqual(["shared", "exclusive"]);
    expect(lanesNaming(text, ["c.in-loop"])).toEqual(["shared", "exclusive"]);
    // The loop follows check c, so its stretch holds two check calls: c's id gets the file's lanes too.
    expect(lanesNaming(text, ["c.before-loop"])).toEqual(["shared", "exclusive"]);
  });

  it("gives a file's one lane whatever the ids", () => {
    expect(lanesNaming('exclusive("why");\ncheck("a", ["c.x"], f);', ["c.x"])).toEqual(["exclusive"]);
  });
});

describe("assertDeclaredVisibly, narrowed", () => {
  it("refuses a check that a run narrowed to one of its ids would not start", () => {
    const path = join(mkdtempSync(join(tmpdir(), "cap-exclusive-")), "x.suite.ts");
    // The id is written by the shared check's call; the exclusive check names it through a constant.
    writeFileSync(path, 'check("a", ["c.x"], f);\nconst IDS = ["c.y"];\ncheck("b", IDS, f, { exclusive: R });');
    expect(() => assertDeclaredVisibly(path, "exclusive", ["c.y"])).toThrow(
      "a check of c.y in the exclusive lane, but a run narrowed to c.y would not start that lane",
    );
    expect(() => assertDeclaredVisibly(path, "shared", ["c.x"])).not.toThrow();
  });
});
