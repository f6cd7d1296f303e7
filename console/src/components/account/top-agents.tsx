// The agents that used the most credits in the period, each linking to its settings.
import { Anchor, Paper, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { Overview } from '../../api/account-types.ts';
import { formatCredits } from '../format.ts';
import { useAccount } from '../use-account.ts';

export function TopAgents({ agents }: { agents: Overview['topAgents'] }) {
  const { accountId } = useAccount();
  return (
    <Paper withBorder p="md">
      <Title order={4} mb="sm">
        Top agents
      </Title>
      {agents.length === 0 ? (
        <Text size="sm" c="dimmed">
          No agent used credits in this period.
        </Text>
      ) : (
        <Table verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Agent</Table.Th>
              <Table.Th ta="right">Credits</Table.Th>
              <Table.Th ta="right">Requests</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {agents.map((agent) => (
              <Table.Tr key={agent.agentId}>
                <Table.Td>
                  {agent.name === null ? (
                    <Text size="sm" c="dimmed" style={{ wordBreak: 'break-all' }}>
                      Deleted agent
                      <Text span size="xs" display="block">
                        {agent.agentId}
                      </Text>
                    </Text>
                  ) : (
                    <Anchor
                      component={Link}
                      to={`/a/${encodeURIComponent(accountId)}/agents/${encodeURIComponent(agent.agentId)}/settings`}
                      size="sm"
                    >
                      {agent.name}
                    </Anchor>
                  )}
                </Table.Td>
                <Table.Td ta="right">{formatCredits(agent.credits)}</Table.Td>
                <Table.Td ta="right">{agent.requests.toLocaleString()}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}
