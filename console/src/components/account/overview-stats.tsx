// The overview's figures at a glance: plan and its limits, balance, use in the period, counts.
import { Anchor, Badge, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Overview } from '../../api/account-types.ts';
import { formatCredits, formatDate, formatStorage } from '../format.ts';
import { useAccount } from '../use-account.ts';

const plural = (count: number, noun: string) => `${count.toLocaleString()} ${noun}${count === 1 ? '' : 's'}`;

function Stat({ label, value, children }: { label: string; value: ReactNode; children?: ReactNode }) {
  return (
    <Paper withBorder p="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text fz={26} fw={700} mt={4} lh={1.2} component="div">
        {value}
      </Text>
      {children && (
        <Text size="xs" c="dimmed" mt={6} component="div">
          {children}
        </Text>
      )}
    </Paper>
  );
}

export function OverviewStats({ overview }: { overview: Overview }) {
  const { accountId } = useAccount();
  const base = `/a/${encodeURIComponent(accountId)}`;
  const { balance, limits, counts } = overview;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
      <Stat
        label="Plan"
        value={
          <Badge size="lg" variant="light">
            {overview.account.plan}
          </Badge>
        }
      >
        <Stack gap={0}>
          <span>{limits.requestsPerMinute.toLocaleString()} requests per minute</span>
          <span>{formatStorage(limits.storageLimit)} characters of knowledge per agent</span>
          <span>{limits.crawlPageLimit.toLocaleString()} crawled pages per agent</span>
        </Stack>
      </Stat>
      <Stat label="Credit balance" value={formatCredits(balance.credits)}>
        {balance.lastRefill
          ? `Last refill: ${formatCredits(balance.lastRefill.credits)} credits on ${formatDate(balance.lastRefill.at)}`
          : 'No refill yet'}
      </Stat>
      <Stat label={`Used in ${overview.credits.byDay.length} days`} value={formatCredits(overview.credits.total)}>
        credits over {overview.requests.total.toLocaleString()} requests
      </Stat>
      <Stat
        label="In this account"
        value={
          <Stack gap={2}>
            <Anchor component={Link} to={`${base}/agents`} fz="md" fw={600}>
              {plural(counts.agents, 'agent')}
            </Anchor>
            <Anchor component={Link} to={`${base}/keys`} fz="md" fw={600}>
              {plural(counts.keys, 'active key')}
            </Anchor>
            <Anchor component={Link} to={`${base}/members`} fz="md" fw={600}>
              {plural(counts.members, 'member')}
            </Anchor>
          </Stack>
        }
      />
    </SimpleGrid>
  );
}
