// Console users, in the SQL both engines accept. Frozen as shipped.
import type { ShippedMigration } from './migrate.ts';

const CONSOLE_USERS: string[] = [
  // A person who signs in to the console; what they may reach is their rows in `members`.
  `CREATE TABLE users (
    id TEXT PRIMARY KEY,
    email TEXT NOT NULL UNIQUE,
    password_hash TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
  )`,
  `CREATE INDEX members_by_email ON members (email)`,
  `CREATE TABLE console_sessions (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    token_hash TEXT NOT NULL UNIQUE,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL
  )`,
  `CREATE INDEX console_sessions_by_expiry ON console_sessions (expires_at)`,
  // Failed sign-ins per email and per client address, shared by every process.
  `CREATE TABLE sign_in_throttle (
    key TEXT PRIMARY KEY,
    failures INTEGER NOT NULL,
    window_started_at BIGINT NOT NULL,
    blocked_until BIGINT
  )`,
];

export const m0004ConsoleUsers: ShippedMigration = {
  sqlite: { name: '0004_console_users', statements: CONSOLE_USERS },
  postgres: { name: '0004_console_users', statements: CONSOLE_USERS },
};
