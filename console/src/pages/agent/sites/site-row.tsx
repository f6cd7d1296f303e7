// One crawled site: its pages, last run, schedule, and the re-sync button with the run's result.
import { Alert, Anchor, Button, Group, Select, Stack, Table, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { api, seg } from '../../../api/client.ts';
import type { Site, SiteSchedule, SyncCounts, SyncReport } from '../../../api/site-types.ts';
import { ErrorAlert } from '../../../components/feedback.tsx';
import { formatDate } from '../../../components/format.ts';
import { useAgentPath } from '../../../components/agent/use-agent-path.ts';
import { useKnowledgeChanged } from '../knowledge/use-knowledge-changed.ts';

const SCHEDULES = [
  { value: 'off', label: 'On demand only' },
  { value: 'daily', label: 'Daily' },
  { value: 'weekly', label: 'Weekly' },
];

export function countsText(counts: SyncCounts): string {
  return `${counts.added} added · ${counts.updated} updated · ${counts.removed} removed · ${counts.unchanged} unchanged · ${counts.failed} failed`;
}

export function SiteRow({ site, sitesKey }: { site: Site; sitesKey: readonly unknown[] }) {
  const agentPath = useAgentPath(site.agentId);
  const queries = useQueryClient();
  const knowledgeChanged = useKnowledgeChanged(site.agentId);
  const resync = useMutation({
    mutationFn: () => api<{ site: Site; result: SyncReport }>('POST', agentPath(`/sites/${seg(site.id)}/resync`)),
    onSuccess: async () => {
      await Promise.all([queries.invalidateQueries({ queryKey: sitesKey }), knowledgeChanged()]);
    },
  });
  const schedule = useMutation({
    mutationFn: (value: SiteSchedule) =>
      api<{ site: Site }>('PATCH', agentPath(`/sites/${seg(site.id)}`), { schedule: value }),
    onSuccess: async ({ site: saved }) => {
      notifications.show({
        color: 'green',
        message:
          saved.schedule === 'off' ? 'This site re-syncs on demand only.' : `This site re-syncs ${saved.schedule}.`,
      });
      await queries.invalidateQueries({ queryKey: sitesKey });
    },
  });
  const result = resync.data?.result;
  const error = resync.error ?? schedule.error;
  // The run's result and errors get a row of their own, the table's full width: in the button's
  // cell they widened that column (squeezing the site's URL) and lifted the button above the row.
  return (
    <>
      <Table.Tr style={{ verticalAlign: 'top' }}>
        <Table.Td style={{ minWidth: 200 }}>
          <Stack gap={4}>
            <Anchor href={site.url} target="_blank" rel="noreferrer" size="sm" style={{ overflowWrap: 'anywhere' }}>
              {site.url}
            </Anchor>
            <Text size="xs" c="dimmed">{`${site.pageCount} ${site.pageCount === 1 ? 'page' : 'pages'}`}</Text>
          </Stack>
        </Table.Td>
        <Table.Td>
          <Text size="sm">{site.lastRunAt ? formatDate(site.lastRunAt) : 'Never re-synced'}</Text>
          {site.lastResult && (
            <Text size="xs" c="dimmed">
              {countsText(site.lastResult)}
            </Text>
          )}
          {site.lastError && (
            <Text size="xs" c="red">
              {site.lastError}
            </Text>
          )}
        </Table.Td>
        <Table.Td>
          <Select
            aria-label={`Schedule of ${site.url}`}
            data={SCHEDULES}
            value={site.schedule}
            allowDeselect={false}
            comboboxProps={{ keepMounted: false }}
            disabled={schedule.isPending}
            onChange={(value) => value && schedule.mutate(value as SiteSchedule)}
            w={170}
            size="xs"
          />
          {site.nextRunAt && <Text size="xs" c="dimmed">{`Next: ${formatDate(site.nextRunAt)}`}</Text>}
        </Table.Td>
        <Table.Td>
          <Group justify="flex-end" wrap="nowrap">
            <Button
              size="xs"
              loading={resync.isPending}
              onClick={() => resync.mutate()}
              aria-label={`Re-sync ${site.url}`}
            >
              Re-sync now
            </Button>
          </Group>
        </Table.Td>
      </Table.Tr>
      {(result || error) && (
        <Table.Tr>
          <Table.Td colSpan={4} pt={0}>
            {result && (
              <Alert
                color={result.failed > 0 || result.error ? 'yellow' : 'green'}
                title={`Re-synced ${site.url}`}
                data-testid="resync-result"
              >
                <Text size="sm">{countsText(result)}</Text>
                {result.error && <Text size="xs">{result.error}</Text>}
                {result.failures.slice(0, 5).map((failure) => (
                  <Text
                    size="xs"
                    key={failure.url}
                    style={{ overflowWrap: 'anywhere' }}
                  >{`${failure.url}: ${failure.status ? `HTTP ${failure.status}` : failure.reason} (kept)`}</Text>
                ))}
              </Alert>
            )}
            <ErrorAlert error={error} title="It did not work" />
          </Table.Td>
        </Table.Tr>
      )}
    </>
  );
}
