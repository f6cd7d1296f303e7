/** Slow, salted password hashing for console users. */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** Constant-time comparison; false for a malformed stored hash. */
  verify(password: string, stored: string): Promise<boolean>;
}
