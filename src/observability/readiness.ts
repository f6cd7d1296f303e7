// What /readyz checks: the database, Redis when configured, and the queue once one is registered.

/** How long one check may take before it counts as failed. */
const CHECK_TIMEOUT_MS = 2_000;

export interface Readiness {
  /** Adds a dependency to check, by a name shown in /readyz's answer (never a URL or secret). */
  addCheck(name: string, check: () => Promise<unknown>): void;
  check(): Promise<{ ready: boolean; checks: Record<string, 'ok' | 'failed'> }>;
}

export function createReadiness(): Readiness {
  const checks = new Map<string, () => Promise<unknown>>();
  return {
    addCheck: (name, check) => void checks.set(name, check),
    async check() {
      const results = await Promise.all(
        [...checks].map(async ([name, run]) => {
          let timer: NodeJS.Timeout | undefined;
          const timeout = new Promise(
            (_, reject) => (timer = setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS)),
          );
          try {
            await Promise.race([run(), timeout]);
            return [name, 'ok'] as const;
          } catch {
            return [name, 'failed'] as const;
          } finally {
            clearTimeout(timer);
          }
        }),
      );
      return { ready: results.every(([, status]) => status === 'ok'), checks: Object.fromEntries(results) };
    },
  };
}
