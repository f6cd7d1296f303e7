/** What every background worker logs through (pino's shape: details first, then the message). */
export interface WorkerLogger {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}
