// The script tag to paste into a website, and how a site with signed-in users keeps each user's
// conversation across devices (identity verification), with the agent's identity secret when the
// server has just shown it.
import { Alert, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { widgetSnippet } from './snippet.ts';

function CopyText({ value, label }: { value: string; label: string }) {
  return (
    <CopyButton value={value} timeout={2000}>
      {({ copied, copy }) => (
        <Button size="xs" variant="light" color={copied ? 'teal' : undefined} onClick={copy} aria-label={label}>
          {copied ? 'Copied' : 'Copy'}
        </Button>
      )}
    </CopyButton>
  );
}

export function WidgetSnippet({
  agentId,
  secret,
  identitySecret,
}: {
  agentId: string;
  secret: string;
  identitySecret: string | null;
}) {
  const snippet = widgetSnippet(agentId, secret);
  return (
    <Stack gap="sm">
      <Text size="sm">
        Paste this tag into your site’s pages, just before <Code>&lt;/body&gt;</Code>. It shows a chat button; each
        visitor’s conversation is kept in their browser across pages and reloads.
      </Text>
      <Code block data-testid="widget-snippet" style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
        {snippet}
      </Code>
      <Group justify="flex-end">
        <CopyText value={snippet} label="Copy the snippet" />
      </Group>
      <Text size="sm" fw={600}>
        Signed-in users (identity verification)
      </Text>
      <Text size="sm">
        So that a signed-in user’s conversation follows them across devices, add <Code>data-user-id</Code> (your id for
        the user) and <Code>data-user-hash</Code>, the hex HMAC-SHA256 of that id with this agent’s identity secret,
        computed on your server, never in the browser:{' '}
        <Code>{"createHmac('sha256', IDENTITY_SECRET).update(userId).digest('hex')"}</Code>. An id without a valid hash
        reads and continues nothing.
      </Text>
      {identitySecret ? (
        <Alert color="yellow" variant="light" title="This agent’s identity secret">
          <Stack gap="xs">
            <Text size="sm">
              Keep it on your server. It is shown with each new widget key of this agent and kept nowhere in this
              console.
            </Text>
            <Code block data-testid="widget-identity-secret" style={{ wordBreak: 'break-all' }}>
              {identitySecret}
            </Code>
            <Group justify="flex-end">
              <CopyText value={identitySecret} label="Copy the identity secret" />
            </Group>
          </Stack>
        </Alert>
      ) : (
        <Text size="sm" c="dimmed">
          The identity secret is shown when a widget key is made, and is the same for every widget key of this agent.
        </Text>
      )}
    </Stack>
  );
}
