import { test } from 'node:test';
import assert from 'node:assert/strict';
import { redactUrl } from './logging.ts';

test('secret-looking query values are masked in logged URLs', () => {
  assert.equal(redactUrl('/api/v1/agents'), '/api/v1/agents');
  assert.equal(redactUrl('/api/v1/agents?page=2&size=5'), '/api/v1/agents?page=2&size=5');
  assert.equal(
    redactUrl('/x?api_key=cq_secret&page=1&token=t&apiKey=k'),
    '/x?api_key=%5BREDACTED%5D&page=1&token=%5BREDACTED%5D&apiKey=%5BREDACTED%5D',
  );
});
