// A mistake in how the command was called or configured: exit 2 with the message, no stack.
export class UsageError extends Error {
  override readonly name = "UsageError";
}
