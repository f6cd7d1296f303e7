// Content hashes: the same page or file is recognised by its content, and held once per agent.
import { createHash } from 'node:crypto';
import type { ExtractedSection } from '../../text/extracted.ts';

/** SHA-256 (hex) of what a page is indexed from: its title and its text, section by section. */
export function pageHash(title: string, sections: ExtractedSection[]): string {
  const hash = createHash('sha256').update(title);
  for (const section of sections)
    hash
      .update('\u0000')
      .update(section.heading ?? '')
      .update('\u0001')
      .update(section.text);
  return hash.digest('hex');
}

/** SHA-256 (hex) of a file's bytes. */
export function fileHash(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}
