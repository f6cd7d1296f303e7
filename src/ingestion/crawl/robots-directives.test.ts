import { test } from 'node:test';
import assert from 'node:assert/strict';
import { robotsDirectives } from './robots-directives.ts';

test('robots meta tags and X-Robots-Tag: noindex, nofollow and none, for every crawler or for ours', () => {
  const none = { noindex: false, nofollow: false };
  assert.deepEqual(robotsDirectives([], undefined), none);
  assert.deepEqual(robotsDirectives(['index, follow'], 'all'), none);
  assert.deepEqual(robotsDirectives(['NoIndex'], undefined), { noindex: true, nofollow: false });
  assert.deepEqual(robotsDirectives(['nofollow'], undefined), { noindex: false, nofollow: true });
  assert.deepEqual(robotsDirectives(['none'], undefined), { noindex: true, nofollow: true });
  assert.deepEqual(robotsDirectives([], 'noindex'), { noindex: true, nofollow: false });
  assert.deepEqual(robotsDirectives([], 'max-snippet: 20, nofollow'), { noindex: false, nofollow: true });
  assert.deepEqual(robotsDirectives(['noarchive', 'noindex'], 'unavailable_after: 2030-01-01'), {
    noindex: true,
    nofollow: false,
  });
  // Rules addressed to another crawler are not ours; rules addressed to ours are.
  assert.deepEqual(robotsDirectives([], 'googlebot: noindex'), none);
  assert.deepEqual(robotsDirectives([], 'ColloquyBot: noindex'), { noindex: true, nofollow: false });
});
