// The widget running inside the console: a frame whose page (srcdoc) loads the real /widget.js
// with the real key. A srcdoc frame has the console's origin and inherits its Content-Security-
// Policy (default-src 'self'), which allows the script and its calls to this same server; so the
// key must allow the console's origin, and the preview is a real visitor whose chats are charged.
import { useState } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { SERVER_ORIGIN, previewPage } from './snippet.ts';

export interface WidgetPreviewProps {
  agentId: string;
  agentName: string;
  secret: string;
  origins: string[];
}

export function WidgetPreview({ agentId, agentName, secret, origins }: WidgetPreviewProps) {
  const [run, setRun] = useState(0);

  if (!origins.includes(SERVER_ORIGIN)) {
    return (
      <Alert color="gray" variant="light">
        This key does not allow this console’s origin ({SERVER_ORIGIN}), so the widget cannot run here. Make a widget
        key with “Also allow this console” ticked to preview it.
      </Alert>
    );
  }

  function restart() {
    // The widget keeps its anonymous visitor under this name (widget/widget.js): without it, the
    // preview starts as a new visitor with an empty conversation.
    localStorage.removeItem(`colloquy-visitor:${agentId}`);
    setRun((count) => count + 1);
  }

  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap">
        <Text size="sm" c="dimmed">
          Open the chat button at the bottom right. Chats here are real: charged, moderated and listed under
          Conversations.
        </Text>
        <Button size="xs" variant="default" onClick={restart}>
          Restart as a new visitor
        </Button>
      </Group>
      <iframe
        key={run}
        title="Widget preview"
        srcDoc={previewPage(agentId, secret, agentName)}
        style={{
          width: '100%',
          height: 640,
          border: '1px solid var(--mantine-color-default-border)',
          borderRadius: 'var(--mantine-radius-md)',
          background: '#f8fafc',
        }}
      />
    </Stack>
  );
}
