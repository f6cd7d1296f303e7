// The account's keys, one query shared by the API keys page and an agent's Widget tab, and what
// the widget's routes recently refused per publishable key.
import { useQuery } from '@tanstack/react-query';
import { allPages, api } from '../../api/client.ts';
import type { KeyList, WidgetRefusal } from '../../api/account-types.ts';
import { useAccountPath } from '../use-account.ts';

export function useKeys() {
  const path = useAccountPath();
  return useQuery({
    queryKey: ['keys', path('')],
    queryFn: () => allPages(path('/keys'), (body: KeyList) => body.keys),
  });
}

/** Refusals by key id, latest first; empty while loading (they are a hint, not the page). */
export function useWidgetRefusals(): Map<string, WidgetRefusal[]> {
  const path = useAccountPath();
  const refusals = useQuery({
    queryKey: ['keys', path(''), 'refusals'],
    queryFn: () => api<{ refusals: WidgetRefusal[] }>('GET', path('/widget-refusals')).then((body) => body.refusals),
  });
  const byKey = new Map<string, WidgetRefusal[]>();
  for (const refusal of refusals.data ?? []) byKey.set(refusal.keyId, [...(byKey.get(refusal.keyId) ?? []), refusal]);
  return byKey;
}
