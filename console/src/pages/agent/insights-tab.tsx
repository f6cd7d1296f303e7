// What the agent misses and what it is asked, over a period: unanswered questions grouped by
// meaning (each answerable with one Q&A), replies rated down, the most asked topics, and the
// conversations as a download. An unanswered question or one whose reply was rated down becomes a
// test question in one click (the add-question form, prefilled).
import { useMemo, useState } from 'react';
import { Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import type { Agent } from '../../api/types.ts';
import type { QuestionGroup } from '../../api/insight-types.ts';
import { ADMIN_BASE } from '../../api/client.ts';
import { Section } from '../../components/agent/section.tsx';
import { useAgentPath } from '../../components/agent/use-agent-path.ts';
import { QuestionGroupsTable } from './insights/question-groups-table.tsx';
import { DownvotedList } from './insights/downvoted-list.tsx';
import { AnswerGroupModal } from './insights/answer-group-modal.tsx';
import { TestQuestionModal } from './insights/test-question-modal.tsx';
import { periodQuery, type InsightPeriod } from './insights/insight-queries.ts';

const DAY = 86_400_000;
const PERIODS = [
  { value: '7', label: '7 days' },
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
];

export function InsightsTab({ agent }: { agent: Agent }) {
  const agentPath = useAgentPath(agent.id);
  const [days, setDays] = useState('30');
  const [answering, setAnswering] = useState<QuestionGroup | null>(null);
  const [testing, setTesting] = useState<string | null>(null);
  // Fixed when chosen, so the lists and the export cover the same moments.
  const period = useMemo<InsightPeriod>(() => {
    const to = Date.now() + 1;
    return { from: new Date(to - Number(days) * DAY).toISOString(), to: new Date(to).toISOString() };
  }, [days]);
  const exportUrl = (format: 'jsonl' | 'csv') =>
    `${ADMIN_BASE}${agentPath(`/insights/export?format=${format}&${periodQuery(period)}`)}`;

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <SegmentedControl aria-label="Period" data={PERIODS} value={days} onChange={setDays} />
        <Group gap="xs">
          <Text size="sm" c="dimmed">
            Conversations
          </Text>
          <Button component="a" href={exportUrl('jsonl')} download variant="default" size="xs">
            Export JSONL
          </Button>
          <Button component="a" href={exportUrl('csv')} download variant="default" size="xs">
            Export CSV
          </Button>
        </Group>
      </Group>
      <Section
        title="Unanswered questions"
        description="Questions for which no passage of the knowledge scored high enough, grouped by meaning. Add an answer to cover the whole group."
      >
        <QuestionGroupsTable
          agentId={agent.id}
          list="unanswered"
          period={period}
          empty="Every question of this period found something in the knowledge."
          onAnswer={setAnswering}
          onMakeTest={setTesting}
        />
      </Section>
      <Section
        title="Replies rated down"
        description="With the question each answered and the comment left with the rating."
      >
        <DownvotedList agentId={agent.id} period={period} onMakeTest={setTesting} />
      </Section>
      <Section title="Most asked" description="Every question of this period, grouped by meaning, largest group first.">
        <QuestionGroupsTable
          agentId={agent.id}
          list="topics"
          period={period}
          empty="No question was asked in this period."
        />
      </Section>
      <AnswerGroupModal agentId={agent.id} group={answering} onClose={() => setAnswering(null)} />
      <TestQuestionModal agentId={agent.id} question={testing} onClose={() => setTesting(null)} />
    </Stack>
  );
}
