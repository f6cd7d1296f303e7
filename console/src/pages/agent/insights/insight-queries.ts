import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import { useAccountPath } from '../../../components/use-account.ts';
import { useAgentPath } from '../../../components/agent/use-agent-path.ts';

/** The period the insights look at: from and to as ISO times (to is the moment it was chosen). */
export interface InsightPeriod {
  from: string;
  to: string;
}

export function periodQuery(period: InsightPeriod): string {
  return `from=${encodeURIComponent(period.from)}&to=${encodeURIComponent(period.to)}`;
}

export function insightsKey(accountPath: string, agentId: string) {
  return ['insights', accountPath, agentId] as const;
}

/** One page of an insights list of the agent over the period. */
export function useInsight<T>(
  agentId: string,
  list: 'unanswered' | 'topics' | 'downvoted',
  period: InsightPeriod,
  page: number,
  size: number,
) {
  const accountPath = useAccountPath();
  const agentPath = useAgentPath(agentId);
  return useQuery({
    queryKey: [...insightsKey(accountPath(''), agentId), list, period, page, size],
    queryFn: () => api<T>('GET', agentPath(`/insights/${list}?page=${page}&size=${size}&${periodQuery(period)}`)),
    placeholderData: keepPreviousData,
  });
}
