import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateRawSync } from 'node:zlib';
import { assertZipExpandsSafely } from './zip-limits.ts';
import { ExtractError } from '../../text/extract-error.ts';

const FIXTURES = join(import.meta.dirname, '../../../test/fixtures/files');

/** A one-entry zip whose entry inflates to `size` zero bytes. */
function zipOfZeros(size: number): Uint8Array {
  const data = deflateRawSync(Buffer.alloc(size));
  const name = Buffer.from('word/document.xml');
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(size, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(size, 24);
  central.writeUInt16LE(name.length, 28);
  const directoryAt = local.length + name.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(directoryAt, 16);
  return Buffer.concat([local, name, data, central, name, end]);
}

test('a real DOCX passes; a zip declaring more than the bound is refused before inflating', () => {
  assertZipExpandsSafely(readFileSync(join(FIXTURES, 'lighthouses.docx')));
  assertZipExpandsSafely(zipOfZeros(1_000_000), 2_000_000);
  assert.throws(
    () => assertZipExpandsSafely(zipOfZeros(3_000_000), 2_000_000),
    (error) => error instanceof ExtractError && error.reason === 'invalid-file',
  );
  assert.throws(() => assertZipExpandsSafely(readFileSync(join(FIXTURES, 'truncated.docx'))), ExtractError);
});
