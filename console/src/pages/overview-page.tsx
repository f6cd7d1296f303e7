// The account's home: plan, balance, use over the last days (charts), top agents and counts.
import { useState } from 'react';
import { SegmentedControl, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api/client.ts';
import type { Overview } from '../api/account-types.ts';
import { EmptyState, ErrorAlert, Loading, PageTitle } from '../components/feedback.tsx';
import { useAccount, useAccountPath } from '../components/use-account.ts';
import { OverviewStats } from '../components/account/overview-stats.tsx';
import { UsageCharts } from '../components/account/usage-charts.tsx';
import { TopAgents } from '../components/account/top-agents.tsx';

const PERIODS = ['7', '30', '90'];

export function OverviewPage() {
  const path = useAccountPath();
  const { name } = useAccount();
  const [days, setDays] = useState('30');
  const overview = useQuery({
    queryKey: ['overview', path(''), days],
    queryFn: () => api<Overview>('GET', path(`/overview?days=${days}`)),
    placeholderData: (previous) => previous,
  });

  const period = (
    <SegmentedControl
      aria-label="Period"
      size="xs"
      value={days}
      onChange={setDays}
      data={PERIODS.map((value) => ({ value, label: `${value} days` }))}
    />
  );

  if (overview.isPending) return <Loading />;
  if (overview.error) return <ErrorAlert error={overview.error} title="The overview could not be loaded" />;
  const data = overview.data;
  const unused = data.credits.total === 0 && data.requests.total === 0;
  return (
    <Stack gap="lg">
      <PageTitle actions={period}>{data.account.name || name}</PageTitle>
      <OverviewStats overview={data} />
      {unused ? (
        <EmptyState title={`Nothing used in the last ${days} days`}>
          Credits and requests show here once your agents answer chats or searches, from the API or the playground.
        </EmptyState>
      ) : (
        <>
          <UsageCharts overview={data} />
          <TopAgents agents={data.topAgents} />
        </>
      )}
    </Stack>
  );
}
