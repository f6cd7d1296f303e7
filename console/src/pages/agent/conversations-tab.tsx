// The agent's stored conversations: a list, and the chosen one's messages with their tool calls
// and feedback. The chosen conversation is in the URL (?conversation=…), so it can be linked.
import { useEffect, useRef } from 'react';
import { Grid } from '@mantine/core';
import { useSearchParams } from 'react-router';
import type { Agent } from '../../api/types.ts';
import { EmptyState } from '../../components/feedback.tsx';
import { Section } from '../../components/agent/section.tsx';
import { ConversationList } from './conversations/conversation-list.tsx';
import { ConversationMessages } from './conversations/conversation-messages.tsx';

export function ConversationsTab({ agent }: { agent: Agent }) {
  const [params, setParams] = useSearchParams();
  const selected = params.get('conversation');
  const messagesPanel = useRef<HTMLDivElement>(null);

  // One column on phones: bring the chosen conversation's messages into view below the list.
  useEffect(() => {
    if (selected && window.matchMedia('(max-width: 62em)').matches)
      messagesPanel.current?.scrollIntoView({ block: 'start' });
  }, [selected]);

  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Section title="Conversations">
          <ConversationList agentId={agent.id} selected={selected} onSelect={(id) => setParams({ conversation: id })} />
        </Section>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 8 }} ref={messagesPanel}>
        <Section title="Messages">
          {selected ? (
            <ConversationMessages
              key={selected}
              agentId={agent.id}
              conversationId={selected}
              onDeleted={() => setParams({})}
            />
          ) : (
            <EmptyState title="No conversation chosen">Choose a conversation to read its messages.</EmptyState>
          )}
        </Section>
      </Grid.Col>
    </Grid>
  );
}
