import { useState } from 'react';
import { Anchor, Button, Group, Pagination, Select, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { api, seg } from '../../../api/client.ts';
import type { Source, SourceList, SourceType } from '../../../api/agent-types.ts';
import { EmptyState, ErrorAlert, Loading } from '../../../components/feedback.tsx';
import { formatBytes, formatCount, formatDate } from '../../../components/format.ts';
import { useAccountPath } from '../../../components/use-account.ts';
import { useAgentPath } from '../../../components/agent/use-agent-path.ts';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { sourcesKey, useKnowledgeChanged } from './use-knowledge-changed.ts';
import { SourceViewer } from './source-viewer.tsx';

const PAGE_SIZE = 10;
const TYPE_LABELS: Record<SourceType, string> = { text: 'Text', qa: 'Q&A', file: 'File', website: 'Website' };
const TYPE_OPTIONS = [
  { value: 'all', label: 'All' },
  ...Object.entries(TYPE_LABELS).map(([value, label]) => ({ value, label })),
];

function SourceDetail({ source }: { source: Source }) {
  if (source.type === 'file' && source.size !== undefined) return <>{formatBytes(source.size)}</>;
  if (source.type === 'text' && source.content !== undefined)
    return <>{`${formatCount(source.content.length)} characters`}</>;
  if (source.type === 'website' && source.url)
    return (
      <Anchor href={source.url} target="_blank" rel="noreferrer" size="sm" style={{ wordBreak: 'break-all' }}>
        {source.url}
      </Anchor>
    );
  return <>—</>;
}

/** The agent's sources, newest first, by type and page, each deletable. */
export function SourcesTable({ agentId }: { agentId: string }) {
  const accountPath = useAccountPath();
  const agentPath = useAgentPath(agentId);
  const knowledgeChanged = useKnowledgeChanged(agentId);
  const [type, setType] = useState('all');
  const [page, setPage] = useState(1);
  // The source stays named while the modal closes; `confirming` opens and closes it.
  const [toDelete, setToDelete] = useState<Source | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [viewing, setViewing] = useState<Source | null>(null);

  const sources = useQuery({
    queryKey: [...sourcesKey(accountPath(''), agentId), type, page],
    queryFn: () =>
      api<SourceList>(
        'GET',
        agentPath(`/sources?page=${page}&size=${PAGE_SIZE}${type === 'all' ? '' : `&type=${type}`}`),
      ),
    placeholderData: keepPreviousData,
  });
  const remove = useMutation({
    mutationFn: (source: Source) => api('DELETE', agentPath(`/sources/${seg(source.id)}`)),
    onSuccess: async (_body, source) => {
      notifications.show({ color: 'green', message: `Deleted “${source.title}”.` });
      setConfirming(false);
      // The last row of a later page: show the page before, which still has rows.
      if (sources.data?.sources.length === 1 && page > 1) setPage(page - 1);
      await knowledgeChanged();
    },
  });

  const rows = sources.data?.sources ?? [];
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end">
        <Select
          label="Type"
          data={TYPE_OPTIONS}
          value={type}
          allowDeselect={false}
          // Mounted only while open: a hidden listbox would share the label "Type" with the input.
          comboboxProps={{ keepMounted: false }}
          onChange={(value) => {
            setType(value ?? 'all');
            setPage(1);
          }}
          w={180}
        />
        {sources.data && (
          <Text size="sm" c="dimmed">
            {`${formatCount(sources.data.pagination.totalSources)} ${sources.data.pagination.totalSources === 1 ? 'source' : 'sources'}`}
          </Text>
        )}
      </Group>
      <ErrorAlert error={sources.error} title="The sources could not be loaded" />
      {sources.isPending && <Loading label="Loading sources" />}
      {sources.data && rows.length === 0 && (
        <EmptyState title={type === 'all' ? 'No sources yet' : `No ${TYPE_LABELS[type as SourceType]} sources`}>
          {type === 'all'
            ? 'Add text, a Q&A, a file or a website above: the agent answers from them.'
            : 'Choose another type, or All.'}
        </EmptyState>
      )}
      {rows.length > 0 && (
        <Table.ScrollContainer minWidth={640}>
          <Table striped highlightOnHover verticalSpacing="xs" style={{ opacity: sources.isPlaceholderData ? 0.6 : 1 }}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Title</Table.Th>
                <Table.Th>Type</Table.Th>
                <Table.Th>Size / URL</Table.Th>
                <Table.Th>Created</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((source) => (
                <Table.Tr key={source.id}>
                  <Table.Td style={{ maxWidth: 320 }}>
                    <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                      {source.title}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <StatusBadge color="gray">{TYPE_LABELS[source.type]}</StatusBadge>
                  </Table.Td>
                  <Table.Td style={{ maxWidth: 280 }}>
                    <Text size="sm" component="div">
                      <SourceDetail source={source} />
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                      {formatDate(source.createdAt)}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    <Button
                      variant="subtle"
                      size="xs"
                      aria-label={`View ${source.title}`}
                      onClick={() => setViewing(source)}
                    >
                      View
                    </Button>
                    <Button
                      variant="subtle"
                      color="red"
                      size="xs"
                      aria-label={`Delete ${source.title}`}
                      onClick={() => {
                        setToDelete(source);
                        setConfirming(true);
                      }}
                    >
                      Delete
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {sources.data && sources.data.pagination.totalPages > 1 && (
        <Pagination
          total={sources.data.pagination.totalPages}
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
      <SourceViewer agentId={agentId} source={viewing} onClose={() => setViewing(null)} />
      <ConfirmModal
        confirmLabel="Delete"
        errorTitle="It was not deleted"
        opened={confirming}
        title="Delete source"
        action={remove}
        onConfirm={() => toDelete && remove.mutate(toDelete)}
        onClose={() => setConfirming(false)}
      >
        {`Delete “${toDelete?.title ?? ''}”? Its passages leave the agent’s knowledge and its storage is freed.`}
      </ConfirmModal>
    </Stack>
  );
}
