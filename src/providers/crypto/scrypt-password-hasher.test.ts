import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createScryptPasswordHasher } from './scrypt-password-hasher.ts';

test('scrypt hashes are salted, verify the right password only, and carry their parameters', async () => {
  const hasher = createScryptPasswordHasher({ N: 1024, r: 8, p: 1 });
  const a = await hasher.hash('correct horse battery');
  const b = await hasher.hash('correct horse battery');
  assert.notEqual(a, b, 'a fresh salt each time');
  assert.match(a, /^scrypt\$1024\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
  assert.equal(await hasher.verify('correct horse battery', a), true);
  assert.equal(await hasher.verify('correct horse batterY', a), false);
  assert.equal(await hasher.verify('anything', 'not-a-hash'), false);
  // Verification reads the stored parameters, whatever the hasher's own.
  assert.equal(await createScryptPasswordHasher().verify('correct horse battery', a), true);
});
