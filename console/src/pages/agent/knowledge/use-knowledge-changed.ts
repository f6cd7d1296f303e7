import { useQueryClient } from '@tanstack/react-query';
import { useAccountPath } from '../../../components/use-account.ts';
import { agentKey } from '../../../components/agent/agent-query.ts';

/** The react-query key prefix of an agent's source lists, every filter and page. */
export function sourcesKey(accountPath: string, agentId: string) {
  return ['sources', accountPath, agentId] as const;
}

/** After a source was added or deleted: the lists are stale, and so is the agent's storage. */
export function useKnowledgeChanged(agentId: string): () => Promise<void> {
  const path = useAccountPath();
  const queries = useQueryClient();
  return async () => {
    await Promise.all([
      queries.invalidateQueries({ queryKey: sourcesKey(path(''), agentId) }),
      queries.invalidateQueries({ queryKey: agentKey(path(''), agentId) }),
    ]);
  };
}
