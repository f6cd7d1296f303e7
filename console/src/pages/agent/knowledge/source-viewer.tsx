// The source viewer: what a source was extracted into, block by block, and the passages (chunks)
// it became, each with its heading and PDF page, a page at a time.
import { useState } from 'react';
import { Badge, Group, Modal, Paper, Stack, Tabs, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, seg } from '../../../api/client.ts';
import type { Source } from '../../../api/agent-types.ts';
import type { SourceChunks, SourceText } from '../../../api/insight-types.ts';
import { EmptyState, ErrorAlert, Loading } from '../../../components/feedback.tsx';
import { formatCount } from '../../../components/format.ts';
import { ListPagination } from '../../../components/account/list-pagination.tsx';
import { useAccountPath } from '../../../components/use-account.ts';
import { useAgentPath } from '../../../components/agent/use-agent-path.ts';
import { sourcesKey } from './use-knowledge-changed.ts';

// Blocks of text are short, chunks long: a page of each fits a screen or two.
const PAGE_SIZE = { text: 20, chunks: 5 };

function Place({ heading, page }: { heading: string | null; page: number | null }) {
  if (heading === null && page === null) return null;
  return (
    <Group gap={6}>
      {page !== null && (
        <Badge variant="light" size="sm">
          Page {page}
        </Badge>
      )}
      {heading !== null && (
        <Text size="xs" c="dimmed" fw={600} style={{ overflowWrap: 'anywhere' }}>
          {heading}
        </Text>
      )}
    </Group>
  );
}

function usePaged<T>(agentId: string, source: Source, view: 'text' | 'chunks', page: number) {
  const accountPath = useAccountPath();
  const agentPath = useAgentPath(agentId);
  return useQuery({
    queryKey: [...sourcesKey(accountPath(''), agentId), 'view', source.id, view, page],
    queryFn: () => api<T>('GET', agentPath(`/sources/${seg(source.id)}/${view}?page=${page}&size=${PAGE_SIZE[view]}`)),
    placeholderData: keepPreviousData,
  });
}

function ExtractedText({ agentId, source }: { agentId: string; source: Source }) {
  const [page, setPage] = useState(1);
  const text = usePaged<SourceText>(agentId, source, 'text', page);
  if (text.isPending) return <Loading label="Loading the text" />;
  if (text.error) return <ErrorAlert error={text.error} title="The text could not be loaded" />;
  const { sections, pagination, stored } = text.data;
  return (
    <Stack gap="xs" data-testid="source-text">
      <Text size="sm" c="dimmed">
        {`${formatCount(pagination.totalSections)} ${pagination.totalSections === 1 ? 'block' : 'blocks'} of text, in reading order.`}
        {!stored && ' Added before extracted text was kept: its chunks show what was indexed.'}
      </Text>
      {sections.length === 0 && <EmptyState title="No text kept">See the chunks.</EmptyState>}
      {sections.map((section) => (
        <Stack key={section.ordinal} gap={2}>
          <Place heading={section.heading} page={section.page} />
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {section.text}
          </Text>
        </Stack>
      ))}
      <ListPagination pagination={pagination} onChange={setPage} />
    </Stack>
  );
}

function Chunks({ agentId, source }: { agentId: string; source: Source }) {
  const [page, setPage] = useState(1);
  const chunks = usePaged<SourceChunks>(agentId, source, 'chunks', page);
  if (chunks.isPending) return <Loading label="Loading the chunks" />;
  if (chunks.error) return <ErrorAlert error={chunks.error} title="The chunks could not be loaded" />;
  const { pagination } = chunks.data;
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        {`${formatCount(pagination.totalChunks)} ${pagination.totalChunks === 1 ? 'chunk' : 'chunks'}: the passages search finds and returns.`}
      </Text>
      {chunks.data.chunks.map((chunk) => (
        <Paper key={chunk.ordinal} withBorder p="xs" radius="sm" data-testid="source-chunk">
          <Group justify="space-between" gap="xs" mb={4}>
            <Text size="xs" fw={700}>
              Chunk {chunk.ordinal + 1}
            </Text>
            <Place heading={chunk.heading} page={chunk.page} />
          </Group>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {chunk.content}
          </Text>
        </Paper>
      ))}
      <ListPagination pagination={pagination} onChange={setPage} />
    </Stack>
  );
}

/** A modal over the sources table; `source` null keeps it closed. */
export function SourceViewer({
  agentId,
  source,
  onClose,
}: {
  agentId: string;
  source: Source | null;
  onClose: () => void;
}) {
  return (
    <Modal opened={source !== null} onClose={onClose} title={source ? `Source: ${source.title}` : ''} size="xl">
      {source && (
        <Tabs defaultValue="text" keepMounted={false}>
          <Tabs.List mb="sm">
            <Tabs.Tab value="text">Extracted text</Tabs.Tab>
            <Tabs.Tab value="chunks">Chunks</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="text">
            <ExtractedText agentId={agentId} source={source} />
          </Tabs.Panel>
          <Tabs.Panel value="chunks">
            <Chunks agentId={agentId} source={source} />
          </Tabs.Panel>
        </Tabs>
      )}
    </Modal>
  );
}
