// A grouped question list (unanswered, or most asked): one row per question however it was worded.
import { useState } from 'react';
import { Badge, Button, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { QuestionGroup, QuestionGroups } from '../../../api/insight-types.ts';
import { EmptyState, ErrorAlert, Loading } from '../../../components/feedback.tsx';
import { formatCount, formatDate } from '../../../components/format.ts';
import { ListPagination } from '../../../components/account/list-pagination.tsx';
import { useInsight, type InsightPeriod } from './insight-queries.ts';

const PAGE_SIZE = 10;

export function QuestionGroupsTable({
  agentId,
  list,
  period,
  empty,
  onAnswer,
  onMakeTest,
}: {
  agentId: string;
  list: 'unanswered' | 'topics';
  period: InsightPeriod;
  empty: string;
  onAnswer?: (group: QuestionGroup) => void;
  onMakeTest?: (question: string) => void;
}) {
  const [page, setPage] = useState(1);
  const groups = useInsight<QuestionGroups>(agentId, list, period, page, PAGE_SIZE);
  if (groups.isPending) return <Loading label="Grouping the questions" />;
  if (groups.error) return <ErrorAlert error={groups.error} title="The questions could not be loaded" />;
  const { data } = groups;
  if (data.groups.length === 0) return <EmptyState title="Nothing here">{empty}</EmptyState>;
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        {`${formatCount(data.questions)} ${data.questions === 1 ? 'question' : 'questions'} in ${formatCount(data.pagination.totalGroups)} ${data.pagination.totalGroups === 1 ? 'group' : 'groups'}`}
        {data.truncated && ' (the latest 1,000 are grouped)'}
      </Text>
      <Table.ScrollContainer minWidth={560}>
        <Table verticalSpacing="xs" data-testid={`insights-${list}`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Question</Table.Th>
              <Table.Th>Asked</Table.Th>
              <Table.Th>Last asked</Table.Th>
              {onAnswer && (
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.groups.map((group) => (
              <Table.Tr key={group.questionIds[0]} data-testid="question-group">
                <Table.Td style={{ maxWidth: 420 }}>
                  <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                    {group.question}
                  </Text>
                  {group.examples.length > 1 && (
                    <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      Also: {group.examples.slice(1).join(' · ')}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Badge variant="light">{`${group.count}×`}</Badge>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {formatDate(group.lastAskedAt)}
                  </Text>
                </Table.Td>
                {onAnswer && (
                  <Table.Td ta="right">
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
                      <Button
                        size="xs"
                        variant="light"
                        aria-label={`Add answer: ${group.question}`}
                        onClick={() => onAnswer(group)}
                      >
                        Add answer
                      </Button>
                      {onMakeTest && (
                        <Button
                          size="xs"
                          variant="default"
                          aria-label={`Make a test question: ${group.question}`}
                          onClick={() => onMakeTest(group.question)}
                        >
                          Make a test
                        </Button>
                      )}
                    </Group>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <ListPagination pagination={data.pagination} onChange={setPage} />
    </Stack>
  );
}
