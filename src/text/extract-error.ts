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
