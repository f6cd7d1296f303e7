// The vectors a local check keeps and combines: by a hash of the text, the turns' mean, and the
// error a failed embedding gives (the check fails closed).
import { hash } from 'node:crypto';
import { ModerationUnavailableError } from '../../ports/moderator.ts';

export function unembedded(error: unknown): ModerationUnavailableError {
  return new ModerationUnavailableError(
    `the message could not be embedded: ${error instanceof Error ? error.message : String(error)}`,
  );
}

/** Vectors are kept by a hash of the text: bounded memory whatever the messages' length. */
export function vectorKey(text: string): string {
  return hash('sha1', text, 'base64url');
}

/** The turns read together: the mean of their unit vectors, back to unit length. */
export function meanVector(vectors: readonly Float32Array[]): Float32Array {
  const mean = new Float32Array(vectors[0]?.length ?? 0);
  for (const vector of vectors) for (let i = 0; i < mean.length; i += 1) mean[i] = (mean[i] ?? 0) + (vector[i] ?? 0);
  let length = 0;
  for (const value of mean) length += value * value;
  length = Math.sqrt(length) || 1;
  return mean.map((value) => value / length);
}
