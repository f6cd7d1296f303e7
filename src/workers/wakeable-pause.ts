/** A background loop's wait between rounds that something else can end early (new work arrived,
 * or the process is stopping). One pause at a time. */
export interface WakeablePause {
  /** Resolves after `ms`, or at once when woken. */
  pause(ms: number): Promise<void>;
  /** Ends the pause in progress, if any. */
  wake(): void;
}

export function createWakeablePause(): WakeablePause {
  let wake: (() => void) | null = null;
  return {
    pause(ms) {
      return new Promise((resolve) => {
        const timer = setTimeout(done, ms);
        function done() {
          clearTimeout(timer);
          wake = null;
          resolve();
        }
        wake = done;
      });
    },
    wake: () => wake?.(),
  };
}
