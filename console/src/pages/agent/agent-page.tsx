// One agent: its settings, knowledge, crawled websites, playground, conversations, insights, tests and website widget as tabs (/a/:accountId/agents/:agentId/:tab).
import { Anchor, Breadcrumbs, Tabs } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router';
import { ErrorAlert, Loading, PageTitle } from '../../components/feedback.tsx';
import { useAccount } from '../../components/use-account.ts';
import { useAgent } from '../../components/agent/agent-query.ts';
import { SettingsTab } from './settings-tab.tsx';
import { KnowledgeTab } from './knowledge-tab.tsx';
import { PlaygroundTab } from './playground-tab.tsx';
import { ConversationsTab } from './conversations-tab.tsx';
import { WidgetTab } from './widget-tab.tsx';
import { InsightsTab } from './insights-tab.tsx';
import { SitesTab } from './sites-tab.tsx';
import { TestsTab } from './tests-tab.tsx';

const TABS = ['settings', 'knowledge', 'sites', 'playground', 'conversations', 'insights', 'tests', 'widget'] as const;

export function AgentPage() {
  const { agentId = '', tab = 'settings' } = useParams();
  const { accountId } = useAccount();
  const navigate = useNavigate();
  const agent = useAgent(agentId);
  const base = `/a/${encodeURIComponent(accountId)}/agents`;

  if (agent.isPending) return <Loading />;
  if (agent.error) return <ErrorAlert error={agent.error} title="This agent could not be loaded" />;
  return (
    <>
      <Breadcrumbs mb="xs">
        <Anchor component={Link} to={base}>
          Agents
        </Anchor>
        <span>{agent.data.name}</span>
      </Breadcrumbs>
      <PageTitle>{agent.data.name}</PageTitle>
      <Tabs
        value={(TABS as readonly string[]).includes(tab) ? tab : 'settings'}
        onChange={(value) => value && navigate(`${base}/${encodeURIComponent(agentId)}/${value}`)}
        keepMounted={false}
        styles={{ tab: { flexShrink: 0 } }}
      >
        {/* One row that scrolls sideways on a phone, rather than eight tabs wrapped onto three rows. */}
        <Tabs.List
          mb="md"
          style={{ flexWrap: 'nowrap', overflowX: 'auto', overflowY: 'hidden', scrollbarWidth: 'thin' }}
        >
          <Tabs.Tab value="settings">Settings</Tabs.Tab>
          <Tabs.Tab value="knowledge">Knowledge</Tabs.Tab>
          <Tabs.Tab value="sites">Websites</Tabs.Tab>
          <Tabs.Tab value="playground">Playground</Tabs.Tab>
          <Tabs.Tab value="conversations">Conversations</Tabs.Tab>
          <Tabs.Tab value="insights">Insights</Tabs.Tab>
          <Tabs.Tab value="tests">Tests</Tabs.Tab>
          <Tabs.Tab value="widget">Widget</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="settings">
          <SettingsTab agent={agent.data} />
        </Tabs.Panel>
        <Tabs.Panel value="knowledge">
          <KnowledgeTab agent={agent.data} />
        </Tabs.Panel>
        <Tabs.Panel value="sites">
          <SitesTab agent={agent.data} />
        </Tabs.Panel>
        <Tabs.Panel value="playground">
          <PlaygroundTab agent={agent.data} />
        </Tabs.Panel>
        <Tabs.Panel value="conversations">
          <ConversationsTab agent={agent.data} />
        </Tabs.Panel>
        <Tabs.Panel value="insights">
          <InsightsTab agent={agent.data} />
        </Tabs.Panel>
        <Tabs.Panel value="tests">
          <TestsTab agent={agent.data} />
        </Tabs.Panel>
        <Tabs.Panel value="widget">
          <WidgetTab agent={agent.data} />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
