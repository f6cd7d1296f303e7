import { useParams } from 'react-router';
import { useSignedIn } from '../session/session.tsx';
import type { Role } from '../api/types.ts';

/** The account of the current URL (/a/:accountId/…) and the signed-in person's role in it. */
export function useAccount(): { accountId: string; name: string; role: Role } {
  const { accountId = '' } = useParams();
  const session = useSignedIn();
  const account = session.accounts.find((candidate) => candidate.id === accountId);
  return { accountId, name: account?.name ?? accountId, role: account?.role ?? 'teammate' };
}

/** `/accounts/{accountId}` + rest, for admin API paths. */
export function useAccountPath(): (rest: string) => string {
  const { accountId } = useAccount();
  return (rest) => `/accounts/${encodeURIComponent(accountId)}${rest}`;
}
