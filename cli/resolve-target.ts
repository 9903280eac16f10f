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
