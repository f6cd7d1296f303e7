// The people of an account, by email, and their role.

export type MemberRole = 'owner' | 'teammate' | 'viewer';

export interface MemberRecord {
  id: string;
  accountId: string;
  email: string;
  role: MemberRole;
  createdAt: number;
}

export interface MemberStore {
  insert(member: MemberRecord): Promise<void>;
  findByEmail(accountId: string, email: string): Promise<MemberRecord | undefined>;
  list(accountId: string): Promise<MemberRecord[]>;
  /** The accounts this email is a member of (console sign-in). */
  accountsOf(email: string): Promise<Array<{ id: string; name: string; role: MemberRole }>>;
  /** Removes the member unless they are the account's last owner. Atomic: two owners removing
   * each other at once cannot leave the account without one. */
  delete(accountId: string, memberId: string): Promise<'deleted' | 'missing' | 'last-owner'>;
}
