import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isPublicAddress } from './address-policy.ts';

test('refuses loopback, private, link-local, metadata and other special ranges', () => {
  for (const address of [
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    'fe80::1',
    'fc00::1',
    'fd12:3456::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    'not-an-ip',
  ]) {
    assert.equal(isPublicAddress(address), false, address);
  }
});

test('allows global unicast addresses', () => {
  for (const address of ['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8']) {
    assert.equal(isPublicAddress(address), true, address);
  }
});
