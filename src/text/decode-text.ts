/**
 * Decodes bytes as plain text, or returns null when they are not text: strict UTF-8 (a BOM is
 * dropped), or UTF-16 LE/BE when a BOM says so; bytes that are not valid UTF-8 are read as
 * Windows-1252 (the superset of Latin-1 that WHATWG decoders use for both), the legacy encoding of
 * Western European text files. A BOM-less UTF-16 file is not guessed at: without the BOM it is
 * indistinguishable from binary data full of NULs.
 *
 * Why this tells text from binary: valid UTF-8 is almost never produced by chance, so a legacy
 * file is the only other kind of text accepted; and binary data read as Windows-1252 is full of
 * control characters (random bytes: about one in ten is a C0 control, and five byte values are
 * C1 controls), while real text has almost none. More than one control in a thousand characters
 * means binary.
 */
export function decodeText(bytes: Uint8Array): string | null {
  let text: string;
  try {
    text = decodeStrict(bytes);
  } catch {
    if (hasUtf16Bom(bytes)) return null; // a UTF-16 BOM on invalid UTF-16
    text = WINDOWS_1252.decode(bytes);
    return looksLikeText(text) && fewControls(text, C1_CONTROL) ? text : null;
  }
  return looksLikeText(text) ? text : null;
}

const WINDOWS_1252 = new TextDecoder('windows-1252');
// The five bytes Windows-1252 leaves undefined decode to C1 controls; Latin-1 text never uses them.
const C1_CONTROL = /[\u0080-\u009f]/g;

function hasUtf16Bom(bytes: Uint8Array): boolean {
  return (bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff);
}

function decodeStrict(bytes: Uint8Array): string {
  // TextDecoder drops the BOM it recognises (ignoreBOM defaults to false).
  if (hasUtf16Bom(bytes))
    return new TextDecoder(bytes[0] === 0xff ? 'utf-16le' : 'utf-16be', { fatal: true }).decode(bytes);
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}

// C0 controls other than tab, line feed, vertical tab, form feed, carriage return and escape.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000e-\u001a\u001c-\u001f\u007f]/g;

/** Valid UTF-8 can still be binary (a run of NULs is valid UTF-8): real text has no NUL and few controls. */
function looksLikeText(text: string): boolean {
  return !text.includes('\u0000') && fewControls(text, CONTROL);
}

function fewControls(text: string, controls: RegExp): boolean {
  return (text.match(controls)?.length ?? 0) <= text.length / 1000;
}
