// The checks the suites define, with the clause ids each names, found by collecting the suite files
// (nothing is sent anywhere: collection only imports them, against a placeholder target).

import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createVitest } from "vitest/node";
import type { TargetInput } from "../../spec/target.ts";
import { parseCheckTitle, SETTING_DEFAULTS, writeSettings } from "../contract.ts";
import { PACKAGE_ROOT, VITE_CACHE_DIR } from "../framework/package-info.ts";
import { SUITE_GLOB, suiteOfFile, WORKER_SETUP } from "../framework/suite-files.ts";

export interface ListedCheck {
  suite: string;
  name: string;
  clauses: string[];
}

const PLACEHOLDER: TargetInput = {
  regions: [{ name: "r1", base_url: "http://127.0.0.1:9" }],
  credentials: { admin: "placeholder-admin", editor: "placeholder-editor", viewer: "placeholder-viewer" },
};

export async function listChecks(): Promise<ListedCheck[]> {
  const dir = mkdtempSync(join(tmpdir(), "cap-list-"));
  const targetFile = join(dir, "target.json");
  writeFileSync(targetFile, JSON.stringify(PLACEHOLDER));
  // Collection runs in this process's workers, which read the settings from its environment.
  const env = { ...process.env };
  writeSettings({ targetFile, seed: 0, ...SETTING_DEFAULTS, prefix: "capct-list-", shrink: false });
  const vitest = await createVitest(
    "test",
    {
      config: false,
      root: PACKAGE_ROOT,
      include: [SUITE_GLOB],
      setupFiles: [join(PACKAGE_ROOT, WORKER_SETUP)],
      watch: false,
      reporters: [],
      pool: "threads",
    },
    { logLevel: "error", cacheDir: VITE_CACHE_DIR },
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
      for (const testCase of module.children.allTests()) checks.push({ suite, ...parseCheckTitle(testCase.name) });
    }
    return checks;
  } finally {
    await vitest.close();
    process.env = env;
    rmSync(dir, { recursive: true, force: true });
  }
}
