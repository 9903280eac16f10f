// Where `run` aims: a target file, flags and environment overriding its fields, or (with neither)
// the embedded reference platform.
import { readFileSync } from "node:fs";
import { Target, type TargetInput } from "../spec/target.ts";
import { UsageError } from "./usage-error.ts";

export interface TargetFlags {
  target?: string;
  "base-url"?: string;
  "token-admin"?: string;
  "token-editor"?: string;
  "token-viewer"?: string;
  profile?: string;
}

/** Where a value the flags or the environment set came from: `--base-url` or `CAP_BASE_URL`. */
function origin(
  flags: TargetFlags,
  env: NodeJS.ProcessEnv,
  flag: keyof TargetFlags,
  variable: string,
): string | undefined {
  if (flags[flag] !== undefined) return `--${flag}`;
  return env[variable] !== undefined ? variable : undefined;
}

/**
 * One line for each value of the target that did not come from the target file as written, naming where it came
 * from and what it replaced (a token by its slot only), so a variable left exported in a shell never aims a run
 * at another host unsaid. Empty when the file alone describes the target.
 */
export function targetOrigins(flags: TargetFlags, env: NodeJS.ProcessEnv = process.env): string[] {
  const file = flags.target ?? env.CAP_TARGET;
  if (file === undefined && flags["base-url"] === undefined && env.CAP_BASE_URL === undefined) return [];
  let input: Partial<TargetInput> = {};
  if (file !== undefined) {
    try {
      input = JSON.parse(readFileSync(file, "utf8")) as TargetInput;
    } catch {
      input = {};
    }
  }
  const lines: string[] = [];
  if (file !== undefined) lines.push(`target file ${file}${flags.target === undefined ? " (from CAP_TARGET)" : ""}`);
  const baseFrom = origin(flags, env, "base-url", "CAP_BASE_URL");
  if (baseFrom !== undefined) {
    const url = flags["base-url"] ?? env.CAP_BASE_URL;
    const replaced = input.regions?.[0]?.base_url;
    lines.push(
      `region r1 base URL ${url} from ${baseFrom}` +
        (replaced === undefined
          ? ""
          : `, replacing the target file's ${input.regions?.[0]?.name ?? "first region"} ${replaced}`),
    );
  }
  for (const slot of ["admin", "editor", "viewer"] as const) {
    const from = origin(flags, env, `token-${slot}`, `CAP_TOKEN_${slot.toUpperCase()}`);
    if (from === undefined) continue;
    const replaced = input.credentials?.[slot] !== undefined ? ", replacing the target file's" : "";
    lines.push(`${slot} token from ${from}${replaced}`);
  }
  if (flags.profile !== undefined && input.profile !== undefined && input.profile !== flags.profile) {
    lines.push(`profile ${flags.profile} from --profile, replacing the target file's ${input.profile}`);
  }
  return lines;
}

/** Flags win over the environment (CAP_BASE_URL, CAP_TOKEN_ADMIN, ...), which wins over the file. */
export function explicitTarget(flags: TargetFlags, env: NodeJS.ProcessEnv = process.env): Target | undefined {
  const baseUrl = flags["base-url"] ?? env.CAP_BASE_URL;
  const file = flags.target ?? env.CAP_TARGET;
  if (file === undefined && baseUrl === undefined) return undefined;
  let input: Partial<TargetInput> = {};
  if (file !== undefined) {
    try {
      input = JSON.parse(readFileSync(file, "utf8")) as TargetInput;
    } catch (error) {
      throw new UsageError(`cannot read the target file ${file}: ${(error as Error).message}`);
    }
  }
  const credentials = { ...input.credentials };
  const admin = flags["token-admin"] ?? env.CAP_TOKEN_ADMIN;
  const editor = flags["token-editor"] ?? env.CAP_TOKEN_EDITOR;
  const viewer = flags["token-viewer"] ?? env.CAP_TOKEN_VIEWER;
  if (admin !== undefined) credentials.admin = admin;
  if (editor !== undefined) credentials.editor = editor;
  if (viewer !== undefined) credentials.viewer = viewer;
  const merged = {
    ...input,
    credentials,
    ...(baseUrl !== undefined
      ? { regions: [{ name: "r1", base_url: baseUrl }, ...(input.regions ?? []).slice(1)] }
      : {}),
    ...(flags.profile !== undefined ? { profile: flags.profile } : {}),
  };
  const parsed = Target.safeParse(merged);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join(".") || "(root)"}: ${i.message}`).join("\n");
    throw new UsageError(
      `the target is incomplete:\n${problems}\n(give a target file, or --base-url and the three --token-* flags)`,
    );
  }
  return parsed.data;
}
