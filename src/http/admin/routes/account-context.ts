import type { RequestContext } from '../../../domain/context.ts';
import type { ConsoleMembership } from '../../../domain/users/account-access.ts';
import { requireConsoleMembership } from '../admin-types.ts';

/** The signed-in user's context in the account of the path (the session hook checked membership). */
export function accountContext(request: { consoleMembership: ConsoleMembership | null }): RequestContext {
  return requireConsoleMembership(request).ctx;
}

/** The same, with the account and the user's membership (role) in it. */
export function accountMembership(request: { consoleMembership: ConsoleMembership | null }): ConsoleMembership {
  return requireConsoleMembership(request);
}
