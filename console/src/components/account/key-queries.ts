// The account's keys, one query shared by the API keys page and an agent's Widget tab.
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import type { ApiKey } from '../../api/account-types.ts';
import { useAccountPath } from '../use-account.ts';

export function useKeys() {
  const path = useAccountPath();
  return useQuery({ queryKey: ['keys', path('')], queryFn: () => api<{ keys: ApiKey[] }>('GET', path('/keys')).then((body) => body.keys) });
}
