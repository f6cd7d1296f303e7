// The listener retries every second while the database is away: one line for the outage, not
// one per retry.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { createSettledListener } from './settled-listener.ts';

test('a database that stays away is logged once, however many times the listener retries', async () => {
  const probe = createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as { port: number };
  probe.close();
  await once(probe, 'close');
  const lines: string[] = [];
  const listener = createSettledListener(`postgres://app@127.0.0.1:${port}/nothing`, 'settled', (message) => {
    lines.push(message);
  });
  try {
    await listener.ready();
    // Three retries at least (one a second), each refused at once.
    await new Promise((resolve) => setTimeout(resolve, 3_500));
    assert.deepEqual(lines, ['ingestion listener lost its connection; waiting jobs poll until it is back']);
  } finally {
    await listener.close();
  }
});
