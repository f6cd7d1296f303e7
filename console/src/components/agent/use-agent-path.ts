import { seg } from '../../api/client.ts';
import { useAccountPath } from '../use-account.ts';

/** `/accounts/{accountId}/agents/{agentId}` + rest, for the agent routes of the admin API. */
export function useAgentPath(agentId: string): (rest: string) => string {
  const path = useAccountPath();
  return (rest) => path(`/agents/${seg(agentId)}${rest}`);
}
