import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isIpAllowed, isValidIpOrCidr } from './ip-allow-list.ts';

test('IPv4 addresses and ranges', () => {
  assert.equal(isIpAllowed('203.0.113.9', ['203.0.113.0/24']), true);
  assert.equal(isIpAllowed('203.0.114.9', ['203.0.113.0/24']), false);
  assert.equal(isIpAllowed('10.1.2.3', ['10.1.2.3']), true);
  assert.equal(isIpAllowed('10.1.2.4', ['10.1.2.3']), false);
  assert.equal(isIpAllowed('8.8.8.8', ['0.0.0.0/0']), true);
});

test('IPv6 addresses and ranges, in any spelling', () => {
  assert.equal(isIpAllowed('2001:db8::1', ['2001:db8::/32']), true);
  assert.equal(isIpAllowed('2001:0db8:0000::0001', ['2001:db8::1']), true);
  assert.equal(isIpAllowed('2001:db9::1', ['2001:db8::/32']), false);
  assert.equal(isIpAllowed('::1', ['::1']), true);
});

test('an IPv4-mapped IPv6 client (dual-stack socket) matches IPv4 entries', () => {
  assert.equal(isIpAllowed('::ffff:127.0.0.1', ['127.0.0.1']), true);
  assert.equal(isIpAllowed('::ffff:10.9.8.7', ['10.0.0.0/8']), true);
  assert.equal(isIpAllowed('::ffff:10.9.8.7', ['::ffff:10.0.0.0/104']), true);
  assert.equal(isIpAllowed('::ffff:11.9.8.7', ['10.0.0.0/8']), false);
});

test('families never cross, and junk never matches', () => {
  assert.equal(isIpAllowed('127.0.0.1', ['::1']), false);
  assert.equal(isIpAllowed('not-an-ip', ['0.0.0.0/0']), false);
  assert.equal(isIpAllowed('1.2.3.4', ['garbage', '1.2.3.4']), true);
});

test('validation of allow-list entries', () => {
  for (const ok of ['1.2.3.4', '10.0.0.0/8', '::1', '2001:db8::/32', '0.0.0.0/0'])
    assert.equal(isValidIpOrCidr(ok), true, ok);
  for (const bad of ['1.2.3.4/33', '300.1.1.1', '2001:db8::/129', 'example.com', '', '10.0.0.0/'])
    assert.equal(isValidIpOrCidr(bad), false, bad);
});

test('only the usual spelling is an entry: octal, hexadecimal, short and single-number IPv4 forms are refused', () => {
  for (const bad of ['0177.0.0.1', '010.0.0.1', '0x7f.0.0.1', '127.1', '2130706433', '::ffff:0177.0.0.1'])
    assert.equal(isValidIpOrCidr(bad), false, bad);
  for (const bad of ['10.0.0.0/08', '10.0.0.0/+8', '10.0.0.0/ 8', 'fe80::1%eth0', '::1/0x10'])
    assert.equal(isValidIpOrCidr(bad), false, bad);
  for (const ok of ['0.0.0.0', '10.0.0.0/0', '::ffff:10.0.0.0/104', '::ffff:127.0.0.1', '::/0'])
    assert.equal(isValidIpOrCidr(ok), true, ok);
  // An entry stored before it was refused matches nothing rather than the address it would be read as.
  assert.equal(isIpAllowed('127.0.0.1', ['0177.0.0.1']), false);
  assert.equal(isIpAllowed('8.0.0.1', ['010.0.0.1']), false);
});
