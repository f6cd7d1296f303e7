import { useState } from 'react';
import { Button, Code, Group, Stack, Text } from '@mantine/core';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { api, seg } from '../../../api/client.ts';
import type { MessageList } from '../../../api/agent-types.ts';
import type { ToolCallList } from '../../../api/insight-types.ts';
import { EmptyState, ErrorAlert, Loading } from '../../../components/feedback.tsx';
import { useAccountPath } from '../../../components/use-account.ts';
import { useAgentPath } from '../../../components/agent/use-agent-path.ts';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { conversationsKey } from './conversation-keys.ts';
import { MessageView } from './message-view.tsx';

const PAGE_SIZE = 50;

/** One conversation read top to bottom (the API pages newest first; older pages load on demand). */
export function ConversationMessages({
  agentId,
  conversationId,
  onDeleted,
}: {
  agentId: string;
  conversationId: string;
  onDeleted: () => void;
}) {
  const accountPath = useAccountPath();
  const agentPath = useAgentPath(agentId);
  const queries = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const messages = useInfiniteQuery({
    queryKey: [...conversationsKey(accountPath(''), agentId), 'messages', conversationId],
    queryFn: ({ pageParam }) =>
      api<MessageList>(
        'GET',
        agentPath(`/conversations/${seg(conversationId)}/messages?page=${pageParam}&size=${PAGE_SIZE}`),
      ),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pagination.hasNextPage ? last.pagination.currentPage + 1 : undefined),
  });
  // The outputs the client's tools returned (the messages carry the calls, not their outputs): the
  // latest 100 calls, which covers every conversation but the longest tool loops.
  const toolCalls = useQuery({
    queryKey: [...conversationsKey(accountPath(''), agentId), 'tool-calls', conversationId],
    queryFn: () => api<ToolCallList>('GET', agentPath(`/conversations/${seg(conversationId)}/tool-calls?size=100`)),
  });
  const outputs = new Map(
    (toolCalls.data?.toolCalls ?? []).flatMap((call) =>
      call.output === null ? [] : [[call.id, call.output] as const],
    ),
  );
  const remove = useMutation({
    mutationFn: () => api('DELETE', agentPath(`/conversations/${seg(conversationId)}`)),
    onSuccess: async () => {
      notifications.show({ color: 'green', message: 'Deleted the conversation.' });
      setConfirming(false);
      onDeleted();
      await queries.invalidateQueries({ queryKey: conversationsKey(accountPath(''), agentId) });
    },
  });

  const oldestFirst = (messages.data?.pages ?? []).flatMap((page) => page.messages).reverse();
  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          Conversation <Code>{conversationId}</Code>
        </Text>
        <Button variant="light" color="red" size="xs" onClick={() => setConfirming(true)}>
          Delete conversation
        </Button>
      </Group>
      {messages.isPending && <Loading label="Loading messages" />}
      <ErrorAlert error={messages.error} title="The messages could not be loaded" />
      {messages.hasNextPage && (
        <Button
          variant="subtle"
          size="xs"
          onClick={() => void messages.fetchNextPage()}
          loading={messages.isFetchingNextPage}
          style={{ alignSelf: 'center' }}
        >
          Show older messages
        </Button>
      )}
      {messages.data && oldestFirst.length === 0 && (
        <EmptyState title="No messages">This conversation has no messages yet.</EmptyState>
      )}
      {oldestFirst.length > 0 && (
        <Stack gap="sm" data-testid="conversation-messages">
          {oldestFirst.map((message) => (
            <MessageView key={message.id} message={message} outputs={outputs} />
          ))}
        </Stack>
      )}
      <ConfirmModal
        confirmLabel="Delete"
        errorTitle="It was not deleted"
        opened={confirming}
        title="Delete conversation"
        action={remove}
        onConfirm={() => remove.mutate()}
        onClose={() => setConfirming(false)}
      >
        Delete this conversation and all its messages? This cannot be undone.
      </ConfirmModal>
    </Stack>
  );
}
