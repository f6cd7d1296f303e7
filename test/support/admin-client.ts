// Calls to the admin API (/api/admin/v1) of a test server, and console users to call it with.
import assert from 'node:assert/strict';
import type { TestServer } from './test-server.ts';
import { createUser } from '../../src/domain/users/create-user.ts';
import type { MemberRole } from '../../src/ports/member-store.ts';
import { createScryptPasswordHasher } from '../../src/providers/crypto/scrypt-password-hasher.ts';

export const TEST_PASSWORD = 'a long enough password';
/** Cheap parameters for test users; the server verifies with the parameters stored in the hash. */
export const testPasswords = createScryptPasswordHasher({ N: 1024, r: 8, p: 1 });

export interface AdminResponse {
  status: number;
  headers: Headers;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests inspect arbitrary JSON
}

export interface AdminCallOptions {
  cookie?: string;
  csrf?: string;
  body?: unknown;
  /** Sent as is, with its own Content-Type in `headers` (multipart uploads). */
  rawBody?: string | Buffer;
  headers?: Record<string, string>;
}

/** A signed-in browser: its cookie and CSRF token. */
export interface AdminSession {
  cookie: string;
  csrf: string;
}

export interface AdminClient {
  call(method: string, path: string, options?: AdminCallOptions): Promise<AdminResponse>;
  /** As the session: the cookie on every call, the CSRF token on unsafe ones. */
  as(session: AdminSession): (method: string, path: string, body?: unknown) => Promise<AdminResponse>;
  signIn(email: string, password?: string): Promise<AdminSession>;
  /** A console user who is a member of the account (created with TEST_PASSWORD). */
  addUser(accountId: string, email: string, role?: MemberRole): Promise<void>;
}

export function adminClient(server: TestServer): AdminClient {
  const client: AdminClient = {
    async call(method, path, options = {}) {
      const headers: Record<string, string> = { ...options.headers };
      if (options.cookie) headers.cookie = options.cookie;
      if (options.csrf) headers['x-csrf-token'] = options.csrf;
      let body: string | Buffer | undefined = options.rawBody;
      if (options.body !== undefined) {
        headers['content-type'] = 'application/json';
        body = JSON.stringify(options.body);
      }
      const response = await fetch(`${server.baseUrl}/api/admin/v1${path}`, { method, headers, body });
      const text = await response.text();
      return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
    },
    as: (session) => (method, path, body) => client.call(method, path, { ...session, body }),
    async signIn(email, password = TEST_PASSWORD) {
      const response = await client.call('POST', '/session', { body: { email, password } });
      assert.equal(response.status, 200, JSON.stringify(response.body));
      return {
        cookie: (response.headers.get('set-cookie') ?? '').split(';')[0] as string,
        csrf: response.body.csrfToken,
      };
    },
    async addUser(accountId, email, role) {
      await createUser({ ...server.deps, passwords: testPasswords }, accountId, {
        email,
        password: TEST_PASSWORD,
        ...(role && { role }),
      });
    },
  };
  return client;
}
