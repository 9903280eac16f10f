// Where each value of a target came from (cli/resolve-target.ts): a variable left exported in a shell never
// replaces the target file's region or token unsaid.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, test } from "vitest";
import { explicitTarget, targetOrigins } from "../../cli/resolve-target.ts";

const dir = mkdtempSync(join(tmpdir(), "cap-origins-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = join(dir, "target.json");
writeFileSync(
  file,
  JSON.stringify({
    regions: [
      { name: "eu", base_url: "http://127.0.0.1:7100" },
      { name: "us", base_url: "http://127.0.0.1:7101" },
    ],
    credentials: { admin: "file-admin", editor: "file-editor", viewer: "file-viewer" },
  }),
);

test("the file alone: only the file is named", () => {
  expect(targetOrigins({ target: file }, {})).toEqual([`target file ${file}`]);
});

test("CAP_BASE_URL replaces the file's first region and says so, naming both hosts; a token by its slot only", () => {
  const env = { CAP_TARGET: file, CAP_BASE_URL: "http://127.0.0.1:9999", CAP_TOKEN_ADMIN: "env-admin" };
  const lines = targetOrigins({}, env);
  expect(lines).toEqual([
    `target file ${file} (from CAP_TARGET)`,
    "region r1 base URL http://127.0.0.1:9999 from CAP_BASE_URL, replacing the target file's eu http://127.0.0.1:7100",
    "admin token from CAP_TOKEN_ADMIN, replacing the target file's",
  ]);
  expect(lines.join("\n")).not.toContain("env-admin");
  // And the target is what the lines say: the second region kept, the first replaced.
  const target = explicitTarget({}, env)!;
  expect(target.regions.map((r) => r.base_url)).toEqual(["http://127.0.0.1:9999", "http://127.0.0.1:7101"]);
});

test("a flag is named before the variable it wins over", () => {
  const env = { CAP_BASE_URL: "http://127.0.0.1:1" };
  expect(targetOrigins({ target: file, "base-url": "http://127.0.0.1:2" }, env)[1]).toBe(
    "region r1 base URL http://127.0.0.1:2 from --base-url, replacing the target file's eu http://127.0.0.1:7100",
  );
});

test("no file and no base URL: nothing to say (the embedded platform)", () => {
  expect(targetOrigins({}, {})).toEqual([]);
});
