/**
 * Rejects when `work` has not settled within `ms`; `work` itself goes on (nothing here can stop it):
 * what waits on it is freed, an upload whose parser never settles, a moderation check whose
 * embedding is late (it fails closed).
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
