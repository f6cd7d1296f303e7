// `users create`: a console sign-in for a person in an account (the first owner, typically).
import { readFileSync } from 'node:fs';
import { createUser } from '../domain/users/create-user.ts';
import { UsageError } from './cli-error.ts';
import { required } from './operator.ts';
import type { Command } from './commands.ts';

/** The password comes from a file (never the command line, which other users can see in `ps`);
 * one trailing newline is dropped. */
function readPassword(path: string): string {
  try {
    return readFileSync(path, 'utf8').replace(/\r?\n$/, '');
  } catch (error) {
    throw new UsageError(`--password-file: cannot read ${path}: ${(error as Error).message}`);
  }
}

export const USER_COMMANDS: Record<string, Command> = {
  'users create': {
    options: ['account', 'email', 'password-file', 'role'],
    required: ['account', 'email', 'password-file'],
    run: async (deps, o) => {
      // Left out: owner for a new member, the role they have for a member.
      const role = o.role;
      if (role !== undefined && role !== 'owner' && role !== 'teammate' && role !== 'viewer')
        throw new UsageError('--role must be owner, teammate or viewer');
      const password = readPassword(required(o, 'password-file'));
      const { user, role: memberRole } = await createUser(deps, required(o, 'account'), {
        email: required(o, 'email'),
        password,
        ...(role && { role }),
      });
      return {
        id: user.id,
        email: user.email,
        accountId: o.account,
        role: memberRole,
        createdAt: new Date(user.createdAt).toISOString(),
      };
    },
  },
};
