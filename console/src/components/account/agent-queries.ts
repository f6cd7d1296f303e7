// The account's agents and models as several pages need them (lists, pickers, restrictions).
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import type { Agent, Model } from '../../api/types.ts';
import type { AgentList, ModelList } from '../../api/account-types.ts';
import { useAccountPath } from '../use-account.ts';

export const AGENTS_PAGE_SIZE = 20;
/** The API's largest page; the pickers read page after page up to this many agents. */
const PICKER_PAGE_SIZE = 100;
const PICKER_MAX_PAGES = 20;

export function useAgentsPage(page: number) {
  const path = useAccountPath();
  return useQuery({
    queryKey: ['agents', path(''), 'page', page],
    queryFn: () => api<AgentList>('GET', path(`/agents?page=${page}&size=${AGENTS_PAGE_SIZE}`)),
    placeholderData: (previous) => previous,
  });
}

/** Every agent (for a picker or to name ids), newest first. */
export function useAllAgents() {
  const path = useAccountPath();
  return useQuery({
    queryKey: ['agents', path(''), 'all'],
    queryFn: async () => {
      const agents: Agent[] = [];
      for (let page = 1; page <= PICKER_MAX_PAGES; page++) {
        const body = await api<AgentList>('GET', path(`/agents?page=${page}&size=${PICKER_PAGE_SIZE}`));
        agents.push(...body.agents);
        if (!body.pagination.hasNextPage) break;
      }
      return agents;
    },
  });
}

export function useModels() {
  const path = useAccountPath();
  return useQuery({ queryKey: ['models', path('')], queryFn: () => api<ModelList>('GET', path('/models')) });
}

/** Select options: a model the agent cannot use (not on the plan, or not configured on this
 * server) is listed with the reason, but cannot be chosen. */
export function modelOptions(models: Model[]): Array<{ value: string; label: string; disabled: boolean }> {
  return models.map((model) => ({
    value: model.id,
    label: model.available ? model.name : `${model.name} (${model.unavailableReason ?? 'not available'})`,
    disabled: !model.available,
  }));
}
