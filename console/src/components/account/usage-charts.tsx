// Credits used and charged requests per UTC day, as charts (each with a text summary for
// screen readers, which cannot read an SVG chart).
import { Paper, SimpleGrid, Text, Title } from '@mantine/core';
import { AreaChart, BarChart } from '@mantine/charts';
import type { Overview } from '../../api/account-types.ts';
import { formatCredits } from '../format.ts';

/** "2026-11-03" → "Nov 3", read as a UTC day so no time zone moves it. */
function dayLabel(date: string): string {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString(undefined, {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

function busiest<T extends { date: string }>(rows: T[], value: (row: T) => number): string {
  const top = rows.reduce<T | undefined>(
    (best, row) => (best === undefined || value(row) > value(best) ? row : best),
    undefined,
  );
  return top && value(top) > 0 ? `, most on ${dayLabel(top.date)}` : '';
}

export function UsageCharts({ overview }: { overview: Overview }) {
  const credits = overview.credits.byDay.map((row) => ({ day: dayLabel(row.date), Credits: row.credits }));
  const requests = overview.requests.byDay.map((row) => ({ day: dayLabel(row.date), Requests: row.count }));
  const days = overview.credits.byDay.length;

  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }}>
      <Paper withBorder p="md">
        <Title order={4}>Credits used per day</Title>
        <Text size="sm" c="dimmed" mb="md">
          {formatCredits(overview.credits.total)} credits in {days} days
          {busiest(overview.credits.byDay, (row) => row.credits)}
        </Text>
        <AreaChart
          h={220}
          data={credits}
          dataKey="day"
          series={[{ name: 'Credits', color: 'blue.6' }]}
          curveType="monotone"
          withDots={false}
          valueFormatter={formatCredits}
          tickLine="none"
          gridAxis="x"
          aria-hidden
        />
      </Paper>
      <Paper withBorder p="md">
        <Title order={4}>Requests per day</Title>
        <Text size="sm" c="dimmed" mb="md">
          {overview.requests.total.toLocaleString()} charged chat and search requests in {days} days
          {busiest(overview.requests.byDay, (row) => row.count)}
        </Text>
        <BarChart
          h={220}
          data={requests}
          dataKey="day"
          series={[{ name: 'Requests', color: 'teal.6' }]}
          tickLine="none"
          gridAxis="x"
          yAxisProps={{ allowDecimals: false }}
          aria-hidden
        />
      </Paper>
    </SimpleGrid>
  );
}
