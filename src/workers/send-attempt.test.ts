import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Webhook } from 'standardwebhooks';
import { OutboundError, type Fetcher, type OutboundRequest } from '../ports/fetcher.ts';
import type { ClaimedDelivery } from '../ports/webhook-store.ts';
import { forTheLog, sendAttempt } from './send-attempt.ts';

const secret = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
const claim = {
  event: {
    id: 'evt_1',
    accountId: 'acc_1',
    type: 'ping',
    data: { message: 'hi' },
    createdAt: Date.parse('2026-11-01T00:00:00Z'),
  },
  endpoint: { id: 'whk_1', url: 'https://hooks.example/x', secret },
} as unknown as ClaimedDelivery;

test('an attempt POSTs the signed envelope, follows no redirect, and keeps a clean start of the answer', async () => {
  let seen: OutboundRequest | undefined;
  const fetcher: Fetcher = {
    close: async () => undefined,
    fetch: async (request) => {
      seen = request;
      return {
        url: request.url,
        status: 500,
        headers: {},
        body: Buffer.from('bad\u0000 news\u0007\n\xff'),
        truncated: false,
      };
    },
  };
  const sentAt = Date.parse('2026-11-01T00:00:05Z');
  const result = await sendAttempt(fetcher, claim, sentAt, { timeoutMs: 15_000, maxResponseBytes: 1024 });
  assert.deepEqual([result.statusCode, result.error, result.responseBody], [500, null, 'bad news\n\u00ff']);
  assert.equal(seen?.method, 'POST');
  assert.equal(seen?.maxRedirects, 0);
  assert.equal(seen?.timeoutMs, 15_000);
  assert.equal(seen?.body, '{"id":"evt_1","type":"ping","created":"2026-11-01T00:00:00.000Z","data":{"message":"hi"}}');
  const headers = seen?.headers as Record<string, string>;
  assert.deepEqual([headers['webhook-id'], headers['webhook-timestamp']], ['evt_1', String(sentAt / 1000)]);
  assert.equal(new Webhook(secret).sign('evt_1', new Date(sentAt), seen?.body as string), headers['webhook-signature']);
});

test('no answer is a failure with its reason', async () => {
  const fetcher: Fetcher = {
    fetch: async () => Promise.reject(new OutboundError('timeout', 'the request timed out')),
    close: async () => undefined,
  };
  const result = await sendAttempt(fetcher, claim, 0, { timeoutMs: 10, maxResponseBytes: 1024 });
  assert.deepEqual(
    [result.statusCode, result.error, result.responseBody],
    [null, 'timeout: the request timed out', null],
  );
  assert.equal(forTheLog(Buffer.from([0xff])), '\ufffd');
});
