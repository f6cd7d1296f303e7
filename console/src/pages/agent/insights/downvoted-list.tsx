import { useState } from 'react';
import { Anchor, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { DownvotedReplies } from '../../../api/insight-types.ts';
import { EmptyState, ErrorAlert, Loading } from '../../../components/feedback.tsx';
import { formatDate } from '../../../components/format.ts';
import { ListPagination } from '../../../components/account/list-pagination.tsx';
import { useInsight, type InsightPeriod } from './insight-queries.ts';

const PAGE_SIZE = 10;

/** Replies rated down: the question, the reply and the comment, linked to the conversation; the
 * question can become a test question (`onMakeTest`). */
export function DownvotedList({
  agentId,
  period,
  onMakeTest,
}: {
  agentId: string;
  period: InsightPeriod;
  onMakeTest?: (question: string) => void;
}) {
  const [page, setPage] = useState(1);
  const replies = useInsight<DownvotedReplies>(agentId, 'downvoted', period, page, PAGE_SIZE);
  if (replies.isPending) return <Loading label="Loading rated replies" />;
  if (replies.error) return <ErrorAlert error={replies.error} title="The rated replies could not be loaded" />;
  if (replies.data.replies.length === 0)
    return <EmptyState title="No reply rated down">No reply was rated down in this period.</EmptyState>;
  return (
    <Stack gap="xs">
      {replies.data.replies.map((reply) => (
        <Paper key={reply.messageId} withBorder p="sm" radius="sm" data-testid="downvoted-reply">
          <Stack gap={4}>
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                {reply.question ?? '(no question)'}
              </Text>
              {onMakeTest && reply.question && (
                <Button
                  size="xs"
                  variant="default"
                  aria-label={`Make a test question: ${reply.question}`}
                  onClick={() => onMakeTest(reply.question as string)}
                  style={{ flexShrink: 0 }}
                >
                  Make a test
                </Button>
              )}
            </Group>
            <Text size="sm" c="dimmed" lineClamp={3} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {reply.reply ?? '(tool calls only)'}
            </Text>
            {reply.comment && (
              <Text size="sm" fs="italic" style={{ overflowWrap: 'anywhere' }}>
                “{reply.comment}”
              </Text>
            )}
            <Text size="xs" c="dimmed">
              {reply.author && `Written by ${reply.author.name} (a person) · `}
              {`Rated down ${formatDate(reply.ratedAt)} · `}
              <Anchor
                component={Link}
                to={`../conversations?conversation=${encodeURIComponent(reply.conversationId)}`}
                relative="path"
                size="xs"
              >
                Open the conversation
              </Anchor>
            </Text>
          </Stack>
        </Paper>
      ))}
      <ListPagination pagination={replies.data.pagination} onChange={setPage} />
    </Stack>
  );
}
