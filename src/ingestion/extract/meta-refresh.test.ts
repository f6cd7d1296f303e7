import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseMetaRefresh } from './meta-refresh.ts';

test('a meta refresh is read as browsers read it: its delay and the URL it names', () => {
  const cases: Array<[string, ReturnType<typeof parseMetaRefresh>]> = [
    ['0;url=/next', { delay: 0, url: '/next' }],
    ['0; URL=/next', { delay: 0, url: '/next' }],
    [" 3 ; url = '/next page' ", { delay: 3, url: '/next page' }],
    ['0;url="https://site.test/a?b=c";', { delay: 0, url: 'https://site.test/a?b=c' }],
    ['0, /next', { delay: 0, url: '/next' }],
    ['0 /next', { delay: 0, url: '/next' }],
    ['1.5; url=/next', { delay: 1, url: '/next' }],
    ['.5;url=/next', { delay: 0, url: '/next' }],
    ['0;urlish', { delay: 0, url: 'urlish' }],
    ['30', { delay: 30, url: null }],
    ['5;', { delay: 5, url: null }],
    ['0;url=', { delay: 0, url: null }],
    ['soon;url=/next', null],
    ['', null],
    ['0x;url=/next', null],
  ];
  for (const [content, expected] of cases) assert.deepEqual(parseMetaRefresh(content), expected, content);
});
