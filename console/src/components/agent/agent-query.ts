// One agent as every tab reads it (GET …/agents/{agentId}: storage included), and its cache key,
// which whatever changes the agent, its tools or its knowledge invalidates.
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import type { Agent } from '../../api/types.ts';
import { useAccountPath } from '../use-account.ts';
import { useAgentPath } from './use-agent-path.ts';

/** The key of one agent's queries; without an id, of every agent's of the account. */
export function agentKey(accountPath: string, agentId?: string) {
  return agentId === undefined ? (['agent', accountPath] as const) : (['agent', accountPath, agentId] as const);
}

export function useAgent(agentId: string) {
  const accountPath = useAccountPath();
  const agentPath = useAgentPath(agentId);
  return useQuery({
    queryKey: agentKey(accountPath(''), agentId),
    queryFn: () => api<{ agent: Agent }>('GET', agentPath('')).then((body) => body.agent),
  });
}
