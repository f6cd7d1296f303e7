// The account's agents: a table (name → its settings), a "New agent" form, and page links.
import { useState } from 'react';
import { Anchor, Button, Table, Text } from '@mantine/core';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { EmptyState, ErrorAlert, Loading, PageTitle } from '../components/feedback.tsx';
import { formatCredits, formatDate, formatStorage } from '../components/format.ts';
import { useAccount } from '../components/use-account.ts';
import { useAgentsPage, useModels } from '../components/account/agent-queries.ts';
import { ListPagination } from '../components/account/list-pagination.tsx';
import { NewAgentModal } from '../components/account/new-agent-modal.tsx';

export function AgentsPage() {
  const { accountId } = useAccount();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const agents = useAgentsPage(page);
  const models = useModels();
  const modelName = (id: string) => models.data?.models.find((model) => model.id === id)?.name ?? id;
  const [creating, setCreating] = useState(false);
  const agentPath = (agentId: string) =>
    `/a/${encodeURIComponent(accountId)}/agents/${encodeURIComponent(agentId)}/settings`;

  return (
    <>
      <PageTitle actions={<Button onClick={() => setCreating(true)}>New agent</Button>}>Agents</PageTitle>
      <NewAgentModal
        opened={creating}
        onClose={() => setCreating(false)}
        onCreated={(agent) => navigate(agentPath(agent.id))}
      />
      {agents.isPending ? (
        <Loading />
      ) : agents.error ? (
        <ErrorAlert error={agents.error} title="The agents could not be loaded" />
      ) : agents.data.agents.length === 0 ? (
        <EmptyState title="No agents yet">
          An agent answers questions from its instructions and knowledge. Create one with “New agent”.
        </EmptyState>
      ) : (
        <>
          <Table.ScrollContainer minWidth={640}>
            <Table striped highlightOnHover verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Model</Table.Th>
                  <Table.Th ta="right">Credits used</Table.Th>
                  <Table.Th ta="right">Knowledge storage</Table.Th>
                  <Table.Th>Created</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {agents.data.agents.map((agent) => (
                  <Table.Tr key={agent.id}>
                    <Table.Td>
                      <Anchor component={Link} to={agentPath(agent.id)} fw={500}>
                        {agent.name}
                      </Anchor>
                      <Text size="xs" c="dimmed">
                        {agent.id}
                      </Text>
                    </Table.Td>
                    <Table.Td>{modelName(agent.model)}</Table.Td>
                    <Table.Td ta="right">{formatCredits(agent.usage)}</Table.Td>
                    <Table.Td ta="right">
                      {formatStorage(agent.storage.used)} of {formatStorage(agent.storage.limit)}
                    </Table.Td>
                    <Table.Td>{formatDate(agent.createdAt)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <ListPagination
            pagination={agents.data.pagination}
            onChange={(next) => setParams(next === 1 ? {} : { page: String(next) })}
          />
        </>
      )}
    </>
  );
}
