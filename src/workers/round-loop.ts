import { createRepeatedFailures } from '../pacing/repeated-failures.ts';
import { createWakeablePause } from './wakeable-pause.ts';

/** A background worker's loop: rounds until stopped, with a pause between them. */
export interface RoundLoop {
  start(): void;
  /** Stops after the round in progress, if any (a pause ends at once). */
  stop(): Promise<void>;
  /** Ends the pause in progress, if any: new work arrived. */
  wake(): void;
}

/**
 * Runs `round` again and again from `start()` until `stop()`. After each round it waits
 * `pauseAfter(result)` ms (0: the next round at once). A round that throws is reported to
 * `onError`, and the next round tries again: a failure never ends the loop. Rounds that keep
 * failing (the database away, polled every 250 ms on every node) are reported on the first, then
 * at most once a minute with how many failed in a row, not once a round (pacing/).
 */
export function createRoundLoop<T>(options: {
  round: () => Promise<T>;
  pauseAfter: (result: T | undefined) => number;
  onError: (error: unknown, failedRounds: number) => void;
  now?: () => number;
}): RoundLoop {
  const sleeper = createWakeablePause();
  const failures = createRepeatedFailures(options.now ?? Date.now);
  let running = false;
  let loop: Promise<void> | null = null;

  async function run(): Promise<void> {
    while (running) {
      let result: T | undefined;
      try {
        result = await options.round();
        failures.succeeded();
      } catch (error) {
        const report = failures.failed();
        if (report) options.onError(error, report.inRow);
      }
      if (!running) break;
      const pauseMs = options.pauseAfter(result);
      if (pauseMs > 0) await sleeper.pause(pauseMs);
    }
  }

  return {
    start() {
      if (running) return;
      running = true;
      loop = run();
    },
    async stop() {
      running = false;
      sleeper.wake();
      await loop;
    },
    wake: () => sleeper.wake(),
  };
}
