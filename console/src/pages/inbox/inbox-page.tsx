// The team's inbox: conversations handed to a person, most recently active first, with how long
// each has waited, its unread messages and its agent; ?agent=…&conversation=… opens one. The list
// and the open transcript re-read the admin API every 2 s, so new arrivals show without a reload.
import { Badge, Grid, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { api } from '../../api/client.ts';
import type { InboxConversation, InboxList } from '../../api/agent-types.ts';
import { EmptyState, ErrorAlert, Loading, PageTitle } from '../../components/feedback.tsx';
import { useAccountPath } from '../../components/use-account.ts';
import { InboxConversationView } from './inbox-conversation.tsx';
import { INBOX_REFRESH_MS, inboxKey, waitedFor } from './inbox-queries.ts';

export function InboxPage() {
  const path = useAccountPath();
  const [params, setParams] = useSearchParams();
  const open = { agentId: params.get('agent'), conversationId: params.get('conversation') };
  const inbox = useQuery({
    queryKey: inboxKey(path('')),
    queryFn: () => api<InboxList>('GET', path('/inbox?size=100')),
    refetchInterval: INBOX_REFRESH_MS,
  });

  return (
    <Stack gap="lg">
      <div>
        <PageTitle>Inbox</PageTitle>
        <Text c="dimmed" size="sm">
          Conversations handed to a person. Take one, answer the visitor, and resolve it to give it back to the agent.
        </Text>
      </div>
      <ErrorAlert error={inbox.error} title="The inbox could not be loaded" />
      {inbox.isPending ? (
        <Loading label="Loading the inbox" />
      ) : inbox.data && inbox.data.conversations.length === 0 && !open.conversationId ? (
        <EmptyState title="No one is waiting">Conversations handed to a person appear here as they arrive.</EmptyState>
      ) : (
        <Grid>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Stack gap="xs" role="list" aria-label="Conversations waiting for a person">
              {inbox.data?.conversations.map((conversation) => (
                <InboxRow
                  key={conversation.id}
                  conversation={conversation}
                  selected={conversation.id === open.conversationId}
                  onOpen={() => setParams({ agent: conversation.agent.id, conversation: conversation.id })}
                />
              ))}
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 8 }}>
            {open.agentId && open.conversationId ? (
              <InboxConversationView
                key={open.conversationId}
                agentId={open.agentId}
                conversationId={open.conversationId}
                onResolved={() => setParams({})}
              />
            ) : (
              <Text c="dimmed" size="sm">
                Open a conversation to read it and answer.
              </Text>
            )}
          </Grid.Col>
        </Grid>
      )}
    </Stack>
  );
}

function InboxRow({
  conversation,
  selected,
  onOpen,
}: {
  conversation: InboxConversation;
  selected: boolean;
  onOpen: () => void;
}) {
  const who = conversation.userId ?? 'Visitor';
  return (
    <Paper withBorder p="sm" role="listitem" bg={selected ? 'var(--mantine-color-blue-light)' : undefined}>
      <UnstyledButton onClick={onOpen} w="100%" aria-label={`Open the conversation with ${who}`}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text fw={600} size="sm" truncate>
            {who}
          </Text>
          {conversation.unread > 0 && (
            <Badge color="red" aria-label={`${conversation.unread} unread`}>
              {conversation.unread}
            </Badge>
          )}
        </Group>
        <Text size="sm" truncate>
          {conversation.title ?? 'No message yet'}
        </Text>
        <Group gap="xs" mt={4}>
          <Text size="xs" c="dimmed">
            {conversation.agent.name}
          </Text>
          <Text size="xs" c="dimmed">
            · waiting {waitedFor(conversation.handoff?.requestedAt ?? conversation.updatedAt)}
          </Text>
          {conversation.assignee && (
            <Text size="xs" c="dimmed">
              · {conversation.assignee}
            </Text>
          )}
        </Group>
      </UnstyledButton>
    </Paper>
  );
}
