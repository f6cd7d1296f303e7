/**
 * 'type-not-allowed': the file is not a PDF, DOC, DOCX or TXT (FILE_TYPE_NOT_ALLOWED).
 * 'invalid-file': its content does not match its extension, or it cannot be read (INVALID_FILE).
 */
export type ExtractFailure = 'type-not-allowed' | 'invalid-file';

export class ExtractError extends Error {
  readonly reason: ExtractFailure;
  constructor(reason: ExtractFailure, message: string) {
    super(message);
    this.name = 'ExtractError';
    this.reason = reason;
  }
}

/** What an upload of a type not taken is told, wherever it is refused. */
export const TYPE_NOT_ALLOWED_MESSAGE = 'File is not PDF, DOC, DOCX or TXT.';

/** What an upload whose content contradicts its extension is told: both types written alike. */
export function contentMismatchMessage(content: string, claimed: string): string {
  return `File type or content does not match its extension (the content is ${content.toUpperCase()}, not ${claimed.toUpperCase()}).`;
}

/** A message ends with a full stop, even when it quotes a parser's own words that do not. */
export function asSentence(text: string): string {
  return /[.!?]$/.test(text.trimEnd()) ? text.trimEnd() : `${text.trimEnd()}.`;
}
