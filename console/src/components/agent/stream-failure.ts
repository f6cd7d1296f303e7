// A stream that began and then failed ends with a frame `{success:false, error:{code, message}}`;
// it came inside a 200 answer, so it has a code but no status of its own.
import { ApiError } from '../../api/client.ts';

export class StreamFailure extends ApiError {
  constructor(error: { code?: string; message?: string; list?: Record<string, string[]> } | undefined, frame: unknown) {
    super(200, error?.code ?? 'UNKNOWN_ERROR', error?.message ?? 'The stream ended with an error.', error?.list, frame);
  }
}

/** The error a `{success:false}` frame carries, as something to throw or show. */
export function failureOf(frame: Record<string, unknown>): StreamFailure {
  return new StreamFailure(frame.error as { code?: string; message?: string } | undefined, frame);
}
