// The agent's knowledge: storage, the four ways to add a source, the source list, and a search to
// check what a chat would retrieve.
import { SimpleGrid, Stack } from '@mantine/core';
import type { Agent } from '../../api/types.ts';
import { Section } from '../../components/agent/section.tsx';
import { StorageMeter } from './knowledge/storage-meter.tsx';
import { AddTextForm } from './knowledge/add-text-form.tsx';
import { AddQaForm } from './knowledge/add-qa-form.tsx';
import { UploadForm } from './knowledge/upload-form.tsx';
import { CrawlForm } from './knowledge/crawl-form.tsx';
import { SourcesTable } from './knowledge/sources-table.tsx';
import { SearchPanel } from './knowledge/search-panel.tsx';

export function KnowledgeTab({ agent }: { agent: Agent }) {
  return (
    <Stack gap="lg">
      <StorageMeter storage={agent.storage} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Section title="Text" order={4}>
          <AddTextForm agentId={agent.id} />
        </Section>
        <Section title="Question and answer" order={4}>
          <AddQaForm agentId={agent.id} />
        </Section>
        <Section title="File" order={4}>
          <UploadForm agentId={agent.id} />
        </Section>
        <Section title="Website" order={4}>
          <CrawlForm agentId={agent.id} />
        </Section>
      </SimpleGrid>
      <Section title="Sources">
        <SourcesTable agentId={agent.id} />
      </Section>
      <Section
        title="Search"
        description="The passages a chat would be given for this question, scored from 0 to 1. Each search costs 0.2 credits."
      >
        <SearchPanel agentId={agent.id} />
      </Section>
    </Stack>
  );
}
