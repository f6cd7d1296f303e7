// What /readyz checks: the database, Redis when configured, and the queue once one is registered.
// A dependency the node serves without (Redis: rate limits are then counted in each process's own
// memory) is shown but does not make the node unready: a balancer would otherwise take every node
// out at once while each could serve.

/** How long one check may take before it counts as failed. */
const CHECK_TIMEOUT_MS = 2_000;

export interface Readiness {
  /** Adds a dependency to check, by a name shown in /readyz's answer (never a URL or secret);
   * `servedWithout`: its failure is shown, the node stays ready. */
  addCheck(name: string, check: () => Promise<unknown>, options?: { servedWithout?: boolean }): void;
  check(): Promise<{ ready: boolean; checks: Record<string, 'ok' | 'failed'> }>;
}

export function createReadiness(): Readiness {
  const checks = new Map<string, () => Promise<unknown>>();
  const optional = new Set<string>();
  return {
    addCheck: (name, check, options) => {
      checks.set(name, check);
      if (options?.servedWithout) optional.add(name);
    },
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
      const ready = results.every(([name, status]) => status === 'ok' || optional.has(name));
      return { ready, checks: Object.fromEntries(results) };
    },
  };
}
