import type { Clock } from '../../src/ports/clock.ts';

/** A clock the test moves by hand. */
export interface TestClock extends Clock {
  set(at: number): void;
  advance(ms: number): void;
}

export function createTestClock(start = Date.parse('2026-11-01T12:00:00.000Z')): TestClock {
  let now = start;
  return {
    now: () => now,
    set: (at) => {
      now = at;
    },
    advance: (ms) => {
      now += ms;
    },
  };
}
