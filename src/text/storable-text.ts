/** PostgreSQL cannot store U+0000 in text or JSON, so neither engine takes it. */
export const NUL_MESSAGE = 'must not contain the NUL character (U+0000)';
/** A `\\ud800` escape is valid JSON but not text: it could only be stored as U+FFFD. */
export const SURROGATE_MESSAGE = 'must be valid Unicode text (no unpaired surrogate such as \\ud800)';

/** Why `text` cannot be stored as written, in a client's words; null when it can. */
export function unstorableTextProblem(text: string): string | null {
  if (text.includes('\u0000')) return NUL_MESSAGE;
  if (!text.isWellFormed()) return SURROGATE_MESSAGE;
  return null;
}

/** The first problem of any string (or object key) inside `value`, a parsed JSON document. */
export function unstorableTextIn(value: unknown): string | null {
  if (typeof value === 'string') return unstorableTextProblem(value);
  if (typeof value !== 'object' || value === null) return null;
  for (const [key, inner] of Object.entries(value)) {
    const problem = unstorableTextProblem(key) ?? unstorableTextIn(inner);
    if (problem) return problem;
  }
  return null;
}
