/**
 * Rejects when `work` has not settled within `ms`. The parsers run on this thread, so this cannot
 * stop one that spins; it stops one that waits forever (a promise pdf.js or a zip reader never
 * settles) from holding the upload's request open.
 */
export async function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, expired]);
  } finally {
    clearTimeout(timer);
  }
}
