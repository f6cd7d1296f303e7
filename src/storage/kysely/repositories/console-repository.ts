import type { SessionStore, SignInThrottleStore, UserStore } from '../../../ports/console-store.ts';
import type { Db } from '../kysely-store.ts';
import { toUser } from '../rows/console.ts';

export function createUserRepository(db: Db): UserStore {
  return {
    async insert(user) {
      await db
        .insertInto('users')
        .values({
          id: user.id,
          email: user.email,
          password_hash: user.passwordHash,
          created_at: user.createdAt,
          updated_at: user.updatedAt,
        })
        .execute();
    },
    async findByEmail(email) {
      const row = await db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
      return row && toUser(row);
    },
    async setPassword(userId, passwordHash, at) {
      await db
        .updateTable('users')
        .set({ password_hash: passwordHash, updated_at: at })
        .where('id', '=', userId)
        .execute();
    },
  };
}

export function createSessionRepository(db: Db): SessionStore {
  return {
    async insert(session) {
      await db
        .insertInto('console_sessions')
        .values({
          id: session.id,
          user_id: session.userId,
          token_hash: session.tokenHash,
          created_at: session.createdAt,
          expires_at: session.expiresAt,
        })
        .execute();
    },
    async findLive(tokenHash, now) {
      const row = await db
        .selectFrom('console_sessions')
        .innerJoin('users', 'users.id', 'console_sessions.user_id')
        .selectAll('users')
        .select([
          'console_sessions.id as session_id',
          'console_sessions.token_hash',
          'console_sessions.created_at as session_created_at',
          'console_sessions.expires_at',
        ])
        .where('console_sessions.token_hash', '=', tokenHash)
        .where('console_sessions.expires_at', '>', now)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        session: {
          id: row.session_id,
          userId: row.id,
          tokenHash: row.token_hash,
          createdAt: row.session_created_at,
          expiresAt: row.expires_at,
        },
        user: toUser(row),
      };
    },
    async delete(sessionId) {
      await db.deleteFrom('console_sessions').where('id', '=', sessionId).execute();
    },
    async deleteOthers(userId, keepSessionId) {
      await db.deleteFrom('console_sessions').where('user_id', '=', userId).where('id', '<>', keepSessionId).execute();
    },
    async deleteExpired(now) {
      await db.deleteFrom('console_sessions').where('expires_at', '<=', now).execute();
    },
  };
}

export function createSignInThrottleRepository(db: Db): SignInThrottleStore {
  return {
    async blockedUntil(key, now) {
      const row = await db
        .selectFrom('sign_in_throttle')
        .select('blocked_until')
        .where('key', '=', key)
        .executeTakeFirst();
      return row?.blocked_until != null && row.blocked_until > now ? row.blocked_until : undefined;
    },
    async recordFailure(key, now, windowMs) {
      // One upsert, so failures counted by several processes at once are all counted.
      const row = await db
        .insertInto('sign_in_throttle')
        .values({ key, failures: 1, window_started_at: now, blocked_until: null })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet((eb) => ({
            failures: eb
              .case()
              .when('sign_in_throttle.window_started_at', '<=', now - windowMs)
              .then(1)
              .else(eb('sign_in_throttle.failures', '+', 1))
              .end(),
            window_started_at: eb
              .case()
              .when('sign_in_throttle.window_started_at', '<=', now - windowMs)
              .then(now)
              .else(eb.ref('sign_in_throttle.window_started_at'))
              .end(),
          })),
        )
        .returning('failures')
        .executeTakeFirstOrThrow();
      return Number(row.failures);
    },
    async block(key, until) {
      await db.updateTable('sign_in_throttle').set({ blocked_until: until }).where('key', '=', key).execute();
    },
    async clear(key) {
      await db.deleteFrom('sign_in_throttle').where('key', '=', key).execute();
    },
    async prune(before, now) {
      await db
        .deleteFrom('sign_in_throttle')
        .where('window_started_at', '<', before)
        .where((eb) => eb.or([eb('blocked_until', 'is', null), eb('blocked_until', '<=', now)]))
        .execute();
    },
  };
}
