import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decodeBody } from './decode-body.ts';

const page = (title: string) => `<html><head><title>${title}</title></head><body></body></html>`;

test('a BOM wins over the Content-Type charset, as in browsers', () => {
  const utf8 = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(page('BOM café'))]);
  assert.equal(decodeBody(utf8, 'text/html; charset=iso-8859-1'), page('BOM café'));
  const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(page('Seize café'), 'utf16le')]);
  assert.equal(decodeBody(utf16, 'text/html; charset=utf-8'), page('Seize café'));
});

test('without a BOM: the header, then <meta charset>, then UTF-8', () => {
  const latin1 = Buffer.from(page('café'), 'latin1');
  assert.equal(decodeBody(latin1, 'text/html; charset=ISO-8859-1'), page('café'));
  const quoted = Buffer.concat([Buffer.from('<meta charset="windows-1252"><title>'), Buffer.from([0x93, 0x71, 0x94])]);
  assert.equal(decodeBody(quoted, 'text/html'), '<meta charset="windows-1252"><title>\u201cq\u201d');
  assert.equal(decodeBody(Buffer.from(page('café')), undefined), page('café'));
});

test('a <meta charset="utf-16"> readable as ASCII means UTF-8', () => {
  const body = Buffer.from(`<meta charset="utf-16">${page('café')}`);
  assert.equal(decodeBody(body, 'text/html'), `<meta charset="utf-16">${page('café')}`);
});
