// The pass rate of the agent's completed runs over time, oldest first, with a text summary for
// screen readers (which cannot read an SVG chart). Runs after a knowledge change are marked with a
// reference line; a comparison run's other model is a second series beside the live one.
import { Text } from '@mantine/core';
import { LineChart } from '@mantine/charts';
import type { TestRun } from '../../../api/test-types.ts';
import { percent } from './run-results.tsx';

function when(iso: string): string {
  return new Date(iso).toLocaleString(undefined, {
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
}

export function PassRateChart({ runs }: { runs: TestRun[] }) {
  const completed = runs.filter((run) => run.state === 'completed' && run.passRate !== null).reverse();
  if (completed.length === 0)
    return (
      <Text size="sm" c="dimmed">
        The chart starts with the first completed run.
      </Text>
    );
  // Each point's label is unique (runs in one minute share a time), so a reference line finds it.
  const data = completed.map((run, i) => ({
    run: `#${i + 1} ${when(run.createdAt)}${run.trigger === 'knowledge-change' ? ' (knowledge changed)' : ''}`,
    'Pass rate': Math.round((run.passRate ?? 0) * 100),
    'Compared model': run.comparison?.passRate == null ? null : Math.round(run.comparison.passRate * 100),
  }));
  const changes = data.filter((_, i) => (completed[i] as TestRun).trigger === 'knowledge-change');
  const referenceLines = changes.map((point) => ({
    x: point.run,
    color: 'orange.6',
    label: 'Knowledge changed',
    labelPosition: 'insideTopLeft' as const,
  }));
  const compared = completed.some((run) => run.comparison !== null);
  const series = [
    { name: 'Pass rate', color: 'teal.6' },
    ...(compared ? [{ name: 'Compared model', color: 'grape.6', strokeDasharray: '5 5' }] : []),
  ];
  const first = completed[0] as TestRun;
  const last = completed[completed.length - 1] as TestRun;
  const summary =
    completed.length === 1
      ? `One run so far: ${percent(last.passRate)} passed.`
      : `${completed.length} runs: from ${percent(first.passRate)} to ${percent(last.passRate)} passed.`;
  const changed =
    changes.length === 0
      ? ''
      : ` ${changes.length === 1 ? 'One run' : `${changes.length} runs`} after a knowledge change, marked on the chart.`;
  return (
    <div data-testid="pass-rate-chart">
      <Text size="sm" c="dimmed" mb="sm">
        {summary}
        {changed}
      </Text>
      <LineChart
        h={200}
        data={data}
        dataKey="run"
        series={series}
        referenceLines={referenceLines}
        connectNulls
        withLegend={compared}
        yAxisProps={{ domain: [0, 100] }}
        unit="%"
        curveType="linear"
        tickLine="none"
        gridAxis="y"
        aria-hidden
      />
    </div>
  );
}
