// Bundles each k6 scenario (TypeScript, shared lib/ modules) into one file in a folder the caller gives (`load`: a
// temporary folder of the run, never the package's own, which an installed package may not be able to write).
// k6 and k6/* (extensions included) stay imports the k6 binary resolves; nothing else may.
import { readdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { operationPaths } from "../spec/operations.ts";

export const LOAD_DIR = dirname(fileURLToPath(import.meta.url));
export const SCENARIO_DIR = join(LOAD_DIR, "scenarios");

/** Scenario names: the files in load/scenarios/ without `.ts`. */
export function scenarioNames(): string[] {
  return readdirSync(SCENARIO_DIR)
    .filter((f) => f.endsWith(".ts"))
    .map((f) => f.slice(0, -3))
    .sort();
}

/** Bundles one scenario; answers the path of the bundle. */
export async function bundleScenario(name: string, outDir: string): Promise<string> {
  if (!scenarioNames().includes(name)) {
    throw new Error(`unknown scenario "${name}"; known: ${scenarioNames().join(", ")}`);
  }
  const outfile = resolve(outDir, `${name}.js`);
  await build({
    entryPoints: [join(SCENARIO_DIR, `${name}.ts`)],
    outfile,
    bundle: true,
    format: "esm",
    // k6's JavaScript engine (sobek) runs ES2020 and more; no down-levelling is needed beyond it.
    target: "es2020",
    platform: "neutral",
    external: ["k6", "k6/*"],
    // The paths of the operations table (load/lib/operations.ts), without the table's zod schemas.
    define: { __CAP_OPERATION_PATHS__: JSON.stringify(operationPaths()) },
    sourcemap: "inline",
    logLevel: "silent",
  });
  return outfile;
}

/** `node --import tsx load/bundle.ts DIR`: every scenario into DIR (the runner image's build step). */
async function main(outDir: string): Promise<void> {
  for (const name of scenarioNames()) console.log(await bundleScenario(name, resolve(outDir)));
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (!process.argv[2]) {
    console.error("usage: node --import tsx load/bundle.ts OUT_DIR");
    process.exitCode = 2;
  } else await main(process.argv[2]);
}
