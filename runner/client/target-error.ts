// A TargetError means the harness could not do its job (no answer, timeout, refused connection):
// the check is reported `errored`, never `failed` (ARCHITECTURE.md, "Exit codes").
export class TargetError extends Error {
  override readonly name = "TargetError";
}

export function isTargetError(error: unknown): boolean {
  return error instanceof Error && error.name === "TargetError";
}
