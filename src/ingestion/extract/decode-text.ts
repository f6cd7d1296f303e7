/**
 * Decodes bytes as plain text, or returns null when they are not text: strict UTF-8 (a BOM is
 * dropped), or UTF-16 LE/BE when a BOM says so. A BOM-less UTF-16 file is not guessed at: without
 * the BOM it is indistinguishable from binary data full of NULs.
 */
export function decodeText(bytes: Uint8Array): string | null {
  let text: string;
  try {
    text = decodeStrict(bytes);
  } catch {
    return null;
  }
  return looksLikeText(text) ? text : null;
}

function decodeStrict(bytes: Uint8Array): string {
  // TextDecoder drops the BOM it recognises (ignoreBOM defaults to false).
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le', { fatal: true }).decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be', { fatal: true }).decode(bytes);
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}

// C0 controls other than tab, line feed, vertical tab, form feed, carriage return and escape.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000e-\u001a\u001c-\u001f\u007f]/g;

/** Valid UTF-8 can still be binary (a run of NULs is valid UTF-8): real text has no NUL and few controls. */
function looksLikeText(text: string): boolean {
  if (text.includes('\u0000')) return false;
  const controls = text.match(CONTROL)?.length ?? 0;
  return controls <= text.length / 1000;
}
