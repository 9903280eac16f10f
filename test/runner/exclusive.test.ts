// Exclusive declarations (runner/exclusive.ts): the lanes the launcher reads from a suite file's text, and
// check()'s guard that a declaration it cannot read never leaves a check in no lane.
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { assertDeclaredVisibly, lanesOf } from "../../runner/exclusive.ts";
import { ROOT } from "../helpers/cli.ts";

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
