/** A mistake in how the CLI was called: message on stderr, exit code 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}
