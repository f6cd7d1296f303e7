// The console's users, their sessions and the sign-in throttle.

export interface UsersTable {
  id: string;
  email: string;
  password_hash: string;
  created_at: number;
  updated_at: number;
}

export interface ConsoleSessionsTable {
  id: string;
  user_id: string;
  token_hash: string;
  created_at: number;
  expires_at: number;
}

export interface SignInThrottleTable {
  key: string;
  failures: number;
  window_started_at: number;
  blocked_until: number | null;
}

export interface ConsoleTables {
  users: UsersTable;
  console_sessions: ConsoleSessionsTable;
  sign_in_throttle: SignInThrottleTable;
}
