// Checks of one suite file that run beside each other (issue 16): a file whose checks each make and read back
// resources of their own, sharing only set-up that none of them changes, says so at its top with
// `checksSideBySide(why)`; its checks then run at once in the shared lane, as many as requests may be in flight
// (ARCHITECTURE.md, "What runs concurrently"). Files whose checks share a fixture they change (the streams'
// knowledge base), or wait on the webhook sink and simulated time together (events, batches, delivery), keep
// their order. Each check keeps its own record (recorder.ts), so running at once mixes nothing.

let why: string | undefined;

/** Every check of this suite file may run beside the others: called at its top, before its checks. */
export function checksSideBySide(reason: string): void {
  why = reason;
}

/** Whether this file's checks run side by side (never in the exclusive lane, whose checks are alone by definition). */
export function sideBySide(): boolean {
  return why !== undefined;
}
