// The checks the suites define, with the clause ids each names, found by collecting the suite files
// (nothing is sent anywhere: collection only imports them, against a placeholder target).

import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createVitest } from "vitest/node";
import type { TargetInput } from "../spec/target.ts";
import { suiteOfFile } from "../suites/harness/suite-files.ts";
import { PACKAGE_ROOT } from "./package-info.ts";

export interface ListedCheck {
  suite: string;
  name: string;
  clauses: string[];
}

const PLACEHOLDER: TargetInput = {
  regions: [{ name: "r1", base_url: "http://127.0.0.1:9" }],
  credentials: { admin: "placeholder-admin", editor: "placeholder-editor", viewer: "placeholder-viewer" },
};

/** Splits `name [id, id]` into the name and the ids. */
export function parseCheckName(fullName: string): { name: string; clauses: string[] } {
  const match = /^(.*) \[([^\]]*)\]$/.exec(fullName);
  if (match === null) return { name: fullName, clauses: [] };
  return { name: match[1]!, clauses: match[2]!.split(", ").filter(Boolean) };
}

export async function listChecks(): Promise<ListedCheck[]> {
  const dir = mkdtempSync(join(tmpdir(), "cap-list-"));
  const targetFile = join(dir, "target.json");
  writeFileSync(targetFile, JSON.stringify(PLACEHOLDER));
  const previous = process.env.CAP_TARGET_FILE;
  process.env.CAP_TARGET_FILE = targetFile;
  const vitest = await createVitest(
    "test",
    {
      config: false,
      root: PACKAGE_ROOT,
      include: ["suites/**/*.suite.ts"],
      setupFiles: [join(PACKAGE_ROOT, "suites/harness/setup.ts")],
      watch: false,
      reporters: [],
      pool: "threads",
    },
    { logLevel: "error", cacheDir: join(PACKAGE_ROOT, ".cache", "vite") },
  );
  try {
    // Run the files to collect: vitest 5 parses them statically by default, which sees only literal test()
    // calls, never the checks check() and property() register.
    const { testModules, unhandledErrors } = await vitest.collect(undefined, { staticParse: false });
    if (unhandledErrors.length > 0) throw new Error(`collecting the suites failed: ${String(unhandledErrors[0])}`);
    const checks: ListedCheck[] = [];
    for (const module of testModules) {
      const errors = module.errors();
      if (errors.length > 0) throw new Error(`${module.moduleId}: ${errors[0]!.message}`);
      const suite = suiteOfFile(module.moduleId);
      for (const testCase of module.children.allTests()) checks.push({ suite, ...parseCheckName(testCase.name) });
    }
    return checks;
  } finally {
    await vitest.close();
    if (previous === undefined) delete process.env.CAP_TARGET_FILE;
    else process.env.CAP_TARGET_FILE = previous;
    rmSync(dir, { recursive: true, force: true });
  }
}
