// Builds dist/, what the published package runs (ARCHITECTURE.md, "The package"); `npm pack` calls it as
// `prepack`: every module compiled to JavaScript by tsc (tsconfig.build.json), the type declarations of what
// package.json exports (tsconfig.types.json), and the files the modules read at run time. Then it refuses a
// dist/ that would still need TypeScript: a relative `.ts` import or tsx.
import { spawnSync } from "node:child_process";
import { cpSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const DIST = join(ROOT, "dist");

/** Read at run time by path: the spec (its hash goes into every report) and what `load` hands esbuild and Go. */
const ASSETS: Array<{ from: string; keep?: (path: string) => boolean }> = [
  { from: "spec/platform-api.md" },
  // The k6 scenarios are k6 scripts esbuild bundles when `load` runs, never loaded by Node.
  { from: "load/scenarios" },
  { from: "load/lib", keep: (path) => path.endsWith(".ts") },
  { from: "load/types" },
  // The Go module of k6 with the k6/x/sse extension, built once by `load`; its Go tests stay behind.
  { from: "load/k6", keep: (path) => !path.endsWith("_test.go") },
];

function tsc(project: string): void {
  const bin = join(ROOT, "node_modules", ".bin", "tsc");
  const result = spawnSync(bin, ["-p", join(ROOT, project)], { stdio: "inherit" });
  if (result.status !== 0) throw new Error(`tsc -p ${project} failed (exit ${result.status ?? result.signal})`);
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

/** What would make the compiled package need a TypeScript toolchain at run time. */
export function typeScriptLeftovers(dir: string): string[] {
  const problems: string[] = [];
  for (const file of filesUnder(dir).filter((f) => f.endsWith(".js"))) {
    const text = readFileSync(file, "utf8");
    const tsImport = /(?:from\s*|import\s*\(\s*)["'](\.{1,2}\/[^"']*\.ts)["']/.exec(text);
    if (tsImport !== null) problems.push(`${relative(dir, file)} imports ${tsImport[1]}`);
    if (/["']tsx(?:\/[^"']*)?["']/.test(text)) problems.push(`${relative(dir, file)} imports tsx`);
  }
  return problems;
}

export function buildDist(): void {
  rmSync(DIST, { recursive: true, force: true });
  tsc("tsconfig.build.json");
  tsc("tsconfig.types.json");
  for (const asset of ASSETS) {
    cpSync(join(ROOT, asset.from), join(DIST, asset.from), {
      recursive: true,
      filter: (source) => asset.keep === undefined || statSync(source).isDirectory() || asset.keep(source),
    });
  }
  const problems = typeScriptLeftovers(DIST);
  if (problems.length > 0) throw new Error(`dist/ still needs TypeScript:\n  ${problems.join("\n  ")}`);
  console.log(`dist/: ${filesUnder(DIST).length} files`);
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) buildDist();
