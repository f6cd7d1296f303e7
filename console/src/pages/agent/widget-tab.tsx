// Put the agent on a website: make a publishable key for it, copy the snippet, and try the widget
// right here. The snippet and preview need the key itself, which the server shows only when it is
// made, so this browser remembers the last one made here (see remembered-key.ts).
import { useState } from 'react';
import { SimpleGrid, Stack, Text } from '@mantine/core';
import type { ApiKey, CreatedKey } from '../../api/account-types.ts';
import { notifySuccess } from '../../components/account/notify.ts';
import type { Agent } from '../../api/types.ts';
import { ErrorAlert, Loading } from '../../components/feedback.tsx';
import { Section } from '../../components/agent/section.tsx';
import { useKeys } from '../../components/account/key-queries.ts';
import { NewWidgetKeyForm } from './widget/new-widget-key-form.tsx';
import { WidgetSnippet } from './widget/widget-snippet.tsx';
import { WidgetPreview } from './widget/widget-preview.tsx';
import { WidgetKeys } from './widget/widget-keys.tsx';
import { rememberKey, rememberedKey, type RememberedKey } from './widget/remembered-key.ts';

export function WidgetTab({ agent }: { agent: Agent }) {
  const keys = useKeys();
  const [remembered, setRemembered] = useState<RememberedKey | null>(() => rememberedKey(agent.id));
  const [identitySecret, setIdentitySecret] = useState<string | null>(null);

  function created({ key, secret, identitySecret: shown }: CreatedKey) {
    const next = { keyId: key.id, secret };
    rememberKey(agent.id, next);
    setRemembered(next);
    setIdentitySecret(shown ?? null);
  }

  function reused(key: ApiKey) {
    notifySuccess(
      `“${key.name}” already works on these websites: its snippet and preview are below.`,
      'Nothing new was made',
    );
  }

  const agentKeys = (keys.data ?? []).filter(
    (key) => key.kind === 'publishable' && key.allowedAgentIds?.[0] === agent.id,
  );
  const current = remembered && agentKeys.find((key) => key.id === remembered.keyId && key.status === 'active');

  return (
    <Stack gap="lg">
      <Section
        title="Put this agent on a website"
        description="A widget key is a publishable key: it is meant to be seen in your pages’ source, works only for this agent, only from the websites listed, and only for chatting, feedback and each visitor’s own conversation."
      >
        <NewWidgetKeyForm
          agent={agent}
          accountKeys={keys.data ?? []}
          currentKeyId={current ? current.id : null}
          onCreated={created}
          onReused={reused}
        />
      </Section>
      {keys.isPending ? (
        <Loading />
      ) : keys.error ? (
        <ErrorAlert error={keys.error} title="The keys could not be loaded" />
      ) : current && remembered ? (
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
          <Section title="Snippet" description={`With the key “${current.name}”.`}>
            <WidgetSnippet agentId={agent.id} secret={remembered.secret} identitySecret={identitySecret} />
          </Section>
          <Section title="Live preview">
            <WidgetPreview
              agentId={agent.id}
              agentName={agent.name}
              secret={remembered.secret}
              origins={current.allowedOrigins ?? []}
            />
          </Section>
        </SimpleGrid>
      ) : (
        agentKeys.length > 0 && (
          <Text size="sm" c="dimmed">
            The snippet and the preview need the key itself, which is shown only when it is made: use the snippet you
            copied then, or make a new widget key here.
          </Text>
        )
      )}
      {!keys.isPending && !keys.error && (
        <Section title="Widget keys of this agent">
          <WidgetKeys keys={agentKeys} />
        </Section>
      )}
    </Stack>
  );
}
