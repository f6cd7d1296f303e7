import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import type { PasswordHasher } from '../../ports/password-hasher.ts';

// OWASP's scrypt floor (N=2^17, r=8, p=1) takes 128 MiB and a slow sign-in; N=2^15 takes a quarter
// of both while still costing a guesser that much per try. The parameters are
// stored with each hash, so raising them later re-hashes nobody by force.
const DEFAULTS = { N: 2 ** 15, r: 8, p: 1 };
const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(
      password.normalize('NFKC'),
      salt,
      KEY_LENGTH,
      { ...options, maxmem: 256 * options.N! * options.r! },
      (error, key) => (error ? reject(error) : resolve(key)),
    ),
  );
}

/** Hashes as `scrypt$N$r$p$salt$key` (base64url). */
export function createScryptPasswordHasher(params = DEFAULTS): PasswordHasher {
  return {
    async hash(password) {
      const salt = randomBytes(16);
      const key = await derive(password, salt, params);
      return ['scrypt', params.N, params.r, params.p, salt.toString('base64url'), key.toString('base64url')].join('$');
    },
    async verify(password, stored) {
      const [scheme, n, r, p, salt, key] = stored.split('$');
      if (scheme !== 'scrypt' || !salt || !key) return false;
      const expected = Buffer.from(key, 'base64url');
      const actual = await derive(password, Buffer.from(salt, 'base64url'), {
        N: Number(n),
        r: Number(r),
        p: Number(p),
      });
      return actual.length === expected.length && timingSafeEqual(actual, expected);
    },
  };
}
