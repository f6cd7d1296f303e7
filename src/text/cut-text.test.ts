import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cutText } from './cut-text.ts';

test('cutText keeps short text, cuts long text, and never splits a surrogate pair', () => {
  assert.equal(cutText('abc', 5), 'abc');
  assert.equal(cutText('abcdef', 3), 'abc');
  assert.equal(cutText('ab😀cd', 3), 'ab');
  assert.equal(cutText('ab😀cd', 4), 'ab😀');
  assert.equal(cutText('😀', 1), '');
});
