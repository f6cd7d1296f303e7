// The pass rate of the agent's completed runs over time, oldest first, with a text summary for
// screen readers (which cannot read an SVG chart). Runs after a knowledge change are marked.
import { Text } from '@mantine/core';
import { LineChart } from '@mantine/charts';
import type { TestRun } from '../../../api/test-types.ts';
import { percent } from './run-results.tsx';

function when(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });
}

export function PassRateChart({ runs }: { runs: TestRun[] }) {
  const completed = runs.filter((run) => run.state === 'completed' && run.passRate !== null).reverse();
  if (completed.length === 0) return <Text size="sm" c="dimmed">The chart starts with the first completed run.</Text>;
  const data = completed.map((run) => ({
    run: `${when(run.createdAt)}${run.trigger === 'knowledge-change' ? ' (knowledge changed)' : ''}`,
    'Pass rate': Math.round((run.passRate ?? 0) * 100),
  }));
  const first = completed[0] as TestRun;
  const last = completed[completed.length - 1] as TestRun;
  const summary =
    completed.length === 1
      ? `One run so far: ${percent(last.passRate)} passed.`
      : `${completed.length} runs: from ${percent(first.passRate)} to ${percent(last.passRate)} passed.`;
  return (
    <div data-testid="pass-rate-chart">
      <Text size="sm" c="dimmed" mb="sm">
        {summary}
      </Text>
      <LineChart h={200} data={data} dataKey="run" series={[{ name: 'Pass rate', color: 'teal.6' }]} yAxisProps={{ domain: [0, 100] }} unit="%" curveType="linear" tickLine="none" gridAxis="y" aria-hidden />
    </div>
  );
}
