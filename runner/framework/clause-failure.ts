// A failure about one clause of the several its check names (runner/framework/prepare.ts): check() records
// that clause as the one whose statement broke.

/** A failure that is about `clause` alone, of the several clauses its check names. */
export class ClauseFailure extends Error {
  constructor(
    readonly clause: string,
    override readonly cause: unknown,
  ) {
    super(cause instanceof Error ? cause.message : String(cause));
    if (cause instanceof Error && cause.stack !== undefined) this.stack = cause.stack;
  }
}
