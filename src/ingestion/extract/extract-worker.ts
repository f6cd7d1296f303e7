// Runs one extraction in a worker thread (see extract-isolated.ts).
import { parentPort, workerData } from 'node:worker_threads';
import { extractFile } from './extract-file.ts';
import { ExtractError } from './extract-error.ts';

const input = workerData as { bytes: Uint8Array; filename: string };
extractFile(input)
  .then((result) => parentPort?.postMessage({ ok: true, result }))
  .catch((error: unknown) =>
    parentPort?.postMessage(
      error instanceof ExtractError ? { ok: false, reason: error.reason, message: error.message } : { ok: false, reason: null, message: error instanceof Error ? error.message : String(error) },
    ),
  );
