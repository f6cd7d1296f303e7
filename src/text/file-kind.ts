/** The file types an upload may be. */
export type FileKind = 'pdf' | 'doc' | 'docx' | 'txt';

export const FILE_KINDS: readonly FileKind[] = ['pdf', 'doc', 'docx', 'txt'];

export function isFileKind(extension: string): extension is FileKind {
  return (FILE_KINDS as readonly string[]).includes(extension);
}

/** The lower-cased extension without its dot, or null when the name has none. */
export function extensionOf(filename: string): string | null {
  const base = filename.slice(Math.max(filename.lastIndexOf('/'), filename.lastIndexOf('\\')) + 1);
  const dot = base.lastIndexOf('.');
  return dot > 0 && dot < base.length - 1 ? base.slice(dot + 1).toLowerCase() : null;
}
