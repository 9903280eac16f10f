// Why a command could not do its job, said in one line with no stack (exit 2, spec/verdict.ts exitCodeOf).

/** A mistake in how the command was called or configured: a flag, a file it names. */
export class UsageError extends Error {
  override readonly name: string = "UsageError";
}

/** A target the run cannot check as given (unreachable, a credential or a URL that is not what it claims). */
export class SetupError extends UsageError {
  override readonly name: string = "SetupError";
}
