// The agent's crawled sites: each crawl is remembered as a site that can be re-synced now or on a
// schedule (docs/knowledge-sync.md).
import { Table, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import type { Agent } from '../../api/types.ts';
import type { Site } from '../../api/site-types.ts';
import { Section } from '../../components/agent/section.tsx';
import { EmptyState, ErrorAlert, Loading } from '../../components/feedback.tsx';
import { useAccountPath } from '../../components/use-account.ts';
import { useAgentPath } from '../../components/agent/use-agent-path.ts';
import { SiteRow } from './sites/site-row.tsx';

export function SitesTab({ agent }: { agent: Agent }) {
  const accountPath = useAccountPath();
  const agentPath = useAgentPath(agent.id);
  const key = ['sites', accountPath(''), agent.id] as const;
  const sites = useQuery({ queryKey: key, queryFn: () => api<{ sites: Site[] }>('GET', agentPath('/sites')) });
  return (
    <Section
      title="Websites"
      description="Each crawl is remembered as a site. A re-sync asks for every page again (unchanged pages cost a 304), re-indexes changed pages, removes pages that are gone (404/410), adds new ones, and keeps a page whose site fails to answer."
    >
      <ErrorAlert error={sites.error} title="The sites could not be loaded" />
      {sites.isPending && <Loading label="Loading sites" />}
      {sites.data && sites.data.sites.length === 0 && (
        <EmptyState title="No websites yet">
          Crawl a website on the Knowledge tab: it appears here to be re-synced.
        </EmptyState>
      )}
      {sites.data && sites.data.sites.length > 0 && (
        <Table.ScrollContainer minWidth={760}>
          <Table verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Site</Table.Th>
                <Table.Th>Last re-sync</Table.Th>
                <Table.Th>Schedule</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {sites.data.sites.map((site) => (
                <SiteRow key={site.id} site={site} sitesKey={key} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Section>
  );
}
