// The storage port of console sign-in: people with passwords, their sessions, and the failed
// sign-in counts that slow guessing. All shared through the database, so any process serves them.

export interface UserRecord {
  id: string;
  /** Lower-case; the same person in every account they belong to (members.email). */
  email: string;
  passwordHash: string;
  createdAt: number;
  updatedAt: number;
}

export interface SessionRecord {
  id: string;
  userId: string;
  /** SHA-256 of the cookie's token: a database leak gives no usable session. */
  tokenHash: string;
  createdAt: number;
  expiresAt: number;
}

export interface UserStore {
  insert(user: UserRecord): Promise<void>;
  findByEmail(email: string): Promise<UserRecord | undefined>;
  setPassword(userId: string, passwordHash: string, at: number): Promise<void>;
}

export interface SessionStore {
  insert(session: SessionRecord): Promise<void>;
  /** The unexpired session with this token hash, with its user. */
  findLive(tokenHash: string, now: number): Promise<{ session: SessionRecord; user: UserRecord } | undefined>;
  delete(sessionId: string): Promise<void>;
  /** Ends every session of the user except `keepSessionId` (after a password change). */
  deleteOthers(userId: string, keepSessionId: string): Promise<void>;
  deleteExpired(now: number): Promise<void>;
}

export interface SignInThrottleStore {
  /** When the key may try again (epoch ms), or undefined when it is not held back. */
  blockedUntil(key: string, now: number): Promise<number | undefined>;
  /** Counts a failure in the current window (a new window after `windowMs`); returns the count. */
  recordFailure(key: string, now: number, windowMs: number): Promise<number>;
  block(key: string, until: number): Promise<void>;
  clear(key: string): Promise<void>;
  /** Forgets counts whose window started before `before` and that hold nothing back at `now`. */
  prune(before: number, now: number): Promise<void>;
}
