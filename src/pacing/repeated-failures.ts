// A failure that repeats (the database away, polled every 250 ms on every node) is logged on its
// first occurrence, then at most once a minute with counts, rather than once each time.

/** While failures keep coming, how often one is reported again after the first. */
export const REPEATED_FAILURE_REPORT_MS = 60_000;

/** What a report says: the failures in a row so far, and those left unreported since the last one. */
export interface FailureReport {
  inRow: number;
  leftOut: number;
}

export interface RepeatedFailures {
  /** A failure: the report to log now, or null to stay silent. */
  failed(): FailureReport | null;
  /** A success ends the run: the next failure is reported at once. */
  succeeded(): void;
}

export function createRepeatedFailures(now: () => number, everyMs = REPEATED_FAILURE_REPORT_MS): RepeatedFailures {
  let inRow = 0;
  let leftOut = 0;
  let reportedAt = -Infinity;
  return {
    failed() {
      inRow += 1;
      if (inRow > 1 && now() - reportedAt < everyMs) {
        leftOut += 1;
        return null;
      }
      const report = { inRow, leftOut };
      reportedAt = now();
      leftOut = 0;
      return report;
    },
    succeeded() {
      inRow = 0;
      leftOut = 0;
    },
  };
}
