// Migration 0004_console_users, in the SQL both engines accept.

export const CONSOLE_SCHEMA: string[] = [
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
