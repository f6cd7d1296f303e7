import type { UserRecord } from '../../../ports/console-store.ts';
import type { UsersTable } from '../schema/console.ts';

export const toUser = (row: UsersTable): UserRecord => ({
  id: row.id,
  email: row.email,
  passwordHash: row.password_hash,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});
