import { useState } from 'react';
import { NavLink, Pagination, Stack, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import type { ConversationList as ConversationPage } from '../../../api/agent-types.ts';
import { EmptyState, ErrorAlert, Loading } from '../../../components/feedback.tsx';
import { formatCount, formatDate } from '../../../components/format.ts';
import { useAccountPath } from '../../../components/use-account.ts';
import { useAgentPath } from '../../../components/agent/use-agent-path.ts';
import { conversationsKey } from './conversation-keys.ts';

const PAGE_SIZE = 20;

/** The agent's conversations, most recently active first; choosing one shows its messages. */
export function ConversationList({
  agentId,
  selected,
  onSelect,
}: {
  agentId: string;
  selected: string | null;
  onSelect: (conversationId: string) => void;
}) {
  const accountPath = useAccountPath();
  const agentPath = useAgentPath(agentId);
  const [page, setPage] = useState(1);
  const conversations = useQuery({
    queryKey: [...conversationsKey(accountPath(''), agentId), 'list', page],
    queryFn: () => api<ConversationPage>('GET', agentPath(`/conversations?page=${page}&size=${PAGE_SIZE}`)),
    placeholderData: keepPreviousData,
  });

  if (conversations.isPending) return <Loading label="Loading conversations" />;
  if (conversations.error)
    return <ErrorAlert error={conversations.error} title="The conversations could not be loaded" />;
  const { conversations: items, pagination } = conversations.data;
  if (items.length === 0 && page === 1)
    return (
      <EmptyState title="No conversations yet">
        Chat with the agent in the Playground, or through the API, to start one.
      </EmptyState>
    );
  return (
    <Stack gap="xs">
      <Text
        size="sm"
        c="dimmed"
      >{`${formatCount(pagination.totalConversations)} ${pagination.totalConversations === 1 ? 'conversation' : 'conversations'}`}</Text>
      <nav aria-label="Conversations">
        {items.map((conversation) => (
          <NavLink
            key={conversation.id}
            component="button"
            type="button"
            active={conversation.id === selected}
            aria-current={conversation.id === selected ? 'true' : undefined}
            onClick={() => onSelect(conversation.id)}
            label={
              <Text size="sm" fw={500} lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
                {conversation.title ?? 'Untitled'}
              </Text>
            }
            description={[
              conversation.userId !== null ? `User ${conversation.userId}` : null,
              `${conversation.messageCount} ${conversation.messageCount === 1 ? 'message' : 'messages'}`,
              formatDate(conversation.updatedAt),
            ]
              .filter(Boolean)
              .join(' · ')}
            style={{ borderRadius: 'var(--mantine-radius-sm)' }}
          />
        ))}
      </nav>
      {pagination.totalPages > 1 && (
        <Pagination
          total={pagination.totalPages}
          value={page}
          onChange={setPage}
          size="sm"
          getControlProps={(control) => ({
            'aria-label':
              control === 'previous'
                ? 'Previous page'
                : control === 'next'
                  ? 'Next page'
                  : control === 'first'
                    ? 'First page'
                    : 'Last page',
          })}
        />
      )}
    </Stack>
  );
}
