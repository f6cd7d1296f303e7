import { ExtractError } from '../../text/extract-error.ts';

/** A DOCX expands in memory when parsed: refuse archives that declare more than this. */
export const MAX_UNZIPPED_BYTES = 200 * 1024 * 1024;

/**
 * Reads the sizes a zip's central directory declares and refuses a decompression bomb before any
 * parser inflates it. Sizes that do not fit the central directory's 32-bit fields (ZIP64) are
 * refused too: no real Word document of a size we accept needs them.
 */
export function assertZipExpandsSafely(bytes: Uint8Array, maxBytes = MAX_UNZIPPED_BYTES): void {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The end-of-central-directory record sits in the last 64 KiB + 22 bytes.
  let end = -1;
  for (let at = bytes.byteLength - 22; at >= Math.max(0, bytes.byteLength - 65_557); at -= 1) {
    if (view.getUint32(at, true) === 0x06054b50) {
      end = at;
      break;
    }
  }
  if (end < 0) throw new ExtractError('invalid-file', 'The file is not a complete DOCX (no zip directory).');
  const entries = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  let total = 0;
  for (let entry = 0; entry < entries; entry += 1) {
    if (at + 46 > bytes.byteLength || view.getUint32(at, true) !== 0x02014b50)
      throw new ExtractError('invalid-file', 'The DOCX zip directory is damaged.');
    const size = view.getUint32(at + 24, true);
    if (size === 0xffffffff) throw new ExtractError('invalid-file', 'The DOCX declares a part too large to read.');
    total += size;
    if (total > maxBytes)
      throw new ExtractError('invalid-file', `The DOCX would expand to more than ${maxBytes} bytes.`);
    at += 46 + view.getUint16(at + 28, true) + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
}
